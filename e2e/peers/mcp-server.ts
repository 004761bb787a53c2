import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";

/**
 * A real MCP server for tests (@modelcontextprotocol/sdk, Streamable HTTP, stateless), on a loopback port.
 * Every request needs `Authorization: Bearer <JWT access token>` issued by the OAuth peer for this server's URL
 * (signature checked against the provider's JWKS, `iss` = the issuer, `aud` = the server URL); without one it
 * answers 401 with `WWW-Authenticate: Bearer resource_metadata=…` (RFC 9728 metadata is served too).
 *
 * With `bearerToken` it instead accepts exactly that static token (a bearer-token server), and with
 * `requiredHeaders` exactly those header values (a custom-headers server); anything else is a 401.
 *
 * Tools: `add` {a, b} → the sum; `echo` {text} → the text; `whoami` {} → the token's subject, scope and expiry.
 *
 * With `explorer`, what the MCP explorer shows too: a tool with a richer input and an output schema (`create_issue`),
 * one answering an image and a resource link (`render_badge`), one answering an error result (`fail`), a resource
 * (`notes://readme`) and a prompt (`review_code`).
 */
interface McpServerOptions {
  port?: number;
  /** The OAuth peer's issuer and JWKS URL (JWT access tokens; unused with bearerToken or requiredHeaders). */
  issuer?: string;
  jwksUrl?: string;
  /** A static bearer token this server accepts (a bearer-token MCP server). */
  bearerToken?: string;
  /** Header values this server requires, e.g. `{ "x-api-key": "…" }` (a custom-headers MCP server). */
  requiredHeaders?: Record<string, string>;
  /** Path of the MCP endpoint; default "/mcp". */
  path?: string;
  /** Adds the explorer's tools, a resource and a prompt (see above). */
  explorer?: boolean;
}

/** A 32×32 checkerboard PNG (pink and indigo). */
const BADGE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAO0lEQVR42mN44zETjvzdnsIRtcQZRi0gaAEtDEUWH7WAsAWjyXQ0H4xaMJoPRvPBqAWj+WA0H4xaAEYAukKOW+6YxhsAAAAASUVORK5CYII=";
export const README_TEXT = "# Notes\n\nThe explorer reads this resource from the test MCP server.";

/** The explorer's extras (opts.explorer): tools with richer schemas, a resource and a prompt. */
function addExplorerExtras(mcp: McpServer, count: (name: string) => void): void {
  mcp.registerTool(
    "create_issue",
    {
      title: "Create issue",
      description: "Files an issue in the tracker.",
      inputSchema: {
        title: z.string().min(1).describe("What is wrong"),
        priority: z.enum(["low", "normal", "high"]).describe("How urgent it is"),
        estimate: z.number().int().min(1).max(10).optional().describe("Effort in days"),
        urgent: z.boolean().optional(),
      },
      outputSchema: { id: z.number(), title: z.string(), priority: z.string(), labels: z.array(z.string()) },
      annotations: { destructiveHint: false },
    },
    async ({ title, priority, urgent }) => {
      count("create_issue");
      const issue = { id: 42, title, priority, labels: urgent ? ["urgent"] : [] };
      return { content: [{ type: "text", text: `Created issue #42: ${title}` }], structuredContent: issue };
    },
  );
  mcp.registerTool(
    "render_badge",
    { title: "Render badge", description: "Draws a badge and links to the notes.", inputSchema: { label: z.string() } },
    async ({ label }) => {
      count("render_badge");
      return {
        content: [
          { type: "text", text: `Badge for ${label}` },
          { type: "image", data: BADGE_PNG, mimeType: "image/png" },
          { type: "resource_link", uri: "notes://readme", name: "readme", mimeType: "text/markdown" },
        ],
      };
    },
  );
  mcp.registerTool(
    "fail",
    { title: "Fail", description: "Always fails, saying why.", inputSchema: { reason: z.string() } },
    async ({ reason }) => {
      count("fail");
      return { content: [{ type: "text", text: `Failed: ${reason}` }], isError: true };
    },
  );
  mcp.registerResource(
    "readme",
    "notes://readme",
    { title: "Read me", description: "The notes' introduction.", mimeType: "text/markdown" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: README_TEXT }] }),
  );
  mcp.registerPrompt(
    "review_code",
    {
      title: "Review code",
      description: "Asks for a review of a piece of code.",
      argsSchema: { code: z.string(), language: z.string().optional() },
    },
    ({ code, language }) => ({
      description: "A code review request",
      messages: [{ role: "user", content: { type: "text", text: `Review this ${language ?? "code"}:\n${code}` } }],
    }),
  );
}

