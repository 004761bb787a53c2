/** A JSON Schema's fields as a tree: name, type, whether required, nested objects and arrays of objects. */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
};

/** Deeper levels (parts of a message) are left to the raw schema below the tree. */
const MAX_DEPTH = 4;

function typeOf(s: Schema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  // One of a union told apart by its `type` (a message's parts): named by it.
  const tag = s.properties?.type?.const;
  if (tag !== undefined) return `{type: ${JSON.stringify(tag)}}`;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(typeOf).join(" | ");
  if (s.type === "array") return `${s.items ? typeOf(s.items) : "unknown"}[]`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return s.type ?? "any";
}

/** The object whose fields a schema shows nested: itself, or its array's items. */
const nested = (s: Schema): Schema | null =>
  s.properties ? s : s.type === "array" && s.items?.properties ? s.items : null;

export function SchemaTree({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const properties = Object.entries(schema.properties ?? {});
  if (!properties.length) return null;
  const required = new Set(schema.required ?? []);
  return (
    <ul className={depth ? "ml-4 border-l border-border pl-3" : ""} role={depth ? "group" : "tree"}>
      {properties.map(([name, field]) => {
        const child = depth < MAX_DEPTH ? nested(field) : null;
        return (
          <li key={name} role="treeitem" aria-selected={false} className="py-0.5">
            <span className="font-mono text-xs">
              <span className="font-medium text-foreground">{name}</span>
              {required.has(name) ? null : <span className="text-muted-foreground">?</span>}
              <span className="text-muted-foreground">: </span>
              <span className="text-primary">{typeOf(field)}</span>
            </span>
            {field.description ? <span className="ml-2 text-xs text-muted-foreground">{field.description}</span> : null}
            {child ? <SchemaTree schema={child} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
