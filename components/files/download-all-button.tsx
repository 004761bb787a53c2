"use client";

import { FileArchive } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { isServiceError } from "@/lib/api/errors";
import type { ChatFile } from "@/lib/api/schemas";
import { isUnsupported } from "@/lib/hooks/use-chats";
import { useServiceClient } from "@/lib/hooks/service-clients";
import { Spinner } from "@/components/ui/spinner";
import { downloadAllAsZip, saveBlob, zipName } from "./download";

/**
 * "Download all": the service's archive (GET /v2/chats/{chatId}/files/download, streamed by the service) when it has
 * the operation; otherwise (404/405) the archive is made here from the files already loaded, and stays so.
 */
export function DownloadAllButton({
  chatId,
  title,
  files,
}: {
  chatId: string;
  title: string | null | undefined;
  files: readonly ChatFile[];
}) {
  const client = useServiceClient();
  const [pending, setPending] = useState(false);
  const [local, setLocal] = useState(false);
  const name = zipName(title, chatId);

  /** 405, or a 404 while the chat itself is there: the service has no such operation. */
  const lacksOperation = async (error: unknown) =>
    isUnsupported(error, chatId) ||
    (isServiceError(error) &&
      error.status === 404 &&
      (await client.getChat(chatId).then(
        () => true,
        () => false,
      )));

  const onClick = async () => {
    if (local) return downloadAllAsZip(files, name);
    setPending(true);
    try {
      saveBlob(await client.downloadFiles(chatId), name);
    } catch (error) {
      if (await lacksOperation(error)) {
        setLocal(true);
        downloadAllAsZip(files, name);
      } else {
        toast.error("The files could not be downloaded", {
          description: error instanceof Error ? error.message : String(error),
        });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      data-testid="download-zip"
      data-source={local ? "local" : "service"}
      onClick={() => void onClick()}
      disabled={pending}
      title="Download all files as a .zip"
      aria-label="Download all files as a zip archive"
      className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-60"
    >
      {pending ? <Spinner className="size-4" /> : <FileArchive className="size-4" aria-hidden />}
    </button>
  );
}
