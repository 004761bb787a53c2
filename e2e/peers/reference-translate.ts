import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { create as createPlain, type Delta } from "jsondiffpatch";
import { create as createWithTextDiffs } from "jsondiffpatch/with-text-diffs";

/**
 * The translations of the reference upstream peer (e2e/peers/reference-upstream.ts): the embedded service's answers
 * (shaped by the spec) into the shapes of the public OpenAPI document (openapi-v2.json, copied next to this file),
 * where the DOCUMENT wins; request bodies of the document into what the embedded service accepts; and validation of
 * both directions against the document's schemas with ajv. Pure functions, unit-tested in reference-upstream.test.ts.
 */

type Obj = Record<string, unknown>;
type Schema = Obj;

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_DOCUMENT = path.join(here, "reference", "openapi-v2.json");
/** The v1 document (its paths without the `/v1` prefix, as v2's without `/v2`). */
export const V1_DOCUMENT = path.join(here, "reference", "openapi-v1.json");

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------- the document and its schemas

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

/** Deep copy with every `#/components/...` reference made absolute to the registered document (`doc#/components/...`). */
function absoluteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absoluteRefs);
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value))
    out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `doc${v}` : absoluteRefs(v);
  return out;
}

export interface Operation {
  /** "METHOD /template" as the document writes it, e.g. "GET /chats/{chatId}". */
  key: string;
  method: string;
  template: string;
  params: Record<string, string>;
}

export interface SchemaViolation {
  at: string;
  method: string;
  path: string;
  operation: string | null;
  status?: number;
  /** For stream events: the event's `object`. */
  event?: string;
  errors: Array<Pick<ErrorObject, "instancePath" | "schemaPath" | "keyword" | "message" | "params">>;
  sample?: unknown;
}

/** The document: operations, their request and response schemas, and ajv validators (compiled once each). */
export class ReferenceDocument {
  readonly doc: Obj;
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly templates: Array<{
    method: string;
    template: string;
    re: RegExp;
    names: string[];
    literal: number;
  }> = [];

