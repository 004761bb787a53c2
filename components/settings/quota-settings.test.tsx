// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { json } from "@/test/render-with-client";
import type { Quota } from "@/lib/api/schemas";
import { serviceClient, serviceForFile } from "@/lib/embedded/test-support";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";
import { QuotaSettings, QuotasTable } from "./quota-settings";

afterEach(cleanup);

const NOW = Date.parse("2026-03-10T21:00:00Z");
const resetsAt = "2026-03-11T00:00:00.000Z";
const quota = (name: Quota["name"], limit: number | null, used: number): Quota => ({ name, limit, used, resetsAt });
const on: Quota[] = [
  quota("api_requests", 10_000, 1234),
  quota("chat_messages", 1_000, 1_000),
  quota("file_uploads_bytes", 1024 ** 3, 5 * 1024 * 1024),
  quota("deployments", null, 0),
];

describe("QuotasTable", () => {
  it("lists each quota with today's use, its limit and what is left; an exhausted one stands out", () => {
    render(<QuotasTable quotas={on} now={NOW} />);
    const rows = screen.getAllByTestId("quota");
    expect(rows.map((r) => r.getAttribute("data-name"))).toEqual([
      "api_requests",
      "chat_messages",
      "file_uploads_bytes",
      "deployments",
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["1,234", "10,000", "8,766"]);
    expect(rows[1]).toHaveAttribute("data-exhausted", "true");
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["1,000", "1,000", "none"]);
    expect(
      within(rows[2]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["5.0 MB", "1.0 GB", "1019.0 MB"]);
    expect(
      within(rows[3]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["0", "off", "—"]);
    expect(screen.getByTestId("quotas-reset")).toHaveTextContent("Counts start again at 00:00 UTC, in 3 h.");
  });

  it("the reset is at midnight also when read in the second half of a second", () => {
    render(<QuotasTable quotas={on} now={NOW + 700} />);
    expect(screen.getByTestId("quotas-reset")).toHaveTextContent("Counts start again at 00:00 UTC, in 3 h.");
  });

  it("says quotas are off when no quota has a limit", () => {
    render(<QuotasTable quotas={on.map((q) => ({ ...q, limit: null, used: 0 }))} now={NOW} />);
    expect(screen.getByTestId("quotas-off")).toHaveTextContent(/^Quotas are off/);
    expect(screen.queryByTestId("quotas-table")).toBeNull();
  });
});

describe("QuotaSettings", () => {
  // The real embedded service with small limits, so that this file's few requests show in the table.
  const svc = serviceForFile({ quotas: { api_requests: 20, chat_messages: 2, file_uploads_bytes: 1024 ** 2 } });
  const upload = "x".repeat(3 * 1024);

  beforeAll(async () => {
    const client = serviceClient(svc);
    const chat = await client.createChat({ message: "A todo app /fast" });
    await client.sendMessage(chat.chat.id, { message: "Add dates /fast" });
    await client.createChatFromFiles({ files: [{ name: "notes.txt", content: upload }] });
  });

  it("reads GET /v2/quotas: today's use against the service's limits", async () => {
    const { requests } = renderWithService(svc, <QuotaSettings />);
    expect(await screen.findByTestId("quotas-table")).toBeInTheDocument();
    const rows = screen.getAllByTestId("quota");
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );
    // Three requests (the quota report itself is not counted), two of them messages, the file's 3 KB.
    expect(rows.map((r) => r.getAttribute("data-name"))).toEqual([
      "api_requests",
      "chat_messages",
      "file_uploads_bytes",
      "deployments",
    ]);
    expect(cells).toEqual([
      ["3", "20", "17"],
      ["2", "2", "none"],
      ["3.0 KB", "1.0 MB", "1021.0 KB"],
      ["0", "off", "—"],
    ]);
    expect(rows.map((r) => r.getAttribute("data-exhausted"))).toEqual([null, "true", null, null]);
    expect(screen.getByTestId("quotas-reset")).toHaveTextContent(/^Counts start again at 00:00 UTC, in /);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`GET ${SVC_PATH}/v2/quotas`]);
  });

  // The embedded service always has GET /v2/quotas (its own extension): another make's 404 is its answer replaced.
  it("a service without the endpoint: says it does not report quotas", async () => {
    renderWithService(svc, <QuotaSettings />, { answer: () => json({ message: "No such endpoint" }, 404) });
    expect(await screen.findByTestId("quotas-unsupported")).toBeInTheDocument();
  });
});
