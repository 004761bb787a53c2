import { describe, expect, test } from "vitest";
import { chatIdOfPath, chatPath } from "./chat-path";

describe("chat paths", () => {
  test("an id goes to its address and back, odd characters included", () => {
    for (const id of ["chat_42", "a b/c?d#e%", "ünï"]) expect(chatIdOfPath(chatPath(id))).toBe(id);
    expect(chatIdOfPath("/chats/chat_42/")).toBe("chat_42");
  });

  test("other pages name no chat; a segment that is not valid encoding comes as it is", () => {
    for (const p of ["/chats", "/chats/", "/projects/p_1", "/chats/a/b", null]) expect(chatIdOfPath(p)).toBeNull();
    expect(chatIdOfPath("/chats/50%")).toBe("50%");
  });
});
