import "server-only";
import type { GeneratedFile } from "./webapp";

/**
 * The `/node-app` directive's files: beside the static app, a package.json whose `start` script runs server.js, a
 * zero-dependency Node server serving the app's files and `/api/time`. With the app runtime on (APP_RUNTIME=on,
 * docs/app-runtime.md) the chat's preview runs it, so an offline demo shows the runtime; without it the preview serves
 * the files as before.
 */
const SERVER = `const http = require("node:http");
const fs = require("node:fs");
const path = require("node:path");

const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".json": "application/json" };

http
  .createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (url.pathname === "/api/time") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ now: new Date().toISOString(), served: "by the app's own Node server" }));
      return;
    }
    const file = path.join(__dirname, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
    if (!file.startsWith(__dirname + path.sep)) return res.writeHead(400).end("Bad path");
    fs.readFile(file, (error, data) => {
      if (error) return res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(data);
    });
  })
  .listen(Number(process.env.PORT || 3000), process.env.HOST || "127.0.0.1", () =>
    console.log("Listening on port " + (process.env.PORT || 3000)),
  );
`;

export function nodeAppFiles(title: string): GeneratedFile[] {
  const name =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "app";
  return [
    {
      path: "package.json",
      content: `${JSON.stringify({ name, private: true, scripts: { start: "node server.js" } }, null, 2)}\n`,
      purpose: "the app's package: `npm start` runs its Node server",
    },
    { path: "server.js", content: SERVER, purpose: "a Node server (no dependencies): the app's files and /api/time" },
  ];
}
