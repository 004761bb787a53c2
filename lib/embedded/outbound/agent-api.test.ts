import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { agentApiFetch } from "./agent-api";

/** The model agent's exception to the guard reaches AGENT_BASE_URL, on loopback too, and nothing else. */
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => res.end(req.url));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("agentApiFetch", () => {
  test("a URL under the base is fetched, on a loopback address too", async () => {
    const send = agentApiFetch(`${origin}/v1`);
    expect(await (await send(`${origin}/v1/chat/completions`, { method: "POST" })).text()).toBe("/v1/chat/completions");
    expect(await (await send(new URL(`${origin}/v1/models`))).text()).toBe("/v1/models");
  });

  test("anything else is refused before a connection: another origin, another path, a look-alike prefix", async () => {
    const send = agentApiFetch(`${origin}/v1/`);
    for (const url of [`${origin}/admin`, `${origin}/v10/x`, `http://localhost:${new URL(origin).port}/v1/x`])
      await expect(send(url), url).rejects.toThrow(/is not under AGENT_BASE_URL/);
  });
});
