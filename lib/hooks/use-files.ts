"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import type { ServiceClientV1 } from "@/lib/api/client-v1";
import { ServiceError } from "@/lib/api/errors";
import { applyLockToggle, applyPatchLocally } from "@/lib/api/files";
import type { Chat, UpdateFilesBody } from "@/lib/api/schemas";
import type { PatchVersionBodyV1, VersionV1 } from "@/lib/api/schemas/v1";
import { patchChat, refetchFresh, settleChat } from "./chat-cache";
import { reverseLockBody, splitPatchBody } from "./lock-batches";
import { filesKeys, queryKeys } from "./query-keys";
import { useServiceClient, useServiceClientV1 } from "./service-clients";

/**
 * Data of the chat page's files panel, over the proxy:
 * - contents: v2 `GET /v2/chats/{chatId}/files` (path, content, encoding);
 * - locks: the chat's latest v1 Version (`files: [{name, content, locked}]`), changed with
 *   `PATCH /v1/chats/{chatId}/versions/{versionId}` listing each file with its content unchanged (wire-decisions.md 6);
 * - the previous version (for diffs) from the versions list;
 * - the preview URL (polled until ready) and the host project.
 */

/** The chat's latest version (with files and locks) and the id of the one before it, if known. */
interface LatestVersion {
  version: VersionV1;
  previousId: string | null;
}

/**
 * The latest version: `GET /v1/chats/{chatId}/versions?limit=2` (newest first, no files; cheap even for a chat
 * with thousands of messages) then that version. A service without the versions list (404/405/501) falls back
 * to `GET /v1/chats/{chatId}`'s `latestVersion` (no previous id then). Null while the chat has no version.
 */
async function fetchLatestVersion(v1: ServiceClientV1, chatId: string): Promise<LatestVersion | null> {
  try {
    const list = await v1.listVersions(chatId, { limit: 2 });
    const [latest, previous] = list.data;
    if (!latest) return null;
    return { version: await v1.getVersion(chatId, latest.id), previousId: previous?.id ?? null };
  } catch (error) {
    if (!(error instanceof ServiceError) || ![404, 405, 501].includes(error.status)) throw error;
    const chat = await v1.getChat(chatId);
    return chat.latestVersion ? { version: chat.latestVersion, previousId: null } : null;
  }
}

export function useChatFiles(chatId: string) {
  const client = useServiceClient();
  return useQuery({
    queryKey: filesKeys.files(chatId),
    queryFn: () => client.getFiles(chatId),
    refetchOnWindowFocus: false,
  });
}

export function useLatestVersion(chatId: string) {
  const v1 = useServiceClientV1();
  return useQuery({
    queryKey: filesKeys.latestVersion(chatId),
    queryFn: () => fetchLatestVersion(v1, chatId),
    refetchOnWindowFocus: false,
  });
}

/** One version with its files (the previous version, for diffs); only fetched when enabled. */
export function useVersion(chatId: string, versionId: string | null, enabled: boolean) {
  const v1 = useServiceClientV1();
  return useQuery({
    queryKey: filesKeys.version(chatId, versionId ?? ""),
    queryFn: () => v1.getVersion(chatId, versionId!),
    enabled: enabled && !!versionId,
    staleTime: Infinity,
  });
}

/**
 * When a generation ends, the files, the versions and the preview may have changed: read them again, after this
 * moment. A new chat's panel makes its first reads while the agent is still working; one still in flight when the
 * answer ends was answered before its version existed, and a plain invalidation would join it (refetchFresh).
 */
export function useRefreshFilesAfterGeneration(chatId: string, generating: boolean) {
  const queryClient = useQueryClient();
  const was = useRef(generating);
  useEffect(() => {
    if (was.current && !generating) void refetchFresh(queryClient, filesKeys.files(chatId));
    was.current = generating;
  }, [chatId, generating, queryClient]);
}

