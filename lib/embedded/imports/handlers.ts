import "server-only";
import type { ChatWithUsage } from "@/lib/api";
import { gitAuthFor } from "../git/credentials";
import { createImportedChat } from "../git/import";
import { branchHead, listBranches, readBranch } from "../git/remote";
import { importRefused } from "./limits";
import { downloadZip, unzipFiles } from "./zip";
import { json } from "../http/respond";
import type { ChatRow } from "../store";
import { toChat } from "../chats/views";
import { mayWrite } from "../chats/access";
import type { Caller } from "../people/types";
import { ZERO_USAGE } from "../messages/views";
import type { Handler, HandlerTablePart } from "../http/context";

/** A new chat is its importer's (they may write it unless they are a viewer, who cannot import). */
const answer = (chat: ChatRow, caller: Caller) =>
  json({ chat: toChat(chat, mayWrite(caller, chat)), usage: ZERO_USAGE } satisfies ChatWithUsage);

/** The last segment of a URL's path without `.git` or `.zip` ("https://h/o/app.git" → "app"). */
const nameOf = (url: string) =>
  decodeURIComponent(new URL(url).pathname.replace(/\/+$/, "").split("/").pop() ?? "").replace(/\.(git|zip)$/i, "") ||
  new URL(url).host;

/**
 * POST /v2/chats/from-zip (the document's chats.createFromZip): a new chat of a zip archive's files, fetched from
 * `url` (through the private-address rule, capped in size and time). The import limits (imports/limits.ts) → 422
 * saying which; nothing stored then. `chat.created` fires.
 */
const createFromZip: Handler<"v2.chats.fromZip"> = async ({ db, events, body, caller }) => {
  const files = unzipFiles(await downloadZip(body.url), body.url);
  const chat = await createImportedChat(db, events, {
    files,
    title: body.title ?? `Imported ${nameOf(body.url)}`,
    privacy: body.privacy,
    metadata: body.metadata,
    authorId: caller.personId,
  });
  return answer(chat, caller);
};

/**
 * POST /v2/chats/from-repo (the document's chats.createFromRepo): a shallow clone of `repo.branch` (default: the
 * repository's default branch) of any Git server over smart HTTP, with the credential of the URL's host. The files
 * become the chat's first version and the repository its remote (`GET …/git`). 422 saying why otherwise.
 */
const createFromRepo: Handler<"v2.chats.fromRepo"> = async ({ db, events, secrets, body, caller }) => {
  const { url } = body.repo;
  const auth = await gitAuthFor(db, secrets, url);
  const remote = await listBranches(url, auth);
  const branch = body.repo.branch ?? remote.defaultBranch;
  if (!branch) throw importRefused(`${url} is an empty repository: it has no branch to import`);
  branchHead(remote, url, branch);
  const { commit, files } = await readBranch(url, branch, auth);
  const chat = await createImportedChat(db, events, {
    files,
    title: body.title ?? `${nameOf(url)} (${branch})`,
    privacy: body.privacy,
    metadata: body.metadata,
    remote: { url, branch, commit },
    authorId: caller.personId,
  });
  return answer(chat, caller);
};

/** The routes of lib/api/routes.ts this file answers. */
export const importHandlers = {
  "v2.chats.fromZip": createFromZip,
  "v2.chats.fromRepo": createFromRepo,
} satisfies HandlerTablePart;
