// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ChatWithUsage, type ChatApp } from "@/lib/api/schemas";
import { call, expectSchema, serviceForFile } from "@/lib/embedded/test-support";
import { renderWithService } from "@/test/render-with-service";
import { PreviewProblems } from "./preview-problems";
import type { KeptReport } from "./preview-reports";

/**
 * A chat's app that crashed or whose install failed is listed in the Preview tab's Problems (issue 41): its step, its
 * message and the log's last lines, with "Fix with agent" sending them (beside the page's own problems); once the app
 * runs again the problem is gone.
 */
afterEach(cleanup);
const svc = serviceForFile();

const log = Array.from({ length: 30 }, (_, i) => `out ${i}`).join("\n") + "\nError: boom at server.js:3\n";
const app = (fields: Partial<ChatApp>): ChatApp => ({
  enabled: true,
  runnable: true,
  reason: null,
  script: "start",
  state: "running",
  message: null,
  failedStep: null,
  exitCode: null,
  stopReason: null,
  log,
  updatedAt: new Date().toISOString(),
  ...fields,
});
const crashed = app({
  state: "crashed",
  failedStep: "run",
  exitCode: 1,
  message: "The app's server exited with code 1.",
});

const pageError: KeptReport = {
  n: 1,
  kind: "error",
  message: "TypeError: page broke",
  file: "",
  line: 0,
  column: 0,
  stack: "",
} as KeptReport;

const problems = (chatId: string, shown: ChatApp, reports: KeptReport[] = []) => (
  <PreviewProblems
    chatId={chatId}
    generating={false}
    reports={reports}
    previewUrl="http://p.localhost/"
    chatFiles={[]}
    onOpenFile={() => {}}
    available={false}
    page={null}
    app={shown}
  />
);

/** The problems of an app whose state the test changes (as the polled state would). */
let show: (next: ChatApp) => void = () => {};
function Changing({ chatId, first }: { chatId: string; first: ChatApp }) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    show = setShown;
  }, []);
  return problems(chatId, shown);
}

async function newChat(): Promise<string> {
  const res = await call(svc, "POST", "/v2/chats/from-files", {
    body: { files: [{ name: "index.html", content: "<p>hi</p>" }] },
  });
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

describe("an app's crash in Problems", () => {
  it("lists a crash with its message and the log's last lines, and Fix with agent sends them", async () => {
    const chatId = await newChat();
    const { requests } = renderWithService(svc, problems(chatId, crashed, [pageError]));
    await userEvent.click(screen.getByTestId("preview-view-problems"));
    expect(screen.getByTestId("preview-view-problems")).toHaveTextContent("Problems (2)");
    const item = screen.getByTestId("app-problem");
    expect(item).toHaveAttribute("data-step", "run");
    expect(item).toHaveTextContent("The app crashed: The app's server exited with code 1.");
    expect(item).toHaveTextContent("Error: boom at server.js:3");
    expect(item).toHaveTextContent("out 29");
    expect(item).not.toHaveTextContent("out 20");
    // Shown although the page in the frame never reported (the state page stands in for the app).
    expect(screen.queryByTestId("capture-unavailable")).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId("problems-fix"));
    await waitFor(() => {
      const sent = requests.find((r) => r.method === "POST" && r.url.pathname.includes(`/v2/chats/${chatId}/messages`));
      expect(sent).toBeDefined();
      expect(JSON.stringify(sent?.body)).toContain("crashed: The app's server exited with code 1.");
      expect(JSON.stringify(sent?.body)).toContain("Error: boom at server.js:3");
      expect(JSON.stringify(sent?.body)).toContain("TypeError: page broke");
    });
  });

  it("shows a stack trace from its error's line", async () => {
    const chatId = await newChat();
    const trace = [
      "listening",
      "/app/server.js:2",
      "Error: the server broke",
      ...Array.from({ length: 10 }, (_, i) => `    at frame ${i}`),
      "Node.js v20",
    ];
    renderWithService(svc, problems(chatId, app({ ...crashed, log: trace.join("\n") })));
    await userEvent.click(screen.getByTestId("preview-view-problems"));
    const item = screen.getByTestId("app-problem");
    expect(item).toHaveTextContent("Error: the server broke");
    expect(item).toHaveTextContent("at frame 9");
    expect(item).not.toHaveTextContent("listening");
  });

  it("names a failed install, and drops the problem once the app runs again", async () => {
    const chatId = await newChat();
    const failed = app({ state: "crashed", failedStep: "install", message: "The install failed (exit code 1)." });
    renderWithService(svc, <Changing chatId={chatId} first={failed} />);
    await userEvent.click(screen.getByTestId("preview-view-problems"));
    const list = screen.getByRole("region", { name: "Problems" });
    expect(within(list).getByTestId("app-problem")).toHaveAttribute("data-step", "install");
    expect(within(list).getByTestId("app-problem")).toHaveTextContent("The install failed: The install failed");
    act(() => show(app({ state: "running" })));
    expect(screen.queryByTestId("app-problem")).not.toBeInTheDocument();
    expect(screen.getByTestId("preview-view-problems")).toHaveTextContent("Problems (0)");
    act(() => show(app({ state: "starting" })));
    expect(screen.queryByTestId("app-problem")).not.toBeInTheDocument();
  });
});
