"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { AttachmentInput } from "@/lib/api";
import { isInlineImage, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "@/lib/api/attachments/limits";
import { formatBytes } from "@/components/files/download";

/** A file picked, dropped or pasted into the composer, not sent yet. */
export interface PendingAttachment {
  key: string;
  file: File;
  name: string;
  /** An object URL of the file for the thumbnail (images only); revoked when removed. */
  preview: string | null;
  /** A pasted image: sent as `type: "screenshot"`. */
  screenshot: boolean;
  /** Why it cannot be sent (too big), before anything is sent. */
  problem: string | null;
}

export interface PendingAttachments {
  items: readonly PendingAttachment[];
  add(files: readonly File[], opts?: { screenshot?: boolean }): void;
  remove(key: string): void;
  clear(): void;
  /** Why the message cannot be sent with these (too many, too big); null when it can. */
  blocked: string | null;
  /** The attachments as the create/send body carries them: each file's bytes as a `data:` URL. */
  toBody(): Promise<AttachmentInput[]>;
}

let counter = 0;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** A pasted image's name ("image.png" from every browser) made telling: "screenshot-14-03-22.png". */
function screenshotName(file: File): string {
  const ext = file.type.split("/")[1]?.replace("jpeg", "jpg") ?? "png";
  const time = new Date().toTimeString().slice(0, 8).replaceAll(":", "-");
  return `screenshot-${time}.${ext}`;
}

/**
 * The composer's attachments: added by the file picker, a drop or a paste; the limits (at most MAX_ATTACHMENTS, each
 * at most 3 MB) are checked here and explained before sending, as the service would refuse them (422/413).
 */
export function usePendingAttachments(): PendingAttachments {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const live = useRef(items);
  useEffect(() => {
    live.current = items;
  }, [items]);
  useEffect(() => () => live.current.forEach((i) => i.preview && URL.revokeObjectURL(i.preview)), []);

  const add = useCallback((files: readonly File[], opts: { screenshot?: boolean } = {}) => {
    const added = files.map((file): PendingAttachment => {
      const screenshot = !!opts.screenshot && file.type.startsWith("image/");
      return {
        key: `att-${++counter}`,
        file,
        name: screenshot ? screenshotName(file) : file.name || "file",
        preview: isInlineImage(file.type) ? URL.createObjectURL(file) : null,
        screenshot,
        problem:
          file.size > MAX_ATTACHMENT_BYTES
            ? `${formatBytes(file.size)} is over the ${formatBytes(MAX_ATTACHMENT_BYTES)} limit`
            : null,
      };
    });
    if (added.length) setItems((now) => [...now, ...added]);
  }, []);

  const remove = useCallback((key: string) => {
    setItems((now) => {
      const gone = now.find((i) => i.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return now.filter((i) => i.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((now) => {
      now.forEach((i) => i.preview && URL.revokeObjectURL(i.preview));
      return [];
    });
  }, []);

  const tooBig = items.filter((i) => i.problem);
  const blocked =
    items.length > MAX_ATTACHMENTS
      ? `At most ${MAX_ATTACHMENTS} attachments per message: remove ${items.length - MAX_ATTACHMENTS}.`
      : tooBig.length
        ? `Each attachment may have at most ${formatBytes(MAX_ATTACHMENT_BYTES)}: remove ${tooBig.map((i) => i.name).join(", ")}.`
        : null;

  const toBody = useCallback(
    async () =>
      Promise.all(
        live.current.map(async (i): Promise<AttachmentInput> => {
          const zip = i.file.type === "application/zip" || /\.zip$/i.test(i.name);
          return {
            url: await readAsDataUrl(i.file),
            name: i.name,
            ...(i.file.type ? { contentType: i.file.type } : {}),
            size: i.file.size,
            ...(i.screenshot ? { type: "screenshot" as const } : zip ? { type: "zip" as const } : {}),
          };
        }),
      ),
    [],
  );

  return { items, add, remove, clear, blocked, toBody };
}
