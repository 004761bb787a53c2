// JavaScript, not next.config.ts: `next start` would load Next's native SWC binding (about 25 MB of the server's
// resident memory) only to transpile a TypeScript config. The JSDoc type keeps editors checking it.
/** @type {import("next").NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // NEXT_DIST_DIR lets parallel builds (e.g. two browser-test runs) keep separate outputs.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // Route modules load on their first request instead of all at start: a server that is only signed in to never
    // holds the embedded service's, the MCP endpoint's or the inbox's code (bench/memory.ts).
    preloadEntriesOnStart: false,
    // Request bodies pass through proxy.ts, which buffers at most this much (Next's default: 10 MB, the rest cut
    // off): a prompt may carry ten 3 MB attachments as base64 (MAX_ATTACHMENTS_BODY_BYTES in
    // lib/api/attachments/limits.ts, 42 MB; the routes refuse more themselves).
    proxyClientMaxBodySize: 43 * 1024 * 1024,
  },
  // Static assets skip proxy.ts (which sets the security headers of everything else).
  async headers() {
    return [
      // Chromium asks for the page's icon again when the address changes in place (a new chat opens with pushState):
      // served fresh for a day, that request does not reach the server while the agent writes the first part.
      { source: "/favicon.svg", headers: [{ key: "Cache-Control", value: "public, max-age=86400" }] },
      {
        source: "/_next/static/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
