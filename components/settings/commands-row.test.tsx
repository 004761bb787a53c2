// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CommandsRow, type CommandFacts } from "./commands-row";

afterEach(cleanup);

const limits = [
  { label: "Time", value: "60 s", variable: "AGENT_COMMAND_TIMEOUT_MS" },
  { label: "Output kept", value: "200,000 characters", variable: "AGENT_COMMAND_OUTPUT_CHARS" },
];

describe("CommandsRow", () => {
  it("off: says the agent cannot run commands and how to let it", () => {
    render(<CommandsRow commands={{ enabled: false }} />);
    expect(screen.getByText(/Off: the agent cannot run commands \(AGENT_ALLOW_COMMANDS=1/)).toBeInTheDocument();
    expect(screen.queryByTestId("settings-command-limits")).toBeNull();
  });

  it("bubblewrap: the sandbox, its network and each limit with its variable; no warning", () => {
    const facts: CommandFacts = { enabled: true, backend: "bubblewrap", network: "no network", limits };
    render(<CommandsRow commands={facts} />);
    expect(screen.getByText(/bubblewrap sandbox/)).toBeInTheDocument();
    expect(screen.getByText(/Network: no network\./)).toBeInTheDocument();
    const table = within(screen.getByTestId("settings-command-limits"));
    expect(table.getByText("60 s", { exact: false })).toHaveTextContent("60 s AGENT_COMMAND_TIMEOUT_MS");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("none: a warning, announced, that commands run as the server's user with its files, processes and network", () => {
    const facts: CommandFacts = { enabled: true, backend: "none", network: "this server's own (no sandbox)", limits };
    render(<CommandsRow commands={facts} />);
    const warning = screen.getByRole("alert");
    expect(warning).toHaveAttribute("data-testid", "settings-commands-warning");
    expect(warning).toHaveTextContent(
      "No sandbox (AGENT_COMMAND_SANDBOX=none): approved commands run as this server's user, with its files (DATA_DIR and its secrets), its processes and its network.",
    );
    expect(screen.queryByText(/bubblewrap sandbox/)).toBeNull();
  });
});
