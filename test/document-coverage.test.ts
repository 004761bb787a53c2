import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { matchRoute } from "@/lib/api";

/**
 * Every operation of the real service's two documents (e2e/peers/reference/openapi-v1.json and -v2.json) has a route
 * in lib/api/routes.ts, so the embedded service can stand in for the real one: a missing route fails here.
 */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function operations(version: "v1" | "v2"): string[] {
  const doc = JSON.parse(
    readFileSync(path.join(process.cwd(), `e2e/peers/reference/openapi-${version}.json`), "utf8"),
  ) as Json;
  const ops: string[] = [];
  for (const [docPath, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      if (item[method]) ops.push(`${method.toUpperCase()} /${version}${docPath}`);
    }
  }
  return ops;
}

/** A concrete path of an operation: each `{param}` becomes a plain segment. */
const concrete = (op: string) => op.replace(/\{[^}]+\}/g, "x1");

describe("the documents' operations all have routes", () => {
  for (const version of ["v1", "v2"] as const) {
    test(`${version}: every operation is routed`, () => {
      const ops = operations(version);
      expect(ops.length).toBeGreaterThan(40);
      const missing = ops.filter((op) => {
        const [method, opPath] = concrete(op).split(" ") as [string, string];
        return matchRoute(method, opPath) === null;
      });
      expect(missing).toEqual([]);
    });
  }
});
