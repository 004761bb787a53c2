import { describe, expect, test } from "vitest";
import { z } from "zod";
import { chatNeedOf, matchRoute, pathOf, ROUTES, routeByName, type RouteName, type RouteParams } from "./routes";

describe("the route table", () => {
  test("every route's filled-in path matches back to that route (order of literals before parameters)", () => {
    for (const route of ROUTES) {
      const params = Object.fromEntries([...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], `x_${m[1]}`]));
      const path = pathOf(route.name, params as RouteParams<RouteName>);
      expect(matchRoute(route.method, path)?.route.name, `${route.method} ${path}`).toBe(route.name);
      expect(matchRoute(route.method, path)?.params).toEqual(params);
    }
  });

  test("names are unique", () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  test("pathOf encodes each parameter as one segment and refuses a missing one", () => {
    expect(pathOf("v2.messages.get", { chatId: "a/b", messageId: "m 1" })).toBe("/v2/chats/a%2Fb/messages/m%201");
    expect(() => pathOf("v2.chats.get", {} as { chatId: string })).toThrow(/missing path parameter chatId/);
    expect(routeByName("v1.projects.update").method).toBe("PUT");
  });

  test("the parameters and names are checked by the type checker", () => {
    // @ts-expect-error a misspelt route name
    expect(() => pathOf("v2.chat.get", { chatId: "c" })).toThrow();
    // @ts-expect-error a parameter the path does not have
    expect(pathOf("v2.chats.get", { chatId: "c", messageId: "m" })).toBe("/v2/chats/c");
  });

  test("every route that names a chat says what it needs on it (read or write), so the router checks privacy", () => {
    const namesChat = (route: (typeof ROUTES)[number]) => {
      if (/:(chatId|deploymentId)\b/.test(route.pattern)) return true;
      const body = "body" in route ? (route.body as z.ZodType) : undefined;
      const shape = body instanceof z.ZodObject ? (body.shape as Record<string, unknown>) : {};
      return "chatId" in shape;
    };
    const unchecked = ROUTES.filter((r) => namesChat(r) && chatNeedOf(r) === null).map((r) => r.name);
    expect(unchecked).toEqual([]);
    // The routes that only read their chat although they are not GETs.
    const readingPosts = ROUTES.filter((r) => r.method !== "GET" && chatNeedOf(r) === "read").map((r) => r.name);
    expect(readingPosts.sort()).toEqual(
      [
        "v2.chats.resume",
        "v2.chats.context",
        "v2.chats.duplicate",
        "v2.hooks.create",
        "v1.chats.fork",
        "v1.chats.favorite",
        "v1.messages.resume",
        "v1.hooks.create",
      ].sort(),
    );
  });
});
