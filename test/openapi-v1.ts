import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * The real service's v1 document (a copy in e2e/peers/reference/openapi-v1.json) as JSON Schema 2020-12 validators,
 * for the contract tests that check our answers against it (not a test file itself).
 */

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = JSON.parse(readFileSync(path.join(process.cwd(), "e2e/peers/reference/openapi-v1.json"), "utf8")) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(doc, "doc");
const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
const schemaAt = (...segments: string[]) => {
  const v = ajv.getSchema(`doc#/${pointer(...segments)}`);
  if (!v) throw new Error(`no schema at ${segments.join("/")}`);
  return v;
};

/** The operation's 200 answer schema. */
export const response = (method: string, docPath: string) =>
  schemaAt("paths", docPath, method, "responses", "200", "content", "application/json", "schema");
/** The operation's request body schema. */
export const requestBody = (method: string, docPath: string) =>
  schemaAt("paths", docPath, method, "requestBody", "content", "application/json", "schema");

export function expectValid(validate: ReturnType<typeof response>, value: Json) {
  const ok = validate(value) as boolean;
  expect(ok ? "valid" : ajv.errorsText(validate.errors) + "\n" + JSON.stringify(value).slice(0, 1500)).toBe("valid");
}
