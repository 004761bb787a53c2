import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { BASE, serviceForFile } from "../test-support";
import { callAs, threePeople, type TestPerson } from "./test-people";

/**
 * The remote MCP endpoint's tokens carry the person who consented (docs/people.md): its tool calls act as them,
 * with their role; a person disabled since answers 401; a grant from before people existed (its subject the
 * dashboard's account name) acts as the first admin.
 */

const svc = serviceForFile();
const RESOURCE = `${BASE}/mcp`;
const REDIRECT = "http://127.0.0.1:8765/callback";
let member: TestPerson;
let viewer: TestPerson;

beforeAll(async () => {
  ({ member, viewer } = await threePeople(svc));
});

const form = async (path: string, body: Record<string, string>) =>
  (
    await svc.handle(
      new Request(`${BASE}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      }),
    )
  ).json() as Promise<Record<string, string>>;

/** A client registered, approved on the authorize page by `subject`, and its access token. */
async function tokenOf(subject: string): Promise<string> {
  const registered = await svc.handle(
    new Request(`${BASE}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Test client", redirect_uris: [REDIRECT] }),
    }),
  );
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const decided = await svc.remoteMcp.decide(
    {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: RESOURCE,
      state: "s",
    },
    true,
    subject,
  );
  if (!("redirectTo" in decided)) throw new Error(JSON.stringify(decided));
  const code = new URL(decided.redirectTo).searchParams.get("code")!;
  const tokens = await form("/oauth/token", {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    resource: RESOURCE,
  });
  return tokens.access_token!;
}

/** A tool call through {mcp_url}: the HTTP status and the tool's result. */
async function callTool(token: string, name: string, args: Record<string, unknown>) {
  const res = await svc.handle(
    new Request(RESOURCE, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    }),
  );
  if (res.status !== 200) return { status: res.status, result: null };
  const body = (await res.json()) as {
    result: { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown> };
  };
  return { status: res.status, result: body.result };
}

describe("the remote MCP endpoint acts as the person who consented", () => {
  test("a member's token makes chats authored by them; a viewer's token is refused writes with the role named", async () => {
    const made = await callTool(await tokenOf(member.id), "create_chat", { message: "A notes app /fast" });
    expect(made.result?.isError).toBeFalsy();
    const chat = (made.result!.structuredContent as { chat: { id: string; authorId: string } }).chat;
    expect(chat.authorId).toBe(member.id);
    const messages = await callAs(svc, { actingAs: member.id }, "GET", `/v2/chats/${chat.id}/messages`);
    const user = (messages.body as { messages: { role: string; authorId: string | null }[] }).messages.find(
      (m) => m.role === "user",
    );
    expect(user?.authorId).toBe(member.id);

    const viewerToken = await tokenOf(viewer.id);
    const refused = await callTool(viewerToken, "create_chat", { message: "A todo app /fast" });
    expect(refused.result?.isError).toBe(true);
    expect(refused.result!.content[0]!.text).toContain("This needs the member role; you are a viewer.");
    // The member's chat is private (the default): its author's alone; shared with the team, the viewer reads it.
    expect((await callTool(viewerToken, "get_chat", { chatId: chat.id })).result?.isError).toBe(true);
    await callAs(svc, { actingAs: member.id }, "PATCH", `/v2/chats/${chat.id}`, { privacy: "team" });
    const read = await callTool(viewerToken, "get_chat", { chatId: chat.id });
    expect(read.result?.isError).toBeFalsy();
  });

  test("a person disabled since the consent: their token answers 401; enabled again, it works", async () => {
    const token = await tokenOf(member.id);
    expect((await callTool(token, "list_chats", {})).status).toBe(200);
    await callAs(svc, {}, "PATCH", `/v2/team/members/${member.id}`, { disabled: true });
    const refused = await callTool(token, "list_chats", {});
    expect(refused.status).toBe(401);
    await callAs(svc, {}, "PATCH", `/v2/team/members/${member.id}`, { disabled: false });
    expect((await callTool(token, "list_chats", {})).status).toBe(200);
  });

  test("a grant from before people existed (the dashboard's account name as subject) acts as the first admin", async () => {
    const made = await callTool(await tokenOf("admin"), "create_chat", { message: "A blog /fast" });
    expect((made.result!.structuredContent as { chat: { authorId: string } }).chat.authorId).toBe("user_embedded");
  });
});