  constructor(file = process.env.REFERENCE_OPENAPI || DEFAULT_DOCUMENT) {
    this.doc = absoluteRefs(JSON.parse(readFileSync(file, "utf8"))) as Obj;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: "doc", components: this.doc.components }, "doc");
    for (const [template, item] of Object.entries(this.doc.paths as Obj)) {
      for (const method of Object.keys(item as Obj)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        const names: string[] = [];
        const re = new RegExp(
          "^" +
            template.replace(/\{([^}]+)\}|[^{]+/g, (m, name?: string) => {
              if (name) {
                names.push(name);
                return "([^/]+)";
              }
              return m.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
            }) +
            "/?$",
        );
        this.templates.push({
          method: method.toUpperCase(),
          template,
          re,
          names,
          literal: template.replace(/\{[^}]+\}/g, "").length,
        });
      }
    }
    // Literal segments win over parameters (`/messages/stream` before `/messages/{messageId}`).
    this.templates.sort((a, b) => b.literal - a.literal);
  }

  /** The document's operation for a method and a path without the `/v2` prefix, or null. */
  operation(method: string, pathname: string): Operation | null {
    for (const t of this.templates) {
      if (t.method !== method.toUpperCase()) continue;
      const m = t.re.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      t.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
      return { key: `${t.method} ${t.template}`, method: t.method, template: t.template, params };
    }
    return null;
  }

  private op(o: Operation): Obj {
    return ((this.doc.paths as Obj)[o.template] as Obj)[o.method.toLowerCase()] as Obj;
  }

  /** The query parameters the operation requires that `search` lacks (as a service that follows it refuses). */
  missingQuery(o: Operation, search: URLSearchParams): string[] {
    const item = (this.doc.paths as Obj)[o.template] as Obj;
    const params = [...((item.parameters as Obj[]) ?? []), ...((this.op(o).parameters as Obj[]) ?? [])];
    return params
      .filter((p) => p.in === "query" && p.required === true && !search.get(String(p.name)))
      .map((p) => String(p.name));
  }

  resolve(schema: Schema): Schema {
    let s = schema;
    for (let i = 0; i < 20 && typeof s.$ref === "string"; i++) {
      const ref = (s.$ref as string).replace(/^doc#\//, "");
      let at: unknown = this.doc;
      for (const seg of ref.split("/")) at = (at as Obj)[seg.replace(/~1/g, "/").replace(/~0/g, "~")];
      s = at as Schema;
    }
    return s;
  }

  /** A component schema by name (`Message`, `Chat`, …). */
  component(name: string): Schema {
    return ((this.doc.components as Obj).schemas as Obj)[name] as Schema;
  }

  requestSchema(o: Operation): Schema | null {
    const body = this.op(o).requestBody as Obj | undefined;
    const content = body?.content as Obj | undefined;
    return ((content?.["application/json"] as Obj | undefined)?.schema as Schema | undefined) ?? null;
  }

  /** The response schema for a status (or the first 2xx one); `stream` picks the text/event-stream one. */
  responseSchema(o: Operation, status: number, stream = false): Schema | null {
    const responses = (this.op(o).responses ?? {}) as Obj;
    const entry = (responses[String(status)] ??
      (status < 300 ? Object.entries(responses).find(([k]) => k.startsWith("2"))?.[1] : undefined)) as Obj | undefined;
    const content = entry?.content as Obj | undefined;
    const media = content?.[stream ? "text/event-stream" : "application/json"] as Obj | undefined;
    return (media?.schema as Schema | undefined) ?? null;
  }

  validator(schema: Schema): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      v = this.ajv.compile(schema);
      this.compiled.set(schema, v);
    }
    return v;
  }

  /** The ajv errors of a value against a schema; [] when it conforms. */
  errors(schema: Schema, value: unknown): SchemaViolation["errors"] {
    const v = this.validator(schema);
    if (v(value)) return [];
    return (v.errors ?? []).slice(0, 20).map(({ instancePath, schemaPath, keyword, message, params }) => ({
      instancePath,
      schemaPath,
      keyword,
      message,
      params,
    }));
  }

  /**
   * Prunes a value to a schema, as a deployment with `additionalProperties: false` sends it: unknown properties
   * are dropped (recursively), unions take the first branch the pruned value satisfies. Nothing is invented here;
   * defaults for required fields are the translators' business.
   */
  conform(value: unknown, schema: Schema): unknown {
    const s = this.resolve(schema);
    const union = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
    if (union) {
      for (const branch of union) {
        const candidate = this.conform(value, branch);
        if (this.validator(branch)(candidate)) return candidate;
      }
      return value;
    }
    if (Array.isArray(s.allOf)) return (s.allOf as Schema[]).reduce((v, part) => this.conform(v, part), value);
    if (Array.isArray(value))
      return s.items && isObj(s.items) ? value.map((item) => this.conform(item, s.items as Schema)) : value;
    if (!isObj(value) || !(isObj(s.properties) || s.type === "object")) return value;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const extra = s.additionalProperties;
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) {
      if (props[k]) out[k] = this.conform(v, props[k]);
      else if (extra === false) continue;
      else out[k] = isObj(extra) ? this.conform(v, extra) : v;
    }
    return out;
  }
}

// ---------------------------------------------------------------- answers: spec shapes → document shapes

const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };

/** `usage` without `model` (the document has none). Missing → zeros (the document requires usage on a message). */
function translateUsage(usage: unknown): Obj {
  const u = isObj(usage) ? usage : {};
  return {
    tokens: { ...ZERO, ...(isObj(u.tokens) ? u.tokens : {}) },
    creditsCost: { ...ZERO, ...(isObj(u.creditsCost) ? u.creditsCost : {}) },
  };
}

/** Chat: `hostProjectId` → `vercelProjectId`; nothing else added. */
export function translateChat(chat: unknown): unknown {
  if (!isObj(chat)) return chat;
  const { hostProjectId, ...rest } = chat;
  const out: Obj = { ...rest };
  if (typeof hostProjectId === "string" && out.vercelProjectId === undefined) out.vercelProjectId = hostProjectId;
  return out;
}

