import { describe, expect, it } from "vitest";
import { API_CSP, newNonce, pageCsp, responseKindOf, securityEnvFrom, securityHeaders } from "./security-headers";

const http = securityEnvFrom({ APP_URL: "http://localhost:3000/" });
const https = securityEnvFrom({ APP_URL: "https://atelier.example.com" });
const directives = (csp: string) =>
  Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("security headers", () => {
  it("classifies paths: published sites and attachments, JSON endpoints (API and the embedded service), pages", () => {
    // Chats' previews have their own origin; the old path answers 410 in the service's JSON policy.
    expect(responseKindOf("/svc/preview/chat_1/tok/index.html")).toBe("api");
    expect(responseKindOf("/svc/attachments/att_1")).toBe("preview");
    expect(responseKindOf("/svc/hosting/dpl_1/index.html")).toBe("preview");
    expect(responseKindOf("/svc/v2/chats")).toBe("api");
    expect(responseKindOf("/api/service/v2/chats")).toBe("api");
    expect(responseKindOf("/api/auth/session")).toBe("api");
    expect(responseKindOf("/.well-known/oauth-authorization-server/svc")).toBe("api");
    expect(responseKindOf("/chats/chat_1")).toBe("page");
    expect(responseKindOf("/sign-in")).toBe("page");
    expect(responseKindOf("/apiary")).toBe("page");
  });

  it("pages: nonce scripts only, no plugins, no foreign base or form targets, never framed", () => {
    const csp = directives(pageCsp("abc123==", http));
    expect(csp["script-src"]).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp["script-src"]).not.toContain("unsafe-inline");
    expect(csp["object-src"]).toBe("'none'");
    expect(csp["base-uri"]).toBe("'self'");
    expect(csp["form-action"]).toBe("'self'");
    expect(csp["frame-ancestors"]).toBe("'none'");
    // The embedded service's previews: a host per chat under localhost, on the app's port + 1.
    expect(csp["frame-src"]).toBe("'self' http://localhost:3000 http://*.localhost:3001");
    // Elsewhere PREVIEW_ORIGIN must be set (the server does not start without it): no preview origin is framed.
    expect(directives(pageCsp("n", securityEnvFrom({ APP_URL: "https://a.example", PORT: "8080" })))["frame-src"]).toBe(
      "'self' https://a.example",
    );
    expect(
      directives(pageCsp("n", securityEnvFrom({ PREVIEW_ORIGIN: "https://*.preview.example" })))["frame-src"],
    ).toBe("'self' http://localhost:3000 https://*.preview.example");
    expect(csp["worker-src"]).toContain("'self'");
    expect(csp).not.toHaveProperty("upgrade-insecure-requests");
    // next dev needs eval and its websocket; a production build gets neither
    const dev = directives(pageCsp("n", { ...http, dev: true }));
    expect(dev["script-src"]).toContain("'unsafe-eval'");
    // an upstream service's previews come from its own https hosts
    expect(
      directives(pageCsp("n", securityEnvFrom({ SERVICE_BASE_URL: "https://api.example.com/v" })))["frame-src"],
    ).toBe("'self' http://localhost:3000 http://*.localhost:3001 https:");
    expect(directives(pageCsp("n", https))).toHaveProperty("upgrade-insecure-requests");
  });

  it("every kind: nosniff, referrer and permissions policies; HSTS only over https", () => {
    for (const kind of ["page", "api"] as const) {
      const h = securityHeaders(kind, http, "n");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      expect(h).not.toHaveProperty("strict-transport-security");
      expect(securityHeaders(kind, https, "n")["strict-transport-security"]).toMatch(/^max-age=\d+/);
    }
    expect(securityHeaders("api", http)["content-security-policy"]).toBe(API_CSP);
    expect(securityHeaders("page", http, "xyz")["content-security-policy"]).toContain("'nonce-xyz'");
  });

  it("the preview keeps its own sandboxing CSP, nosniff and referrer policy (set by the embedded service)", () => {
    const h = securityHeaders("preview", https);
    expect(h).not.toHaveProperty("content-security-policy");
    expect(h).not.toHaveProperty("x-content-type-options");
    expect(h["strict-transport-security"]).toBeDefined();
  });

  it("nonces are fresh and 128 bits", () => {
    const a = newNonce();
    expect(atob(a)).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});
