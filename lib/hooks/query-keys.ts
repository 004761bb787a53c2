/** TanStack Query keys of the dashboard's service data. */
export const queryKeys = {
  chats: () => ["chats"] as const,
  chat: (chatId: string) => ["chat", chatId] as const,
  messages: (chatId: string) => ["messages", chatId] as const,
};
