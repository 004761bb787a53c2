import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "./query-keys";
import { useServiceClientV1 } from "./service-clients";

/**
 * A message's v1 `type` (interface.md 2.7: "message", "edited-file", "forked-chat", …), which the v2 message does not
 * carry: asked once per message (it never changes) through `GET /v1/chats/{chatId}/messages/{messageId}`. The query
 * fails on a deployment without v1; the caller then treats the message as an ordinary one.
 */
export function useMessageType(chatId: string, messageId: string) {
  const v1 = useServiceClientV1();
  return useQuery({
    queryKey: queryKeys.messageType(chatId, messageId),
    queryFn: async () => (await v1.getMessage(chatId, messageId)).type,
    staleTime: Infinity,
    retry: 1,
  });
}
