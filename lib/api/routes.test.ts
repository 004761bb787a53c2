import { describe, expect, test } from "vitest";
import { matchRoute, pathOf, ROUTES, routeByName, type RouteName, type RouteParams } from "./routes";

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
});
