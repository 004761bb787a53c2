import { describe, expect, it } from "vitest";
import { isPreviewOrigin } from "@/lib/api/preview-origin";
import { previewOriginFrom } from "./preview-origin";

describe("PREVIEW_PORT and PREVIEW_ORIGIN", () => {
  it("default: the app's port + 1, a host per chat under localhost when APP_URL is on loopback", () => {
    expect(previewOriginFrom({})).toEqual({ port: 3001, origin: "http://*.localhost:3001" });
    expect(previewOriginFrom({ PORT: "4000", APP_URL: "http://127.0.0.1:4000" })).toEqual({
      port: 4001,
      origin: "http://*.localhost:4001",
    });
  });

  it("no default elsewhere: APP_URL's host on the preview port would share the dashboard's cookies", () => {
    expect(() => previewOriginFrom({ APP_URL: "https://atelier.example.com", PREVIEW_PORT: "8443" })).toThrow(
      /PREVIEW_ORIGIN is required when APP_URL \(https:\/\/atelier\.example\.com\) is not on loopback.*PREVIEW_ORIGIN=https:\/\/\*\./,
    );
    expect(() => previewOriginFrom({ APP_URL: "http://192.168.1.20:3000" })).toThrow(/PREVIEW_ORIGIN is required/);
  });

  it("PREVIEW_ORIGIN as given, a * as the first label of its host", () => {
    const env = { APP_URL: "https://atelier.example.com", PREVIEW_ORIGIN: "https://*.preview.example/" };
    expect(previewOriginFrom(env).origin).toBe("https://*.preview.example");
    expect(isPreviewOrigin("https://pabc.preview.example", "https://*.preview.example")).toBe(true);
    expect(isPreviewOrigin("https://a.b.preview.example", "https://*.preview.example")).toBe(false);
    expect(isPreviewOrigin("http://pabc.preview.example", "https://*.preview.example")).toBe(false);
  });

  it("refuses what cannot be a preview origin, naming the variable", () => {
    for (const bad of ["ftp://x.example", "https://x.example/path", "https://a.*.example", "not a url", "https://*"]) {
      expect(() => previewOriginFrom({ PREVIEW_ORIGIN: bad }), bad).toThrow(/PREVIEW_ORIGIN/);
    }
    expect(() => previewOriginFrom({ PREVIEW_ORIGIN: "http://localhost:3000" })).toThrow(/dashboard's origin/);
    for (const bad of ["0", "70000", "x", "1.5"]) {
      expect(() => previewOriginFrom({ PREVIEW_PORT: bad }), bad).toThrow(/PREVIEW_PORT/);
    }
  });
});
