"use client";

import { Sparkles } from "lucide-react";
import { useRef, useState } from "react";
import type { CreateChatBody, Privacy } from "@/lib/api/schemas";
import { useCreateChat, useCreateChatStream } from "@/lib/hooks/use-chat-mutations";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ReadOnlyNote } from "@/components/people/read-only-note";
import { useCanWrite } from "@/lib/hooks/person";
import { useDefaultPrivacy } from "@/lib/hooks/use-default-privacy";
import type { StreamRun } from "@/lib/hooks/stream-registry";
import { openNewChat } from "./chat-navigation";
import { newChatDraft } from "./new-chat-draft";
import { usePendingAttachments } from "./attachments/use-pending-attachments";
import { ImportFilesDialog } from "./import-files-dialog";
import { McpServerPicker } from "./mcp-server-picker";
import { PRIVACY_ORDER } from "./privacy-choices";
import { PromptBox } from "./prompt-box";
import { ResponseModePicker, useResponseMode } from "./response-mode-picker";

const PENDING: Record<string, string> = {
  async: "Creating the chat (async)…",
  sync: "The agent is working; the chat opens when the answer is finished (sync)…",
};

/** The new-chat form; a viewer, who cannot create chats, is told so where it would be. */
export function NewChatForm() {
  const canWrite = useCanWrite();
  if (!canWrite)
    return (
      <section aria-label="New chat" data-testid="new-chat-read-only">
        <ReadOnlyNote>You can read the team&apos;s chats; members create new ones.</ReadOnlyNote>
      </section>
    );
  return <NewChatFields />;
}

/**
 * "Describe an app": creates a chat in the chosen response mode with its options (privacy, MCP servers,
 * credential access) and opens it — at once when streaming (drawn from the stream, NewChatDraft, until the chat view
 * takes over with the first part) or async, with the finished answer when sync.
 */
function NewChatFields() {
  const create = useCreateChat();
  const createStreaming = useCreateChatStream();
  const [error, setError] = useState<Error | null>(null);
  // Stream mode renders nothing while the service starts the chat (see new-chat-draft.tsx): a second Enter meanwhile
  // is ignored here instead of by a busy box.
  const sending = useRef(false);
  const [mode, setMode] = useResponseMode();
  // The person's choice; untouched, the chat gets the team's default (the service applies it: none is sent).
  const [chosenPrivacy, setPrivacy] = useState<Privacy | null>(null);
  const teamDefault = useDefaultPrivacy().privacy;
  const privacy = chosenPrivacy ?? teamDefault ?? "private";
  const [mcpServerIds, setMcpServerIds] = useState<string[]>([]);
  const [sharedNpm, setSharedNpm] = useState(false);
  const [github, setGithub] = useState(false);
  const [instructions, setInstructions] = useState<string | null>(null);
  const attachments = usePendingAttachments();

  const onSubmit = async (prompt: string) => {
    if (sending.current) return false;
    sending.current = true;
    const body: CreateChatBody = { message: prompt };
    if (chosenPrivacy) body.privacy = chosenPrivacy;
    if (mcpServerIds.length) body.mcpServerIds = mcpServerIds;
    if (sharedNpm || github) body.credentialAccess = { sharedNpm, github };
    if (instructions?.trim()) body.systemPrompt = instructions.trim();
    let draft: StreamRun | null = null;
    try {
      if (attachments.items.length) body.attachments = await attachments.toBody();
      const onStream = (run: StreamRun) => newChatDraft.open((draft = run));
      setError(null);
      const chat =
        mode === "stream" ? await createStreaming(body, onStream) : (await create.mutateAsync({ body, mode })).chat;
      attachments.clear();
      // Left for another page while the draft showed: the chat is in the list.
      if (draft && newChatDraft.run() !== draft) return true;
      openNewChat(chat.id);
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
      newChatDraft.close(draft);
      return false;
    } finally {
      sending.current = false;
    }
  };
  return (
    <section aria-labelledby="new-chat-heading" data-testid="new-chat-form" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="new-chat-heading" className="flex items-center gap-2 text-sm font-medium">
          <Sparkles className="size-4 text-muted-foreground" aria-hidden />
          New chat
        </h2>
        <ImportFilesDialog />
      </div>
      <PromptBox
        onSubmit={onSubmit}
        label="Describe an app to build"
        placeholder="Describe an app to build, e.g. “a pomodoro timer with a dark theme”"
        busy={create.isPending}
        rows={3}
        autoFocus
        attachments={attachments}
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 px-1 text-xs">
        <ResponseModePicker value={mode} onChange={setMode} disabled={create.isPending} />
        <label className="inline-flex items-center gap-1.5">
          <span className="text-muted-foreground">Privacy</span>
          <select
            data-testid="privacy-select"
            value={privacy}
            onChange={(e) => setPrivacy(e.target.value as Privacy)}
            className="rounded-md border border-input bg-card px-1.5 py-0.5"
          >
            {PRIVACY_ORDER.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="inline-flex items-center gap-3">
          <legend className="sr-only">Credential access</legend>
          <span aria-hidden className="text-muted-foreground">
            Credentials
          </span>
          <label className="inline-flex items-center gap-1" title="Let the agent use the shared npm credentials">
            <input type="checkbox" checked={sharedNpm} onChange={(e) => setSharedNpm(e.target.checked)} />
            shared npm
          </label>
          <label className="inline-flex items-center gap-1" title="Let the agent use the GitHub credentials">
            <input type="checkbox" checked={github} onChange={(e) => setGithub(e.target.checked)} />
            GitHub
          </label>
        </fieldset>
      </div>
      <div className="px-1">
        <McpServerPicker value={mcpServerIds} onChange={setMcpServerIds} />
      </div>
      <div className="px-1 text-xs">
        {instructions === null ? (
          <button
            type="button"
            onClick={() => setInstructions("")}
            data-testid="add-instructions"
            className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
          >
            + Instructions for the agent
          </button>
        ) : (
          <label className="block space-y-1">
            <span className="text-muted-foreground">
              Instructions for the agent (its system prompt for this chat; kept with the chat)
            </span>
            <textarea
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
              maxLength={10_000}
              rows={3}
              autoFocus
              data-testid="instructions"
              placeholder="e.g. Use plain CSS, no frameworks. Keep every page accessible."
              className="w-full resize-y rounded-md border border-input bg-card px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/30"
            />
          </label>
        )}
      </div>
      {create.isPending ? (
        <p className="text-xs text-muted-foreground" role="status">
          {PENDING[create.variables?.mode ?? mode]}
        </p>
      ) : null}
      {error ? <ErrorPanel error={error} title="The chat was not created" /> : null}
    </section>
  );
}
