import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config";
import { previewOriginFrom } from "./preview-origin";
import { assertPreviewIsolated } from "./preview-site";

/**
 * A chat's preview runs untrusted code: its origin must give every chat a host of its own (a shared host lets one
 * chat's service worker read another's previews) on a site that is not the dashboard's (which would share its
 * cookies). Refused at start, with how to set it; the loopback default and the compose setup pass.
 */
const check = (env: Record<string, string>) => () => assertPreviewIsolated(env.APP_URL!, previewOriginFrom(env));

describe("the preview origin's isolation", () => {
  it.each<[string, string | undefined, string]>([
    ["http://localhost:3000", undefined, "the loopback default"],
    ["http://127.0.0.1:3100", undefined, "the e2e servers' default"],
    ["http://[::1]:3000", undefined, "IPv6 loopback"],
    ["http://localhost:8080", "http://*.localhost:8081", "the compose setup"],
    ["https://atelier.example.com", "https://*.atelier-previews.net", "another registrable domain"],
    ["https://atelier.example.co.uk", "https://*.previews.example.com", "another domain under a multi-label suffix"],
    ["https://me.github.io", "https://*.github.io", "a private public suffix: every host its own site"],
    ["http://192.168.1.20:3000", "http://*.previews.lan:3001", "a LAN address and a wildcard name in local DNS"],
  ])("passes: APP_URL %s, PREVIEW_ORIGIN %s (%s)", (APP_URL, PREVIEW_ORIGIN) => {
    expect(check({ APP_URL, ...(PREVIEW_ORIGIN ? { PREVIEW_ORIGIN } : {}) })).not.toThrow();
  });

  it.each([
    ["https://app.example.com", "https://*.example.com", "a sibling of the dashboard's host"],
    ["https://app.example.com", "https://*.preview.example.com", "a subdomain of the same registrable domain"],
    ["https://app.example.com", "https://*.app.example.com", "under the dashboard's own host"],
    ["https://example.com", "https://*.example.com", "under the dashboard's domain"],
    ["https://a.example.co.uk", "https://*.b.example.co.uk", "the same domain under a multi-label suffix"],
    ["http://app.localhost:3000", "http://*.app.localhost:3001", "under a loopback dashboard's own name"],
  ])("refuses the dashboard's own site: APP_URL %s, PREVIEW_ORIGIN %s (%s)", (APP_URL, PREVIEW_ORIGIN) => {
    expect(check({ APP_URL, PREVIEW_ORIGIN })).toThrow(
      /is on the dashboard's own site .*previews would share its cookies\. Set PREVIEW_ORIGIN to a wildcard host on a site of its own/,
    );
  });

  it.each([
    ["https://app.example.com", "https://app.example.com:8443", "the dashboard's host on another port"],
    ["https://app.example.com", "https://previews.other.net", "a shared host of another site"],
    ["http://localhost:3000", "http://localhost:3001", "loopback, one shared host"],
    ["http://localhost:3000", "http://previews.localhost:3001", "one shared name under localhost"],
  ])("refuses one host for every chat: APP_URL %s, PREVIEW_ORIGIN %s (%s)", (APP_URL, PREVIEW_ORIGIN) => {
    expect(check({ APP_URL, PREVIEW_ORIGIN })).toThrow(
      /is one host for every chat: one chat's service worker could read another's previews\. Set PREVIEW_ORIGIN to a wildcard host/,
    );
  });
});

describe("at start (readConfig)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-preview-site-"));

  it("refuses a preview origin on the dashboard's site, and a non-loopback APP_URL without PREVIEW_ORIGIN", () => {
    expect(() =>
      readConfig({ DATA_DIR: dataDir, APP_URL: "https://app.example.com", PREVIEW_ORIGIN: "https://*.example.com" }),
    ).toThrow(/dashboard's own site/);
    expect(() => readConfig({ DATA_DIR: dataDir, APP_URL: "https://app.example.com" })).toThrow(
      /PREVIEW_ORIGIN is required/,
    );
    expect(
      readConfig({ DATA_DIR: dataDir, APP_URL: "https://app.example.com", PREVIEW_ORIGIN: "https://*.previews.net" })
        .preview,
    ).toEqual({ port: 3001, origin: "https://*.previews.net" });
  });

  it("asks nothing of the previews when this process does not serve the embedded service", () => {
    const config = readConfig({
      DATA_DIR: dataDir,
      APP_URL: "https://app.example.com",
      SERVICE_BASE_URL: "https://api.example.com",
      SERVICE_API_KEY: "k",
    });
    expect(config.preview).toBeNull();
  });
});
