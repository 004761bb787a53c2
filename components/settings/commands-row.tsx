import { Box, TriangleAlert } from "lucide-react";

/** Where the model-backed agent's approved commands run (from the server's AGENT_COMMAND_* settings). */
export type CommandFacts =
  | { enabled: false }
  | {
      enabled: true;
      backend: "bubblewrap" | "none";
      /** What the network lets a command reach, in words. */
      network: string;
      /** Each limit with its value and the variable that sets it. */
      limits: Array<{ label: string; value: string; variable: string }>;
    };

/** The agent's commands: off, in the sandbox (its backend, network and limits), or without one (a warning). */
export function CommandsRow({ commands }: { commands: CommandFacts }) {
  if (!commands.enabled)
    return (
      <span className="text-muted-foreground">
        Off: the agent cannot run commands (AGENT_ALLOW_COMMANDS=1 lets it ask, each one approved by you).
      </span>
    );
  return (
    <div className="space-y-2">
      {commands.backend === "none" ? (
        <p
          role="alert"
          data-testid="settings-commands-warning"
          className="flex gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm text-danger"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">No sandbox</strong> (AGENT_COMMAND_SANDBOX=none): approved commands run as
            this server&apos;s user, with its files (DATA_DIR and its secrets), its processes and its network.
          </span>
        </p>
      ) : (
        <p className="flex gap-2">
          <Box className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            Approved commands run in a <strong className="font-medium">bubblewrap sandbox</strong> on a copy of the
            chat&apos;s files: nothing else of this server. Network: {commands.network}.
          </span>
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs" data-testid="settings-command-limits">
        {commands.limits.map((limit) => (
          <div key={limit.variable} className="contents">
            <dt className="text-muted-foreground">{limit.label}</dt>
            <dd className="min-w-0 break-words">
              {limit.value} <code className="font-mono text-muted-foreground">{limit.variable}</code>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
