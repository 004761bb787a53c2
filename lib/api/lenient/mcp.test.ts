import { describe, expect, it } from "vitest";
import { McpServer, McpServerDeletedAny, McpServerList } from "./mcp";

/** The dashboard reads MCP records leniently: the document's shape, the older spec-style one, degrading per item. */

const base = {
  id: "mcp_1",
  name: "Docs",
  url: "https://mcp.example/mcp",
  enabled: true,
  scope: "user",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-02T00:00:00Z",
};

describe("MCP records", () => {
  it("reads the document's record: oauth config (secret only as a flag), bearer, custom headers, none", () => {
    const oauth = McpServer.parse({
      ...base,
      description: "d",
      userId: "u1",
      auth: {
        type: "oauth",
        connected: true,
        expiresAt: "2099-01-01T00:00:00Z",
        config: {
          authorizationUrl: "https://a/x",
          tokenUrl: "https://a/t",
          clientId: "c",
          clientSecret: "••••••",
          scopes: ["s"],
          usePKCE: true,
        },
      },
    });
    expect(oauth.auth).toEqual({ type: "oauth", connected: true, expiresAt: "2099-01-01T00:00:00Z" });
    expect(oauth.oauthConfig).toEqual({
      authorizationUrl: "https://a/x",
      tokenUrl: "https://a/t",
      clientId: "c",
      scopes: ["s"],
      usePKCE: true,
      hasClientSecret: true,
    });
    expect(JSON.stringify(oauth)).not.toContain("••••••");
    expect(McpServer.parse({ ...base, auth: { type: "bearer", token: "••••••" } }).auth).toEqual({
      type: "bearer",
      connected: true,
    });
    expect(McpServer.parse({ ...base, auth: { type: "custom-headers", headers: { "X-Key": "••••••" } } }).auth).toEqual(
      {
        type: "custom-headers",
        connected: true,
        headerNames: ["X-Key"],
      },
    );
    expect(McpServer.parse({ ...base, auth: { type: "none" } }).auth).toEqual({ type: "none", connected: true });
  });

  it("reads the older shape: auth {type, connected, error} and a top-level oauthConfig with hasClientSecret", () => {
    const old = McpServer.parse({
      ...base,
      auth: { type: "oauth", connected: false, error: "invalid_grant" },
      oauthConfig: {
        authorizationUrl: "https://a/x",
        tokenUrl: "https://a/t",
        scopes: [],
        usePKCE: false,
        hasClientSecret: false,
      },
    });
    expect(old.auth).toEqual({ type: "oauth", connected: false, error: "invalid_grant" });
    expect(old.oauthConfig).toEqual({
      authorizationUrl: "https://a/x",
      tokenUrl: "https://a/t",
      scopes: [],
      usePKCE: false,
      hasClientSecret: false,
    });
  });

  it("lists: a bare array, {items} or {data}; an item that is not a record is dropped, the rest shown", () => {
    expect(
      McpServerList.parse([{ ...base, auth: { type: "none" } }, "junk", { name: "no id" }]).items.map((s) => s.id),
    ).toEqual(["mcp_1"]);
    expect(McpServerList.parse({ items: [{ ...base, auth: { type: "oauth", connected: false } }] }).items).toHaveLength(
      1,
    );
    expect(
      McpServerList.parse({ data: [{ ...base, object: "mcp_server", auth: { type: "oauth" } }] }).items[0]!.auth
        .connected,
    ).toBe(false);
    expect(McpServerList.safeParse({ nope: true }).success).toBe(false);
  });

  it("delete answers: {success: true} or {id, deleted: true}", () => {
    expect(McpServerDeletedAny.safeParse({ success: true }).success).toBe(true);
    expect(McpServerDeletedAny.safeParse({ id: "mcp_1", deleted: true }).success).toBe(true);
  });
});
