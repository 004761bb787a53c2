// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiKeyCreated, BudgetList, Member } from "@/lib/api/schemas";
import { call, expectSchema, serviceClient, serviceForFile } from "@/lib/embedded/test-support";
import { json } from "@/test/render-with-client";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";
import { BudgetNotice } from "@/components/chat/budget-notice";
import { BudgetsSettings } from "./budgets-settings";

/** Settings → Budgets and the composer's budget notice against the real embedded service (scripted agent). */
const svc = serviceForFile();
let member: { id: string; key: string };

async function budgets(key?: string) {
  return expectSchema(BudgetList, (await call(svc, "GET", "/v2/budgets", key ? { auth: `Bearer ${key}` } : {})).body);
}
const setBudgets = (list: unknown[]) => call(svc, "PUT", "/v2/budgets", { body: { budgets: list } });

beforeAll(async () => {
  await serviceClient(svc).createChat({ message: "A todo app /fast" });
  const created = await call(svc, "POST", "/v2/team/members", {
    body: { email: "ada@example.com", name: "Ada", role: "member" },
  });
  const id = expectSchema(Member, created.body).id;
  const key = await call(svc, "POST", "/v2/api-keys", { body: { name: "Ada's key", memberId: id } });
  member = { id, key: expectSchema(ApiKeyCreated, key.body).key };
});
afterEach(async () => {
  cleanup();
  await setBudgets([]);
});

const input = (memberId: string, period: string) =>
  screen.getAllByTestId("budget-input").find((el) => el.dataset.member === memberId && el.dataset.period === period)!;

describe("BudgetsSettings", () => {
  it("an admin sets the team's and a person's budgets; the service keeps them; a bad figure sends nothing", async () => {
    const { requests } = renderWithService(svc, <BudgetsSettings />);
    const form = await screen.findByTestId("budgets-form");
    const rows = within(form).getAllByTestId("budget-row");
    expect(rows[0]).toHaveTextContent("The whole team");
    expect(rows.some((r) => r.textContent?.includes("Ada"))).toBe(true);

    await userEvent.type(input("team", "month"), "-5");
    await userEvent.click(screen.getByTestId("budgets-save"));
    expect(input("team", "month")).toHaveAttribute("aria-invalid", "true");
    expect(requests.filter((r) => r.method === "PUT")).toEqual([]);

    await userEvent.clear(input("team", "month"));
    await userEvent.type(input("team", "month"), "500");
    await userEvent.type(input(member.id, "day"), "12.5");
    await userEvent.click(screen.getByTestId("budgets-save"));
    await waitFor(() => expect(requests.filter((r) => r.method === "PUT")).toHaveLength(1));
    expect(requests.find((r) => r.method === "PUT")).toMatchObject({
      url: expect.objectContaining({ pathname: `${SVC_PATH}/v2/budgets` }),
    });
    await waitFor(() => expect(input("team", "month")).not.toHaveAttribute("aria-invalid"));
    const kept = (await budgets()).budgets.map(({ memberId, period, credits }) => ({ memberId, period, credits }));
    expect(kept).toEqual(
      expect.arrayContaining([
        { memberId: null, period: "month", credits: 500 },
        { memberId: member.id, period: "day", credits: 12.5 },
      ]),
    );
    expect(kept).toHaveLength(2);
    // What the period used shows under each budget.
    const used = screen
      .getAllByTestId("budget-used")
      .find((el) => el.dataset.member === "team" && el.dataset.period === "month")!;
    await waitFor(() => expect(used).toHaveTextContent(/used this month \(\d+%\)$/));
  });

  it("someone else sees the budgets that apply to them, read-only", async () => {
    await setBudgets([
      { memberId: null, period: "month", credits: 500 },
      { memberId: member.id, period: "day", credits: 20 },
    ]);
    renderWithService(svc, <BudgetsSettings />, { apiKey: member.key });
    const own = await screen.findByTestId("own-budgets");
    expect(own).toHaveTextContent("The team's monthly budget");
    expect(own).toHaveTextContent("Your daily budget: 0 of 20 credits used (0%)");
    expect(screen.queryByTestId("budgets-form")).toBeNull();
  });

  it("a service without budgets says so", async () => {
    renderWithService(svc, <BudgetsSettings />, { answer: () => json({ message: "No such endpoint" }, 404) });
    expect(await screen.findByText(/This service has no budgets/)).toBeInTheDocument();
  });
});

describe("BudgetNotice", () => {
  it("nothing below 80%; a warning from 80%; at 100% an alert that new messages are refused", async () => {
    const { used } = await teamMonthUsed();
    expect(used).toBeGreaterThan(0);

    await setBudgets([{ memberId: null, period: "month", credits: used * 10 }]);
    const quiet = renderWithService(svc, <BudgetNotice />);
    await waitFor(() => expect(quiet.requests).toHaveLength(1));
    expect(screen.queryByTestId("budget-warning")).toBeNull();
    cleanup();

    await setBudgets([{ memberId: null, period: "month", credits: used / 0.9 }]);
    renderWithService(svc, <BudgetNotice />);
    const warning = await screen.findByTestId("budget-warning");
    expect(warning).toHaveAttribute("data-level", "warning");
    expect(warning).toHaveAttribute("role", "status");
    expect(warning).toHaveTextContent(/^90% of the team's monthly budget is used \(.* credits\); it starts again at /);
    cleanup();

    await setBudgets([{ memberId: null, period: "month", credits: used }]);
    renderWithService(svc, <BudgetNotice />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveAttribute("data-level", "exceeded");
    expect(alert).toHaveTextContent(
      /^The team's monthly budget of .* credits is used up: new messages are refused until /,
    );
  });
});

async function teamMonthUsed() {
  await setBudgets([{ memberId: null, period: "month", credits: 1_000_000 }]);
  return (await budgets()).budgets[0]!;
}
