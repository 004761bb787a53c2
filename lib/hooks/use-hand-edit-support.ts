import { useCallback, useState } from "react";
import { isServiceError } from "@/lib/api/errors";
import { useServiceClient } from "./service-clients";
import { useLocalStorage } from "./use-local-storage";

/** Where the browser remembers that this dashboard's deployment has no `PATCH /v2/chats/{id}/files`. */
const KEY = "atelier:hand-edits-unsupported";
/** How long that is believed: a deployment that gains the operation is tried again after a day. */
const REMEMBER_MS = 24 * 60 * 60 * 1000;

interface Learned {
  status: number;
  until: number;
}

function readLearned(stored: string | null, now: number): Learned | null {
  if (!stored) return null;
  try {
    const learned = JSON.parse(stored) as Partial<Learned>;
    return typeof learned.status === "number" && typeof learned.until === "number" && learned.until > now
      ? (learned as Learned)
      : null;
  } catch {
    return null;
  }
}

/** Why editing is off on this deployment, from the status it answered. */
export const unsupportedReason = (status: number) =>
  `this service does not offer editing files (it answered ${status} to PATCH /v2/chats/{id}/files).`;

/**
 * Whether this dashboard's deployment can edit files by hand. It is learnt once, from the first answer to a hand edit
 * that says the operation does not exist (405, or 404 for a chat that does exist), and remembered in the browser
 * (one dashboard talks to one deployment), so the Edit button and the tree's file actions are off up front from then
 * on, saying why. `learn(error)` is given each failed hand edit; true when it showed the operation is missing.
 */
export function useHandEditSupport(chatId: string): {
  unsupported: string | null;
  learn: (error: unknown) => Promise<boolean>;
} {
  const client = useServiceClient();
  const [stored, setStored] = useLocalStorage(KEY);
  // What was learnt holds while the page lives; its expiry is checked against when the page opened.
  const [openedAt] = useState(() => Date.now());
  const learned = readLearned(stored, openedAt);
  const learn = useCallback(
    async (error: unknown) => {
      if (!isServiceError(error) || (error.status !== 404 && error.status !== 405)) return false;
      // A 404 also answers a chat deleted meanwhile: only a chat that still exists shows the operation is missing.
      if (
        error.status === 404 &&
        !(await client.getChat(chatId).then(
          () => true,
          () => false,
        ))
      )
        return false;
      setStored(JSON.stringify({ status: error.status, until: Date.now() + REMEMBER_MS } satisfies Learned));
      return true;
    },
    [client, chatId, setStored],
  );
  return { unsupported: learned ? unsupportedReason(learned.status) : null, learn };
}
