"use client";

import { startTransition, useEffect, useState } from "react";

/**
 * How long a chat opened before its first part waits for that part before it mounts the rest of its view anyway (an
 * agent slow to start: the composer, and its Stop, should not wait for it).
 */
const FIRST_PART_WAIT_MS = 600;

/**
 * Whether the chat view draws all of itself, or only its light first-answer shell (header, the messages without the
 * virtualizer, the composer's space kept empty). A chat opened while this tab's stream runs and no message is stored
 * yet (`startsLight`: a chat just created) starts light: mounting the whole view (virtualized timeline, composer,
 * approval banner, usage) is one synchronous render of tens of milliseconds, which would hold the first part back and
 * take the CPU the server needs to write it (both run on the same cores). The rest mounts once a part is there
 * (`hasPart`, or the stream has ended) and has been painted: a frame later, at normal priority (a transition would be
 * interrupted by every stream event). When the first part is slow to come (an agent slow to start: the composer and
 * its Stop should not wait for it), it mounts after FIRST_PART_WAIT_MS, in a transition. Any other chat is whole from
 * the start.
 */
export function useFullChatView(startsLight: boolean, hasPart: boolean): boolean {
  const [full, setFull] = useState(!startsLight);
  useEffect(() => {
    if (full) return;
    if (!hasPart) {
      const timer = setTimeout(() => startTransition(() => setFull(true)), FIRST_PART_WAIT_MS);
      return () => clearTimeout(timer);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setFull(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [full, hasPart]);
  return full;
}