const humanize = (name: string) => name.replace(/[-_]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** A part in the document's shape: `toolDisplayName` goes (pruning), agent-action gets `summary` and the doc's `data`. */
export function translatePart(part: unknown): unknown {
  if (!isObj(part)) return part;
  if (part.type === "tool-call") {
    const out: Obj = { ...part };
    if (out.status !== "ok" && out.status !== "error") out.status = "ok"; // required by the document; pending calls too
    if (Array.isArray(out.suggestedPermissions))
      out.suggestedPermissions = out.suggestedPermissions.map((p) => (isObj(p) ? { ...p } : p));
    return out;
  }
  if (part.type === "agent-action") {
    const name = typeof part.name === "string" ? part.name : "action";
    const data = isObj(part.data) ? part.data : undefined;
    const out: Obj = { ...part, name };
    delete out.data;
    let summary = typeof part.summary === "string" ? part.summary : null;
    if (data && Array.isArray(data.requestedIntegrations)) {
      const requestedIntegrations = data.requestedIntegrations.filter((x): x is string => typeof x === "string");
      const requestedMcpPresets = Array.isArray(data.requestedMcpPresets)
        ? data.requestedMcpPresets.filter((x): x is string => typeof x === "string")
        : [];
      out.data = { requestedIntegrations, requestedMcpPresets };
      summary ??= `Requested ${[...requestedIntegrations, ...requestedMcpPresets].join(", ") || "integrations"}`;
    } else if (data && typeof data.plan === "string" && typeof data.path === "string") {
      out.data = {
        plan: data.plan,
        path: data.path,
        ...(typeof data.summary === "string" ? { summary: data.summary } : {}),
      };
    } else if (data && Array.isArray(data.questions)) {
      out.data = { questions: data.questions };
    }
    // Any other data (e.g. the embedded plan's `{steps}`) has no shape in the document: dropped.
    out.summary = summary ?? (typeof data?.summary === "string" ? data.summary : humanize(name));
    return out;
  }
  return { ...part };
}

const textOf = (parts: unknown[]) =>
  parts
    .filter((p): p is Obj => isObj(p) && p.type === "text" && typeof p.text === "string")
    .map((p) => p.text as string)
    .join("");

/** Message: parts translated, `restorable` and `authorId` defaulted, `usage` without model (zeros when missing). */
export function translateMessage(message: unknown): unknown {
  if (!isObj(message)) return message;
  const parts = Array.isArray(message.parts) ? message.parts.map(translatePart) : [];
  const finishReason = message.finishReason ?? null;
  return {
    ...message,
    updatedAt: message.updatedAt ?? message.createdAt,
    content: typeof message.content === "string" ? message.content : textOf(parts),
    parts,
    finishReason,
    restorable:
      typeof message.restorable === "boolean"
        ? message.restorable
        : message.role === "assistant" && finishReason !== null,
    authorId: typeof message.authorId === "string" || message.authorId === null ? message.authorId : null,
    usage: translateUsage(message.usage),
  };
}

/** MCP server record (spec: `auth {type, connected}` + `oauthConfig`, or already the document's) → the document's McpServer. */
export function translateMcpServer(server: unknown): unknown {
  if (!isObj(server)) return server;
  const { oauthConfig, auth, ...rest } = server;
  const a = isObj(auth) ? auth : {};
  let docAuth: Obj;
  if (a.type === "oauth") {
    docAuth = { type: "oauth", connected: a.connected === true };
    if (typeof a.expiresAt === "string") docAuth.expiresAt = a.expiresAt;
    // The spec's shape (`oauthConfig` beside `auth`) or, as the embedded service now sends it, the document's (`auth.config`).
    const c = isObj(oauthConfig) ? oauthConfig : isObj(a.config) ? a.config : null;
    if (c && typeof c.clientId === "string") {
      docAuth.config = {
        authorizationUrl: c.authorizationUrl,
        tokenUrl: c.tokenUrl,
        clientId: c.clientId,
        scopes: Array.isArray(c.scopes) ? c.scopes : [],
        usePKCE: c.usePKCE !== false,
        ...(typeof c.clientSecret === "string" ? { clientSecret: c.clientSecret } : {}),
        ...(typeof c.resource === "string" ? { resource: c.resource } : {}),
      };
    }
  } else if (a.type === "bearer" || a.type === "custom-headers") {
    docAuth = { ...a };
    delete docAuth.connected;
  } else {
    docAuth = { type: "none" };
  }
  return {
    ...rest,
    description: typeof rest.description === "string" ? rest.description : "",
    userId: typeof rest.userId === "string" ? rest.userId : "embedded-user",
    scope: rest.scope === "team" ? "team" : "user",
    auth: docAuth,
  };
}

const listOf = (body: unknown, ...keys: string[]): unknown[] | null => {
  if (Array.isArray(body)) return body;
  if (!isObj(body)) return null;
  for (const k of keys) if (Array.isArray(body[k])) return body[k] as unknown[];
  return null;
};

/**
 * The answer of a JSON operation in the document's shape, or `undefined` to pass the body through as it is.
 * `op` is the document's operation key ("GET /chats"); `params` its path parameters.
 */
export function translateAnswer(doc: ReferenceDocument, op: Operation, body: unknown): unknown {
  const translated = translateShape(op, body);
  const schema = doc.responseSchema(op, 200) ?? doc.responseSchema(op, 201) ?? doc.responseSchema(op, 202);
  return schema ? doc.conform(translated, schema) : translated;
}

function translateShape(op: Operation, body: unknown): unknown {
  switch (op.key) {
    case "GET /chats": {
      const chats = listOf(body, "chats", "items") ?? [];
      return {
        chats: chats.map(translateChat),
        cursor: isObj(body) && typeof body.cursor === "string" ? body.cursor : null,
      };
    }
    case "GET /chats/{chatId}":
    case "PATCH /chats/{chatId}":
    case "POST /chats/{chatId}/duplicate":
      return isObj(body) && isObj(body.chat) ? translateChat(body.chat) : translateChat(body);
    case "POST /chats":
    case "POST /chats/{chatId}/messages":
    case "POST /chats/{chatId}/messages/resolve":
      if (isObj(body) && isObj(body.chat))
        return { ...body, chat: translateChat(body.chat), usage: translateUsage(body.usage) };
      if (isObj(body) && body.role) return translateMessage(body);
      return body;
    case "DELETE /chats/{chatId}":
      return { chatId: op.params.chatId };
    case "POST /chats/async":
      return isObj(body) ? { chatId: body.chatId, messageId: body.messageId } : body;
    case "POST /chats/{chatId}/messages/async":
    case "POST /chats/{chatId}/messages/resolve/async":
      return isObj(body) ? { messageId: body.messageId } : body;
    case "GET /chats/{chatId}/messages": {
      const messages = listOf(body, "messages", "items") ?? [];
      return {
        ...(isObj(body) ? body : {}),
        messages: messages.map(translateMessage),
        cursor: isObj(body) && typeof body.cursor === "string" ? body.cursor : null,
      };
    }
    case "GET /chats/{chatId}/messages/{messageId}":
    case "POST /chats/{chatId}/messages/{messageId}/stop":
      return translateMessage(body);
    case "POST /chats/{chatId}/vercel-project":
      return isObj(body) && typeof body.hostProjectId === "string"
        ? { ...body, vercelProjectId: body.hostProjectId }
        : body;
    case "GET /hooks":
      return (listOf(body, "items", "hooks") ?? []).map((h) => (isObj(h) ? { id: h.id, name: h.name } : h));
    case "POST /hooks":
    case "GET /hooks/{hookId}":
    case "PATCH /hooks/{hookId}": {
      if (!isObj(body)) return body;
      const { secret: _secret, ...hook } = body;
      return hook;
    }
    case "DELETE /hooks/{hookId}":
      return { id: op.params.hookId, deleted: true };
    case "GET /mcp-servers":
      return (listOf(body, "items", "mcpServers", "servers") ?? []).map(translateMcpServer);
    case "POST /mcp-servers":
    case "GET /mcp-servers/{mcpServerId}":
    case "PATCH /mcp-servers/{mcpServerId}":
      return translateMcpServer(body);
    case "DELETE /mcp-servers/{mcpServerId}":
      return { success: true };
    default:
      return body;
  }
}

// ---------------------------------------------------------------- requests: document shapes → what the service accepts

const MODEL_IDS: Record<string, string> = {
  "v0-mini": "svc-mini",
  "v0-pro": "svc-pro",
  "v0-max": "svc-max",
  "v0-max-fast": "svc-max-fast",
};

/** The upstream path for a document path (`/vercel-project` → `/host-project`). */
export function upstreamPath(pathname: string): string {
  return pathname.replace(/^(\/chats\/[^/]+)\/vercel-project\/?$/, "$1/host-project");
}

/**
 * A request body in the document's shape made acceptable to the embedded service where it does not accept it
 * (yet): model ids `v0-*` → `svc-*`, MCP `auth: {type, …}` objects → `auth` + `oauthConfig`. Bodies already in the
 * spec's shape pass unchanged.
 */
export function translateRequestBody(op: Operation | null, body: unknown): unknown {
  if (!isObj(body)) return body;
  let out: Obj = body;
  if (
    isObj(out.modelConfiguration) &&
    typeof out.modelConfiguration.modelId === "string" &&
    MODEL_IDS[out.modelConfiguration.modelId]
  ) {
    out = {
      ...out,
      modelConfiguration: { ...out.modelConfiguration, modelId: MODEL_IDS[out.modelConfiguration.modelId] },
    };
  }
  if (op && (op.key === "POST /mcp-servers" || op.key === "PATCH /mcp-servers/{mcpServerId}") && isObj(out.auth)) {
    const { auth, ...rest } = out;
    const a = auth as Obj;
    out = { ...rest };
    delete out.description;
    if (a.type === "none") out.auth = "none";
    else if (a.type === "oauth") {
      out.auth = "oauth";
      if (isObj(a.config)) {
        const { registrationUrl: _r, issuer: _i, clientIdMetadataDocumentSupported: _c, ...config } = a.config;
        out.oauthConfig = config;
      }
    } else out.auth = a; // bearer / custom-headers: the embedded service refuses them with its own error
  }
  return out;
}

/** Resolve operations (all response modes). */
export function isResolve(op: Operation | null): boolean {
  return (
    !!op && op.method === "POST" && /^\/chats\/\{chatId\}\/messages\/resolve(\/stream|\/async)?$/.test(op.template)
  );
}

/**
 * A `confirmed-permissions` answer carries the pending items back unchanged — as the client got them, in the
 * document's shape (no `toolDisplayName`). The embedded service compares them with what it stored, extension fields
 * included, so each item equal to a stored one once those fields are dropped is swapped for the stored one.
 */
export function restorePermissions(body: unknown, stored: unknown[]): unknown {
  if (
    !isObj(body) ||
    !isObj(body.task) ||
    body.task.type !== "confirmed-permissions" ||
    !Array.isArray(body.task.permissions)
  )
    return body;
  const permissions = body.task.permissions.map((sent) => {
    const match = stored.find((s) => {
      if (!isObj(s)) return false;
      const { toolDisplayName: _d, ...documented } = s;
      return isDeepStrictEqual(documented, sent);
    });
    return match ?? sent;
  });
  return { ...body, task: { ...body.task, permissions } };
}

/** The suggested permissions of a message's tool calls (as the upstream stored them). */
export function suggestedPermissionsOf(message: unknown): unknown[] {
  if (!isObj(message) || !Array.isArray(message.parts)) return [];
  return message.parts.flatMap((p) =>
    isObj(p) && p.type === "tool-call" && Array.isArray(p.suggestedPermissions) ? p.suggestedPermissions : [],
  );
}

// ---------------------------------------------------------------- streams

type StreamKind = "chat" | "message";

/** The stream kind of an operation: `message` for send/resolve streams, `chat` for POST /chats/stream, else null. */
export function streamKind(op: Operation | null): StreamKind | null {
  if (!op || op.method !== "POST") return null;
  if (op.template === "/chats/stream") return "chat";
  if (op.template === "/chats/{chatId}/messages/stream" || op.template === "/chats/{chatId}/messages/resolve/stream")
    return "message";
  return null;
}

const textPatcher = createWithTextDiffs({});
const plainDiffer = createPlain({});

/**
 * Re-emits one stream's events in the document's shapes. It tracks each message's parts as the upstream sends
 * them (text diffs included), translates them, and emits plain jsondiffpatch deltas of the translated parts
 * (what the official client applies with `jsondiffpatch.create({})`). Message streams carry `message` snapshots
 * instead of `chat` events: the opening one when the answer's first delta arrives, the closing one (the finished
 * message, fetched by the caller) when the upstream sends its closing `chat` snapshot.
 */
export class StreamTranslator {
  private raw = new Map<string, unknown[]>();
  private sent = new Map<string, unknown[]>();
  private chatEvents = 0;
  /** The id of the (last) message that received deltas. */
  messageId: string | null = null;
  closed = false;

  constructor(
    private readonly doc: ReferenceDocument,
    private readonly kind: StreamKind,
    private readonly chatId: string | null,
    /** Fetches a message from the upstream (already translated by the caller or not: it is translated again). */
    private readonly fetchMessage: (chatId: string, messageId: string) => Promise<unknown>,
    /** The newest assistant message of the chat, for streams that end without a delta. */
    private readonly fetchNewest: (chatId: string) => Promise<unknown>,
  ) {}

  private eventSchema(): Schema {
    return this.doc.component(this.kind === "message" ? "MessageStreamEvent" : "ChatStreamEvent");
  }

  private out(event: Obj): Obj {
    return this.doc.conform(event, this.eventSchema()) as Obj;
  }

  private async snapshot(messageId: string | null, parts?: unknown[]): Promise<Obj | null> {
    const chatId = this.chatId;
    if (!chatId) return null;
    const fetched = messageId ? await this.fetchMessage(chatId, messageId) : await this.fetchNewest(chatId);
    if (!isObj(fetched)) return null;
    const message = translateMessage(fetched) as Obj;
    if (parts) {
      // The opening snapshot: the state before this delta (what the client patches next), still unfinished.
      Object.assign(message, {
        parts,
        content: textOf(parts),
        finishReason: null,
        restorable: false,
        usage: translateUsage(undefined),
      });
    } else if (typeof message.id === "string") {
      this.sent.set(message.id, message.parts as unknown[]);
    }
    return this.out({ ...message, object: "message" });
  }

  /** The document's events for one upstream event (zero or more). */
  async translate(event: unknown): Promise<Obj[]> {
    if (!isObj(event)) return [];
    switch (event.object) {
      case "chat": {
        this.chatEvents++;
        if (this.kind === "chat") return [this.out(translateChat(event) as Obj)];
        // Message streams: the upstream's opening chat snapshot has no counterpart; its closing one becomes the
        // finished message.
        if (this.chatEvents === 1 && this.messageId === null) return [];
        return this.close();
      }
      case "chat.title":
        return this.kind === "chat" ? [this.out(event)] : [];
      case "message.parts.chunk": {
        const id = String(event.id);
        const opening: Obj[] = [];
        if (!this.raw.has(id)) {
          this.raw.set(id, []);
          this.sent.set(id, []);
          if (this.kind === "message") {
            this.messageId = id;
            const snap = await this.snapshot(id, []);
            if (snap) opening.push(snap);
          }
        }
        const before = this.raw.get(id)!;
        const after = textPatcher.patch(structuredClone(before), event.delta as Delta) as unknown[];
        this.raw.set(id, after);
        const sentBefore = this.sent.get(id)!;
        const sentAfter = after.map(translatePart).map((p) => this.doc.conform(p, partSchema(this.doc)));
        this.sent.set(id, sentAfter);
        const delta = plainDiffer.diff(sentBefore, sentAfter);
        return delta === undefined ? opening : [...opening, this.out({ id, object: "message.parts.chunk", delta })];
      }
      case "message.usage":
        return [this.out({ id: event.id, object: "message.usage", usage: translateUsage(event.usage) })];
      case "error":
        return [this.out(event)];
      default:
        return [this.out(event)];
    }
  }

  /** The closing `message` snapshot (once). */
  async close(): Promise<Obj[]> {
    if (this.kind !== "message" || this.closed) return [];
    this.closed = true;
    const snap = await this.snapshot(this.messageId);
    return snap ? [snap] : [];
  }
}

let partSchemaCache: Schema | null = null;
function partSchema(doc: ReferenceDocument): Schema {
  if (!partSchemaCache) {
    const message = doc.resolve(doc.component("Message"));
    partSchemaCache = ((message.properties as Obj).parts as Obj).items as Schema;
  }
  return partSchemaCache;
}
