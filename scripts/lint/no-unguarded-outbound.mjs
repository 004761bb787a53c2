/**
 * ESLint rule `atelier/no-unguarded-outbound`: the embedded service reaches the network only through its outbound
 * guard (lib/embedded/outbound/, docs/architecture.md "Security"). Reported, outside the files the config exempts:
 * - the global `fetch`, `XMLHttpRequest`, `WebSocket`, `EventSource` (also as `globalThis.…`, `global.…`, `self.…`,
 *   `window.…`);
 * - `undici` (any value it exports: request, fetch, Agent and the other dispatchers), statically, by `import()` or
 *   `require()`;
 * - the clients of Node's network modules: `http`/`https` `request`, `get`, `Agent`, `globalAgent`, `ClientRequest`;
 *   `http2.connect`; `net` `connect`, `createConnection`, `Socket`, `Stream`; `tls` `connect`, `TLSSocket`;
 *   `dgram.createSocket` — imported by name, or read from the module's default or namespace import (also by
 *   destructuring it). Servers that listen (`createServer`) and types are fine.
 */

const GLOBALS = new Set(["fetch", "XMLHttpRequest", "WebSocket", "EventSource"]);
const GLOBAL_OBJECTS = new Set(["globalThis", "global", "self", "window"]);

const HTTP_CLIENT = ["request", "get", "Agent", "globalAgent", "ClientRequest"];
/** Node modules (without `node:`) and the names in them that open outgoing connections. */
const CLIENTS = new Map([
  ["http", new Set(HTTP_CLIENT)],
  ["https", new Set(HTTP_CLIENT)],
  ["http2", new Set(["connect"])],
  ["net", new Set(["connect", "createConnection", "Socket", "Stream"])],
  ["tls", new Set(["connect", "TLSSocket"])],
  ["dgram", new Set(["createSocket"])],
]);

const moduleName = (source) => (typeof source === "string" ? source.replace(/^node:/, "") : null);
const keyName = (node) =>
  node.type === "Identifier" ? node.name : node.type === "Literal" ? String(node.value) : null;

const MESSAGE =
  "{{what}} reaches the network around the outbound guard: use lib/embedded/outbound/ (outboundFetch, outboundRequest, fetchPublicDocument).";

const noUnguardedOutbound = {
  meta: {
    type: "problem",
    docs: { description: "The embedded service reaches the network only through lib/embedded/outbound/." },
    messages: { unguarded: MESSAGE },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const report = (node, what) => context.report({ node, messageId: "unguarded", data: { what } });

    /** Reads of a client name from a module binding (`http.request`, `const { get } = https`). */
    const checkBindingUses = (specifier, mod, names) => {
      for (const variable of sourceCode.getDeclaredVariables(specifier)) {
        for (const ref of variable.references) {
          const parent = ref.identifier.parent;
          if (parent.type === "MemberExpression" && parent.object === ref.identifier) {
            const name = parent.computed ? keyName(parent.property) : parent.property.name;
            if (name && names.has(name)) report(parent, `${mod}.${name}`);
          } else if (
            parent.type === "VariableDeclarator" &&
            parent.init === ref.identifier &&
            parent.id.type === "ObjectPattern"
          ) {
            for (const prop of parent.id.properties) {
              const name = prop.type === "Property" ? keyName(prop.key) : null;
              if (name && names.has(name)) report(prop, `${mod}.${name}`);
            }
          }
        }
      }
    };

    const checkModuleCall = (node, source) => {
      const mod = moduleName(source);
      if (mod === "undici" || mod?.startsWith("undici/")) report(node, "undici");
      else if (mod && CLIENTS.has(mod) && node.parent?.type === "VariableDeclarator") {
        const { id } = node.parent;
        const names = CLIENTS.get(mod);
        if (id.type === "ObjectPattern")
          for (const prop of id.properties) {
            const name = prop.type === "Property" ? keyName(prop.key) : null;
            if (name && names.has(name)) report(prop, `${mod}.${name}`);
          }
      }
    };

    return {
      ImportDeclaration(node) {
        if (node.importKind === "type") return;
        const mod = moduleName(node.source.value);
        if (mod === "undici" || mod?.startsWith("undici/")) {
          if (node.specifiers.some((s) => s.importKind !== "type")) report(node, "undici");
          return;
        }
        const names = mod ? CLIENTS.get(mod) : undefined;
        if (!names) return;
        for (const specifier of node.specifiers) {
          if (specifier.importKind === "type") continue;
          if (specifier.type === "ImportSpecifier") {
            const name = keyName(specifier.imported);
            if (name && names.has(name)) report(specifier, `${mod}.${name}`);
          } else checkBindingUses(specifier, mod, names);
        }
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") checkModuleCall(node, node.source.value);
      },
      CallExpression(node) {
        if (
          node.callee.type === "Identifier" &&
          node.callee.name === "require" &&
          node.arguments[0]?.type === "Literal"
        )
          checkModuleCall(node, node.arguments[0].value);
      },
      "Program:exit"(program) {
        // References to globals: unresolved ones, and those resolved to a global the configuration or TypeScript's
        // lib declares (a variable of the global scope with no definition in the file).
        const globalScope = sourceCode.getScope(program);
        const implicit = globalScope.variables.filter((v) => v.defs.length === 0).flatMap((v) => v.references);
        for (const ref of [...globalScope.through, ...implicit]) {
          const id = ref.identifier;
          if (GLOBALS.has(id.name)) report(id, `The global ${id.name}`);
          else if (GLOBAL_OBJECTS.has(id.name)) {
            const parent = id.parent;
            if (parent.type !== "MemberExpression" || parent.object !== id) continue;
            const name = parent.computed ? keyName(parent.property) : parent.property.name;
            if (name && GLOBALS.has(name)) report(parent, `${id.name}.${name}`);
          }
        }
      },
    };
  },
};

export const atelierPlugin = { rules: { "no-unguarded-outbound": noUnguardedOutbound } };
