"use client";

import { RefreshCw, Share2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Chat, UpdateChatBody } from "@/lib/api/schemas";
import { useIsAuthor } from "@/lib/hooks/person";
import { useRotateShare, useUpdateChat } from "@/lib/hooks/use-chats";
import { AppDialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { PrivacyChoices } from "./privacy-choices";

/** A datetime-local value for an ISO time, in the browser's zone (and back). */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * The chat header's Share control: the privacy (five values, one line each) and, for an unlisted or public chat, its
 * link with Copy, Rotate (the old link stops at once) and an optional expiry. Only the author changes these (the
 * service refuses anyone else, 403 `author_only`): a chat the service says you may not change (`writePermission`
 * false: someone else's team chat, or a viewer's) shows no Share control, nor does someone else's team-edit chat when
 * the dashboard knows the person's service id (the embedded service: `useIsAuthor`); its privacy badge says who sees
 * it. With a remote service (whose ids are not Atelier's people's) a member on someone else's team-edit chat still
 * sees it, and the service's refusal comes as a toast.
 */
export function ShareControl({ chat }: { chat: Chat }) {
  const [open, setOpen] = useState(false);
  const author = useIsAuthor(chat.authorId);
  if (chat.writePermission === false || author === false) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        data-testid="share-button"
        aria-label={`Share: ${chat.privacy}`}
        onClick={() => setOpen(true)}
      >
        <Share2 className="size-4" aria-hidden />
        <span className="hidden sm:inline">Share</span>
      </Button>
      <AppDialog open={open} onOpenChange={setOpen} title="Share this chat" testId="share-dialog">
        <ShareSettings chat={chat} />
      </AppDialog>
    </>
  );
}

function ShareSettings({ chat }: { chat: Chat }) {
  const update = useUpdateChat(chat.id);
  const rotate = useRotateShare(chat.id);
  const [expiry, setExpiry] = useState(chat.shareExpiresAt ? toLocalInput(chat.shareExpiresAt) : "");
  const fail = (what: string) => (error: unknown) =>
    toast.error(what, { description: error instanceof Error ? error.message : String(error) });
  const apply = (body: UpdateChatBody, what: string) => update.mutateAsync(body).catch(fail(what));
  const pending = update.isPending || rotate.isPending;

  return (
    <div className="space-y-5">
      <PrivacyChoices
        name="privacy"
        legend="Who can see it"
        value={chat.privacy}
        onChange={(p) => void apply({ privacy: p }, "The privacy could not be changed")}
        disabled={pending}
        testIdPrefix="share-privacy-"
      />

      {chat.shareUrl ? (
        <section className="space-y-3" aria-label="Share link">
          <div className="flex items-center gap-2">
            <input
              readOnly
              aria-label="Share link"
              value={chat.shareUrl}
              data-testid="share-url"
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-border bg-background px-2 py-1.5 font-mono text-xs"
            />
            <CopyButton value={chat.shareUrl} label="Copy link" className="size-8" />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <label className="flex items-center gap-2">
              <span>Expires</span>
              <input
                type="datetime-local"
                aria-label="Link expiry"
                data-testid="share-expiry"
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                className="rounded-md border border-border bg-background px-2 py-1"
              />
            </label>
            <Button
              size="sm"
              variant="secondary"
              disabled={pending || !expiry}
              onClick={() =>
                void apply({ shareExpiresAt: new Date(expiry).toISOString() }, "The expiry could not be set")
              }
            >
              Set
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={pending || !chat.shareExpiresAt}
              onClick={() => {
                setExpiry("");
                void apply({ shareExpiresAt: null }, "The expiry could not be removed");
              }}
            >
              Never
            </Button>
          </div>
          <div className="flex items-center justify-between gap-2 border-t border-border pt-3 text-xs text-muted-foreground">
            <span>A new link stops the current one at once.</span>
            <Button
              size="sm"
              variant="secondary"
              data-testid="share-rotate"
              disabled={pending}
              onClick={() =>
                void rotate
                  .mutateAsync()
                  .then(() => toast.success("New link made; the old one no longer opens."))
                  .catch(fail("The link could not be replaced"))
              }
            >
              <RefreshCw className="size-3.5" aria-hidden />
              New link
            </Button>
          </div>
        </section>
      ) : (
        <p className="text-xs text-muted-foreground">
          Unlisted and public chats get a link anyone can open, read-only, without signing in.
        </p>
      )}
    </div>
  );
}
