import { describe, expect, test } from "vitest";
import { ERROR_CODES } from "./error-codes";
import { errorResponse } from "./error-body";

describe("error codes", () => {
  test("each code is listed once, in snake_case", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  test("a v1 body's default code by status is one of them", async () => {
    for (const status of [400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 502]) {
      const body = (await errorResponse("v1", status, "x").json()) as { error: { code: string } };
      expect(ERROR_CODES).toContain(body.error.code);
    }
  });
});
