// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ChatWithUsage } from "@/lib/api/schemas";
import { bwrapUnavailable, killAll } from "@/lib/embedded/sandbox/test-support";
import { call, expectSchema, serviceForFile } from "@/lib/embedded/test-support";
import { renderWithService } from "@/test/render-with-service";
import { appFixPrompt } from "./app-fix-prompt";
import { PreviewPanel } from "./preview-panel";

/**
 * The Preview tab of a chat whose files are an app (issue 41) against the real embedded service with the app runtime
 * on (a zero-dependency Node app in the bubblewrap sandbox): the state badge, Restart, a crash shown in Logs with
 * "Fix with agent" sending its log, Stop and Start, a reader's disabled buttons, an error polling the state; and
 * with the runtime off, only a note saying the files are served as files.
 */
const MARK = `atelier-appui-${process.pid}-${Date.now()}`;
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-appui-cache-"));
afterAll(() => {
  killAll(MARK);
  rmSync(cacheDir, { recursive: true, force: true });
});
afterEach(cleanup);

const svc = serviceForFile({ appRuntime: { settings: { cacheDir, startTimeoutMs: 20_000 } } });
const off = serviceForFile();

const server = (body: string) =>
  `// ${MARK}\nconst http = require("node:http");\n${body}\nconsole.log("listening on", process.env.PORT);\n` +
  `http.createServer((req, res) => res.end("ok")).listen(Number(process.env.PORT), process.env.HOST);\n`;
const files = [
  { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${MARK}.js` } }) },
  { name: `${MARK}.js`, content: server("") },
];

async function newChat(s: typeof svc): Promise<string> {
  const res = await call(s, "POST", "/v2/chats/from-files", { body: { files } });
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

const panel = (chatId: string, canWrite = true) => (
  <PreviewPanel
    chatId={chatId}
    generating={false}
    versionKey="v"
    frameRef={createRef()}
    reports={[]}
    heard={false}
    clearReports={() => {}}
    chatFiles={[]}
    onOpenFile={() => {}}
    picking={false}
    onPickingChange={() => {}}
    canWrite={canWrite}
  />
);

const stateIs = (state: string, timeout = 30_000) =>
  waitFor(() => expect(screen.getByTestId("app-state")).toHaveAttribute("data-state", state), { timeout });

describe.skipIf(bwrapUnavailable)("the Preview tab of an app", () => {
  it("shows its state, its log, a crash in Logs with Fix with agent; Stop and Start", async () => {
    const chatId = await newChat(svc);
    const { requests } = renderWithService(svc, panel(chatId));
    // Never started (jsdom loads no frame): it reads as starting until Restart starts it.
    await stateIs("starting", 10_000);
    expect(screen.getByTestId("preview-view-logs")).toBeInTheDocument();
    await userEvent.click(screen.getByTestId("app-restart"));
    await stateIs("running");

    await userEvent.click(screen.getByTestId("preview-view-logs"));
    await waitFor(() => expect(screen.getByTestId("app-log")).toHaveTextContent("listening on 3000"), {
      timeout: 10_000,
    });

    // A hand edit that throws: the app crashes; the badge, its message, the log; Fix with agent sends the log's end.
    await call(svc, "PATCH", `/v2/chats/${chatId}/files`, {
      body: { files: [{ path: `${MARK}.js`, content: server(`throw new Error("boom ${MARK}");`) }] },
    });
    await stateIs("crashed");
    expect(screen.getByTestId("app-message")).toHaveTextContent("exited with code 1");
    await waitFor(() => expect(screen.getByTestId("app-log")).toHaveTextContent(`boom ${MARK}`), { timeout: 10_000 });
    await userEvent.click(screen.getByTestId("app-fix"));
    await waitFor(() =>
      expect(
        requests.some(
          (r) =>
            r.method === "POST" &&
            r.url.pathname.includes(`/v2/chats/${chatId}/messages`) &&
            JSON.stringify(r.body).includes(`boom ${MARK}`),
        ),
      ).toBe(true),
    );

    // Stop: the frame gives way to a Start button (the frame would start it again).
    await userEvent.click(screen.getByTestId("app-stop"));
    await stateIs("stopped");
    expect(screen.getByTestId("app-stopped")).toBeInTheDocument();
    expect(screen.queryByTestId("preview-frame")).not.toBeInTheDocument();
    expect(screen.getByTestId("app-stop")).toBeDisabled();
    await userEvent.click(screen.getByTestId("app-start"));
    await waitFor(() => expect(screen.getByTestId("app-state")).not.toHaveAttribute("data-state", "stopped"));
    expect(screen.getByTestId("preview-frame")).toBeInTheDocument();
    await call(svc, "POST", `/v2/chats/${chatId}/app/stop`);
  }, 120_000);

  it("a reader sees the state but Restart and Stop are disabled", async () => {
    const chatId = await newChat(svc);
    renderWithService(svc, panel(chatId, false));
    await stateIs("starting", 10_000);
    expect(screen.getByTestId("app-restart")).toBeDisabled();
    expect(screen.getByTestId("app-stop")).toBeDisabled();
    expect(screen.getByTestId("app-restart")).toHaveAttribute("title", expect.stringContaining("Only people"));
  });

  it("a failed read of the state shows in Logs with a retry that reads it again", async () => {
    const chatId = await newChat(svc);
    let fail = false;
    renderWithService(svc, panel(chatId), {
      answer: (req, res) =>
        fail && req.method === "GET" && new URL(req.url).pathname.endsWith("/app")
          ? new Response(JSON.stringify({ message: "the app's state is gone" }), {
              status: 500,
              headers: { "content-type": "application/json" },
            })
          : res,
    });
    await stateIs("starting", 10_000);
    fail = true;
    await userEvent.click(screen.getByTestId("preview-view-logs"));
    const logs = screen.getByTestId("app-logs");
    await waitFor(() => expect(within(logs).getByRole("alert")).toHaveTextContent("the app's state is gone"), {
      timeout: 10_000,
    });
    fail = false;
    await userEvent.click(within(logs).getByRole("button", { name: /try again/i }));
    await waitFor(() => expect(within(screen.getByTestId("app-logs")).queryByRole("alert")).toBeNull());
  }, 30_000);
});

describe("the Preview tab of a service without the runtime", () => {
  it("shows no app bar and no Logs view, but says the app's files are served as files and who can change that", async () => {
    const chatId = await newChat(off);
    renderWithService(off, panel(chatId));
    await screen.findByTestId("preview-frame");
    await waitFor(() => expect(screen.getByTestId("preview-view-problems")).toBeInTheDocument());
    // The app's answer (runnable false, with why) has come: a note, no bar.
    expect(await screen.findByTestId("app-not-run")).toHaveTextContent(/serves files only.*APP_RUNTIME=auto/);
    expect(screen.queryByTestId("app-bar")).not.toBeInTheDocument();
    expect(screen.queryByTestId("preview-view-logs")).not.toBeInTheDocument();
  });
});

describe("appFixPrompt", () => {
  it("names the step and the message and quotes the log's end", () => {
    const log = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const prompt = appFixPrompt({
      failedStep: "install",
      message: "The install failed (exit code 1).",
      script: "dev",
      log,
    });
    expect(prompt).toContain("Installing the app's dependencies failed: The install failed (exit code 1).");
    expect(prompt).toContain("line 99");
    expect(prompt).not.toContain("line 39\n");
    expect(appFixPrompt({ failedStep: "run", message: null, script: "start", log: "" })).toContain(
      "The app's server (the `start` script) crashed.",
    );
  });
});
