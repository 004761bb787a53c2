// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { json, renderWithNetwork } from "@/components/mcp/test-harness";
import type { Quota, QuotaList } from "@/lib/api/schemas";
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

  it("says quotas are off when no quota has a limit", () => {
    render(<QuotasTable quotas={on.map((q) => ({ ...q, limit: null, used: 0 }))} now={NOW} />);
    expect(screen.getByTestId("quotas-off")).toHaveTextContent(/^Quotas are off/);
    expect(screen.queryByTestId("quotas-table")).toBeNull();
  });
});

describe("QuotaSettings", () => {
  it("reads GET /v2/quotas through the proxy", async () => {
    const body: QuotaList = { quotas: on };
    const { requests } = renderWithNetwork(<QuotaSettings />, () => json(body));
    expect(await screen.findByTestId("quotas-table")).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(["GET /api/service/v2/quotas"]);
  });

  it("a service without the endpoint: says it does not report quotas", async () => {
    renderWithNetwork(<QuotaSettings />, () => json({ message: "No such endpoint" }, 404));
    expect(await screen.findByTestId("quotas-unsupported")).toBeInTheDocument();
  });
});
