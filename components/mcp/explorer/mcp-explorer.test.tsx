// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMcpServer, type McpServerPeer } from "@/e2e/peers/mcp-server";
import { McpConnectionLog, McpServerRecord } from "@/lib/api";
import { call, expectSchema, serviceForFile } from "@/lib/embedded/test-support";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";
import { json } from "@/test/render-with-client";
import { McpExplorer } from "./mcp-explorer";

/** The explorer against the real embedded service (in-process) and a real MCP server on a loopback port. */
const svc = serviceForFile();
const TOKEN = "explorer-component-token";
let peer: McpServerPeer;
let peerClosed = false;
beforeAll(async () => {
  peer = await startMcpServer({ bearerToken: TOKEN });
});
afterAll(async () => {
  if (!peerClosed) await peer.close();
});
afterEach(cleanup);

describe("McpExplorer", () => {
  // The embedded service always has the explorer: a deployment without it is every answer replaced by a 404.
  it("a deployment without the explorer (404 on its paths): each tab says so", async () => {
    const { requests } = renderWithService(svc, <McpExplorer mcpServerId="m1" />, {
      answer: () => json({ message: "Not found" }, 404),
    });
    expect(await screen.findByTestId("mcp-explorer-missing")).toHaveTextContent("This deployment has no MCP explorer");
    await userEvent.click(screen.getByRole("tab", { name: "Log" }));
    expect(await screen.findByTestId("mcp-explorer-missing")).toHaveTextContent("connection log");
    expect(requests.map((r) => r.url.pathname)).toEqual([
      `${SVC_PATH}/v2/mcp-servers/m1/tools`,
      `${SVC_PATH}/v2/mcp-servers/m1/log`,
    ]);
  });

  it("the Log tab explains the last failed connection step in words, newest first", async () => {
    const created = await call(svc, "POST", "/v2/mcp-servers", {
      body: { name: "Explorer peer", url: peer.url, auth: { type: "bearer", token: TOKEN } },
    });
    expect(created.status).toBe(201);
    const id = expectSchema(McpServerRecord, created.body).id;

    renderWithService(svc, <McpExplorer mcpServerId={id} />);
    const tools = await screen.findByRole("list", { name: "Tools" });
    expect(within(tools).getAllByRole("button").length).toBeGreaterThan(0);

    // Nothing listens at the server's port any more: the service's next connection fails.
    await peer.close();
    peerClosed = true;
    expect((await call(svc, "GET", `/v2/mcp-servers/${id}/tools`)).status).toBe(502);

    await userEvent.click(screen.getByRole("tab", { name: "Log" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The last connection failed at the initialize step");
    expect(alert).toHaveTextContent(`Could not connect to ${peer.url}`);
    expect(alert).toHaveTextContent(
      "Nothing answered at the server's URL: check the URL and that the server is running.",
    );

    const logged = expectSchema(McpConnectionLog, (await call(svc, "GET", `/v2/mcp-servers/${id}/log`)).body).entries;
    const newestFirst = [...logged].reverse();
    expect(newestFirst[0]).toMatchObject({ step: "initialize", ok: false });
    expect(newestFirst.some((e) => e.step === "initialize" && e.ok)).toBe(true);
    const items = screen.getAllByTestId("mcp-log-entry");
    expect(items.map((i) => [i.querySelector("code")?.textContent, i.getAttribute("data-ok")])).toEqual(
      newestFirst.map((e) => [e.step, String(e.ok)]),
    );
  });
});