export interface McpServerPeer {
  /** The MCP endpoint URL (register this as the server's url and resource). */
  url: string;
  /** Calls answered per tool, and requests refused for a missing/invalid/expired token. */
  stats(): { calls: Record<string, number>; rejected: number; lastToken: JWTPayload | null; lastBearer: string | null };
  /**
   * Every access token accepted so far is refused from now on, as if its expiry had passed (a test that moves the
   * service's clock past the tokens' lifetime makes the resource server agree, without waiting).
   */
  expireTokens(): void;
  close(): Promise<void>;
}

export async function startMcpServer(opts: McpServerOptions): Promise<McpServerPeer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const path = opts.path ?? "/mcp";
  const url = `${origin}${path}`;
  const jwks = opts.jwksUrl ? createRemoteJWKSet(new URL(opts.jwksUrl)) : null;
  const calls: Record<string, number> = {};
  let rejected = 0;
  let lastToken: JWTPayload | null = null;
  let lastBearer: string | null = null;
  const accepted = new Set<string>();
  const expired = new Set<string>();

  const verify = async (req: IncomingMessage): Promise<JWTPayload | null> => {
    if (opts.requiredHeaders) {
      const ok = Object.entries(opts.requiredHeaders).every(
        ([name, value]) => req.headers[name.toLowerCase()] === value,
      );
      return ok ? { sub: "custom-headers" } : null;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    if (!match) return null;
    if (opts.bearerToken !== undefined) return match[1] === opts.bearerToken ? { sub: "static-bearer" } : null;
    if (!jwks || expired.has(match[1]!)) return null;
    try {
      const { payload } = await jwtVerify(match[1]!, jwks, { issuer: opts.issuer, audience: url });
      accepted.add(match[1]!);
      return payload;
    } catch {
      return null;
    }
  };

  const buildServer = (token: JWTPayload) => {
    const mcp = new McpServer({ name: "atelier-test-mcp", version: "1.0.0" });
    const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
    mcp.registerTool(
      "add",
      { title: "Add numbers", description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }) => {
        count("add");
        return { content: [{ type: "text", text: String(a + b) }], structuredContent: { sum: a + b } };
      },
    );
    mcp.registerTool(
      "echo",
      { title: "Echo", description: "Returns the text it was given.", inputSchema: { text: z.string() } },
      async ({ text }) => {
        count("echo");
        return { content: [{ type: "text", text }] };
      },
    );
    mcp.registerTool(
      "whoami",
      { title: "Who am I", description: "Tells who the access token was issued to.", inputSchema: {} },
      async () => {
        count("whoami");
        const info = { sub: token.sub, scope: token.scope, exp: token.exp };
        return { content: [{ type: "text", text: JSON.stringify(info) }], structuredContent: info };
      },
    );
    if (opts.explorer) addExplorerExtras(mcp, count);
    return mcp;
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const reqPath = new URL(req.url ?? "/", origin).pathname;
      if (
        reqPath === "/.well-known/oauth-protected-resource" ||
        reqPath === `/.well-known/oauth-protected-resource${path}`
      ) {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            resource: url,
            authorization_servers: opts.issuer ? [opts.issuer] : [],
            bearer_methods_supported: ["header"],
          }),
        );
        return;
      }
      if (reqPath !== path) {
        res.statusCode = 404;
        res.end("not found");
        return;
      }
      const token = await verify(req);
      if (!token) {
        rejected++;
        res.statusCode = 401;
        res.setHeader(
          "www-authenticate",
          `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource${path}"`,
        );
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: "invalid_token", error_description: "A valid bearer token is required." }));
        return;
      }
      lastToken = token;
      lastBearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? null;
      const mcp = buildServer(token);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res);
    })().catch((error: unknown) => {
      console.error("[mcp-peer] request failed", error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });

  return {
    url,
    stats: () => ({ calls: { ...calls }, rejected, lastToken, lastBearer }),
    expireTokens: () => {
      for (const token of accepted) expired.add(token);
      accepted.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
