import "server-only";
import type { AuditLogPage, Me } from "@/lib/api";
import { HttpError } from "../errors";
import type { Handler, HandlerTablePart } from "../http/context";
import { readLimit, readPageQuery, toPage } from "../http/pagination";
import { json } from "../http/respond";
import { auditEntryView } from "./audit";
import type { PeopleContext } from "./context";
import { createInvitation, listInvitations, revokeInvitation } from "./invitations";
import { createKey, deleteKey, listKeys, rotateKey } from "./keys";
import { createMember, deleteMember, listMembers, liveMember, transferChats, updateMember } from "./members";
import * as store from "./store";
import { memberView } from "./views";

/**
 * The people routes (docs/people.md; our extension, wire-decisions.md "People"). The router resolved the caller and
 * checked each route's minimum role before these run.
 */

const me: Handler<"v2.team.me"> = async ({ people, caller }) => {
  const { id, email, name, role } = memberView(await liveMember(people, caller.personId));
  return json({ id, email, name, role } satisfies Me);
};

// ----- members -----

const listMembersHandler: Handler<"v2.team.members.list"> = async ({ people }) =>
  json({ members: await listMembers(people) });

const createMemberHandler: Handler<"v2.team.members.create"> = async ({ people, caller, body }) =>
  json(await createMember(people, caller, body), 201);

const updateMemberHandler: Handler<"v2.team.members.update"> = async ({ people, caller, params, body }) =>
  json(await updateMember(people, caller, params.memberId, body));

const deleteMemberHandler: Handler<"v2.team.members.delete"> = async ({ people, caller, params }) => {
  await deleteMember(people, caller, params.memberId);
  return json({ id: params.memberId, deleted: true });
};

const transferChatsHandler: Handler<"v2.team.members.transferChats"> = async ({ people, caller, params, body }) =>
  json({ transferred: await transferChats(people, caller, params.memberId, body.toMemberId) });

// ----- invitations -----

const listInvitationsHandler: Handler<"v2.team.invitations.list"> = async ({ people }) =>
  json({ invitations: await listInvitations(people) });

const createInvitationHandler: Handler<"v2.team.invitations.create"> = async ({ people, caller, body }) =>
  json(await createInvitation(people, caller, body), 201);

const deleteInvitationHandler: Handler<"v2.team.invitations.delete"> = async ({ people, caller, params }) => {
  await revokeInvitation(people, caller, params.invitationId);
  return json({ id: params.invitationId, deleted: true });
};

// ----- API keys -----

const listKeysHandler: Handler<"v2.apiKeys.list"> = async ({ people, caller, url }) =>
  json({ apiKeys: await listKeys(people, caller, url.searchParams.get("memberId") || null) });

const createKeyHandler: Handler<"v2.apiKeys.create"> = async ({ people, caller, body }) =>
  json(await createKey(people, caller, body), 201);

const rotateKeyHandler: Handler<"v2.apiKeys.rotate"> = async ({ people, caller, params }) =>
  json(await rotateKey(people, caller, params.apiKeyId));

const deleteKeyHandler: Handler<"v2.apiKeys.delete"> = async ({ people, caller, params }) => {
  await deleteKey(people, caller, params.apiKeyId);
  return json({ id: params.apiKeyId, deleted: true });
};

// ----- audit log -----

/** GET /v2/audit-log?cursor&limit&action&actor, or `format=jsonl`: every entry kept as JSON lines (the export). */
const auditLogHandler: Handler<"v2.auditLog"> = async ({ people, url }) => {
  const q = url.searchParams;
  const filter = { action: q.get("action") || undefined, actor: q.get("actor") || undefined };
  const format = q.get("format") ?? "json";
  if (format === "jsonl") {
    readLimit(url); // a bad limit is refused here too, though the export has none
    return exportJsonLines(people, filter);
  }
  if (format !== "json") throw new HttpError(422, "format: must be json or jsonl", "validation_failed");
  const page = readPageQuery(url, "audit");
  const rows = await people.audit.page({ ...filter, limit: page.limit, beforeSeq: page.beforeSeq });
  const { items, cursor } = toPage(rows, page.limit, "audit");
  const names = await store.namesOf(
    people.db,
    items.flatMap((r) => (r.actor ? [r.actor] : [])),
  );
  return json({ entries: items.map((r) => auditEntryView(r, names)), cursor } satisfies AuditLogPage);
};

function exportJsonLines(people: PeopleContext, filter: store.AuditFilter): Response {
  const pages = people.audit.pages(filter);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      if (next.done) return controller.close();
      const names = await store.namesOf(
        people.db,
        next.value.flatMap((r) => (r.actor ? [r.actor] : [])),
      );
      controller.enqueue(
        encoder.encode(next.value.map((r) => `${JSON.stringify(auditEntryView(r, names))}\n`).join("")),
      );
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": 'attachment; filename="audit-log.jsonl"',
      "cache-control": "no-store",
    },
  });
}

/** The routes of lib/api/routes.ts the people feature answers. */
export const peopleHandlers = {
  "v2.team.me": me,
  "v2.team.members.list": listMembersHandler,
  "v2.team.members.create": createMemberHandler,
  "v2.team.members.update": updateMemberHandler,
  "v2.team.members.delete": deleteMemberHandler,
  "v2.team.members.transferChats": transferChatsHandler,
  "v2.team.invitations.list": listInvitationsHandler,
  "v2.team.invitations.create": createInvitationHandler,
  "v2.team.invitations.delete": deleteInvitationHandler,
  "v2.apiKeys.list": listKeysHandler,
  "v2.apiKeys.create": createKeyHandler,
  "v2.apiKeys.rotate": rotateKeyHandler,
  "v2.apiKeys.delete": deleteKeyHandler,
  "v2.auditLog": auditLogHandler,
} satisfies HandlerTablePart;
