import { describe, expect, test } from "vitest";
import { contentTypeOfPath, extensionOfContentType, mimeTypeOf, withUtf8Charset } from "./index";

describe("the one content-type table", () => {
  test("by extension, case-insensitive; a dotfile or an unknown extension has none", () => {
    expect(contentTypeOfPath("src/App.JS")).toBe("text/javascript");
    expect(contentTypeOfPath("public/og.png")).toBe("image/png");
    expect(contentTypeOfPath("data/rows.csv")).toBe("text/csv");
    expect(contentTypeOfPath("notes.ts")).toBe("text/plain");
    expect(contentTypeOfPath(".png")).toBeUndefined();
    expect(contentTypeOfPath("archive.tar.xz")).toBeUndefined();
    expect(contentTypeOfPath("Makefile")).toBeUndefined();
  });

  test("a type is named by its first extension", () => {
    expect(extensionOfContentType("image/jpeg")).toBe("jpg");
    expect(extensionOfContentType("text/plain")).toBe("txt");
    expect(extensionOfContentType("text/html")).toBe("html");
    expect(extensionOfContentType("application/x-unknown")).toBeUndefined();
  });

  test("text is served as UTF-8, other types as they are", () => {
    expect(withUtf8Charset("text/html")).toBe("text/html; charset=utf-8");
    expect(withUtf8Charset("application/json")).toBe("application/json; charset=utf-8");
    expect(withUtf8Charset("application/xml")).toBe("application/xml; charset=utf-8");
    expect(withUtf8Charset("image/svg+xml")).toBe("image/svg+xml");
    expect(withUtf8Charset("application/octet-stream")).toBe("application/octet-stream");
  });

  test("the dashboard's downloads use the same table, with its defaults for unknown files", () => {
    expect(mimeTypeOf("app.js")).toBe(contentTypeOfPath("app.js"));
    expect(mimeTypeOf("notes")).toBe("text/plain");
    expect(mimeTypeOf("x.bin", "base64")).toBe("application/octet-stream");
  });
});