function lockErrorMessage(error: unknown): string {
  if (error instanceof ServiceError) {
    if (error.code === "chat_busy" || (error.status === 409 && /generat/i.test(error.message))) {
      return "The agent is generating: change locks once it has finished.";
    }
    return `${error.userMessage || error.message}${error.status ? ` (HTTP ${error.status})` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Lock toggles with optimistic UI: the cached version shows the new locks at once; the PATCH (split in bodies
 * under the proxy's size limit) is sent on the latest version; if that version is no longer the latest (409
 * `version_not_latest`) the latest is refetched and the toggle applied to it once more. On failure the
 * covered files get their previous locks back and an error toast says why.
 */
export function useLockToggle(chatId: string) {
  const v1 = useServiceClientV1();
  const queryClient = useQueryClient();
  const key = useMemo(() => filesKeys.latestVersion(chatId), [chatId]);
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(0);

  const setLocal = useCallback(
    (body: PatchVersionBodyV1) =>
      queryClient.setQueryData<LatestVersion | null>(key, (data) =>
        data ? { ...data, version: { ...data.version, files: applyPatchLocally(data.version.files, body) } } : data,
      ),
    [queryClient, key],
  );

  const send = useCallback(
    async (versionId: string, body: PatchVersionBodyV1): Promise<VersionV1> => {
      let last: VersionV1 | null = null;
      for (const part of splitPatchBody(body)) last = await v1.patchVersion(chatId, versionId, part);
      return last!;
    },
    [v1, chatId],
  );

  const toggle = useCallback(
    async (target: string, locked: boolean): Promise<boolean> => {
      const current = queryClient.getQueryData<LatestVersion | null>(key);
      if (!current) return false;
      const body = applyLockToggle(current.version.files, target, locked);
      if (!body) return true;
      await queryClient.cancelQueries({ queryKey: key });
      setLocal(body);
      inFlight.current += 1;
      setPending((p) => new Set(p).add(target));
      try {
        let updated: VersionV1;
        try {
          updated = await send(current.version.id, body);
        } catch (error) {
          if (!(error instanceof ServiceError && error.code === "version_not_latest")) throw error;
          const fresh = await fetchLatestVersion(v1, chatId);
          const again = fresh && applyLockToggle(fresh.version.files, target, locked);
          if (!fresh) throw error;
          queryClient.setQueryData<LatestVersion | null>(key, fresh);
          if (!again) return true;
          setLocal(again);
          updated = await send(fresh.version.id, again);
        }
        // Another toggle still in flight would be overwritten by this answer: let the last one settle it.
        if (inFlight.current === 1) {
          queryClient.setQueryData<LatestVersion | null>(key, (data) => (data ? { ...data, version: updated } : data));
        }
        return true;
      } catch (error) {
        setLocal(reverseLockBody(body));
        toast.error(locked ? "Could not lock" : "Could not unlock", {
          description: `${target || "all files"}: ${lockErrorMessage(error)}`,
        });
        void queryClient.invalidateQueries({ queryKey: key });
        return false;
      } finally {
        inFlight.current -= 1;
        setPending((p) => {
          const next = new Set(p);
          next.delete(target);
          return next;
        });
      }
    },
    [queryClient, key, chatId, setLocal, send, v1],
  );

  return { toggle, pending };
}

/** The preview URL: polled every 2 s until the service has one, refetched when it is about to expire. */
export function usePreview(chatId: string, enabled = true) {
  const client = useServiceClient();
  return useQuery({
    queryKey: filesKeys.preview(chatId),
    queryFn: () => client.getPreview(chatId),
    enabled,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => {
      if (q.state.error) return false;
      const data = q.state.data;
      if (!data) return 2000;
      const left = Date.parse(data.expiresAt) - Date.now() - 60_000;
      return Number.isFinite(left) ? Math.max(5_000, Math.min(left, 30 * 60_000)) : false;
    },
  });
}

/** POST /v2/chats/{chatId}/host-project; the chat then carries `hostProjectId` (cache patched). */
export function useCreateHostProject(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.createHostProject(chatId),
    onSuccess: ({ hostProjectId }) => {
      patchChat(queryClient, chatId, { hostProjectId } as Partial<Chat>);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat(chatId) });
    },
  });
}

/**
 * Restores the files an assistant message left (POST /v2/chats/{chatId}/restore-message): a new version, recorded by
 * two new messages. The timeline, the files, the versions and the preview are refetched.
 */
export function useRestoreMessage(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => client.restoreMessage(chatId, messageId),
    onSuccess: () => {
      settleChat(queryClient, chatId);
      return refetchFresh(queryClient, filesKeys.files(chatId));
    },
  });
}

/**
 * A hand edit (`PATCH /v2/chats/{chatId}/files`): one request, one new version; the timeline, the files and the
 * versions are read again.
 */
export function useUpdateFiles(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: UpdateFilesBody["files"]) => client.updateFiles(chatId, { files }),
    onSuccess: () => {
      settleChat(queryClient, chatId);
      return refetchFresh(queryClient, filesKeys.files(chatId));
    },
  });
}
