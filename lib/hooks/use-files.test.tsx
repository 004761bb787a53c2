// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import { createServiceClientV1 } from "@/lib/api/client-v1";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, call, startService } from "@/lib/embedded/test-support";
import { ServiceClientsProvider } from "./service-clients";
import { useChatFiles, useLatestVersion, useLockToggle, useRefreshFilesAfterGeneration } from "./use-files";

/** The files panel's lock toggles against the real embedded service (the clients' fetch is its handler). */
let svc: EmbeddedService;
let gate: Promise<void> | null = null;
const patches: string[] = [];
/** While set, a read of a chat's files is answered at once by the service but handed over only when it resolves. */
let filesGate: Promise<void> | null = null;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const transport: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  if (request.method === "PATCH") {
    patches.push(request.url);
    if (gate) await gate;
  }
  if (request.method === "GET" && new URL(request.url).pathname.endsWith("/files") && filesGate) {
    const held = filesGate;
    const response = await svc.handle(request);
    await held;
    return response;
  }
  return svc.handle(request);
};

/** The providers around one client: a wrapper that keeps its cache when the hook is rendered again. */
function withClient(queryClient: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ServiceClientsProvider v2={createServiceClient({ baseUrl: BASE, apiKey: TEST_KEY, fetch: transport })}>
          <ServiceClientsProvider v1={createServiceClientV1({ baseUrl: BASE, apiKey: TEST_KEY, fetch: transport })}>
            {children}
          </ServiceClientsProvider>
        </ServiceClientsProvider>
      </QueryClientProvider>
    );
  };
}

function wrapper({ children }: { children: ReactNode }) {
  const Providers = withClient(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <Providers>{children}</Providers>;
}

async function seedChat(): Promise<string> {
  const res = await call(svc, "POST", "/v1/chats", {
    body: {
      type: "files",
      initialContext: "lock test",
      files: [
        { name: "src/a.ts", content: "export const a = 1;\n" },
        { name: "src/b.ts", content: "export const b = 2;\n" },
        { name: "README.md", content: "# Readme\n" },
      ],
    },
  });
  expect(res.status).toBe(200);
  return (res.body as { id: string }).id;
}

async function serverLocks(chatId: string, versionId: string): Promise<Record<string, [boolean, string]>> {
  const res = await call(svc, "GET", `/v1/chats/${chatId}/versions/${versionId}`);
  const files = (res.body as { files: { name: string; locked: boolean; content: string }[] }).files;
  return Object.fromEntries(files.map((f) => [f.name, [f.locked, f.content]]));
}

const useAll = (chatId: string) => ({
  latest: useLatestVersion(chatId),
  files: useChatFiles(chatId),
  lock: useLockToggle(chatId),
});

describe("lock toggles", () => {
  test("a folder toggle locks every file under it, optimistically, contents unchanged", async () => {
    const chatId = await seedChat();
    const { result } = renderHook(() => useAll(chatId), { wrapper });
    await waitFor(() => expect(result.current.latest.data).toBeTruthy());
    const versionId = result.current.latest.data!.version.id;

    let release!: () => void;
    gate = new Promise((r) => (release = r));
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.lock.toggle("src", true);
    });
    // Shown locked before the service answered.
    await waitFor(() =>
      expect(
        result.current.latest
          .data!.version.files.filter((f) => f.locked)
          .map((f) => f.name)
          .sort(),
      ).toEqual(["src/a.ts", "src/b.ts"]),
    );
    expect(result.current.lock.pending.has("src")).toBe(true);
    release();
    gate = null;
    await act(async () => expect(await done).toBe(true));
    expect(result.current.lock.pending.size).toBe(0);

    expect(await serverLocks(chatId, versionId)).toEqual({
      "README.md": [false, "# Readme\n"],
      "src/a.ts": [true, "export const a = 1;\n"],
      "src/b.ts": [true, "export const b = 2;\n"],
    });
    // Only the files whose lock changed were sent; then unlocking one file.
    await act(async () => expect(await result.current.lock.toggle("src/a.ts", false)).toBe(true));
    expect((await serverLocks(chatId, versionId))["src/a.ts"]).toEqual([false, "export const a = 1;\n"]);
    // Nothing to change → no request.
    const before = patches.length;
    await act(async () => expect(await result.current.lock.toggle("src/b.ts", true)).toBe(true));
    expect(patches.length).toBe(before);
  });

  test("a failed PATCH rolls the lock back", async () => {
    const chatId = await seedChat();
    const { result } = renderHook(() => useAll(chatId), { wrapper });
    await waitFor(() => expect(result.current.latest.data).toBeTruthy());
    // The chat disappears behind the page's back: the PATCH answers 404.
    expect((await call(svc, "DELETE", `/v2/chats/${chatId}`)).status).toBe(200);
    await act(async () => expect(await result.current.lock.toggle("README.md", true)).toBe(false));
    expect(result.current.latest.data?.version.files.find((f) => f.name === "README.md")?.locked ?? false).toBe(false);
  });

  test("when a newer version exists the toggle is applied to it (409 version_not_latest → refetch, retry)", async () => {
    const chatId = await seedChat();
    const { result } = renderHook(() => useAll(chatId), { wrapper });
    await waitFor(() => expect(result.current.latest.data).toBeTruthy());
    const stale = result.current.latest.data!.version.id;
    const sent = await call(svc, "POST", `/v2/chats/${chatId}/messages`, {
      body: { message: "Update README.md please" },
    });
    expect(sent.status).toBe(200);
    await act(async () => expect(await result.current.lock.toggle("README.md", true)).toBe(true));
    const fresh = result.current.latest.data!.version.id;
    expect(fresh).not.toBe(stale);
    expect((await serverLocks(chatId, fresh))["README.md"]?.[0]).toBe(true);
  });
});

describe("refresh after a generation", () => {
  test("a first read of the files still in flight when the answer ends is not what the panel keeps", async () => {
    const chatId = await seedChat();
    let release!: () => void;
    filesGate = new Promise((r) => (release = r));
    try {
      const { result, rerender } = renderHook(
        ({ generating }) => {
          useRefreshFilesAfterGeneration(chatId, generating);
          return useChatFiles(chatId);
        },
        {
          wrapper: withClient(new QueryClient({ defaultOptions: { queries: { retry: false } } })),
          initialProps: { generating: true },
        },
      );
      // The first read has been answered (three files) but not handed over yet; the answer then writes a version.
      await waitFor(() => expect(result.current.fetchStatus).toBe("fetching"));
      const edited = await call(svc, "PATCH", `/v2/chats/${chatId}/files`, {
        body: { files: [{ path: "src/c.ts", content: "export const c = 3;\n" }] },
      });
      expect(edited.status).toBe(200);
      filesGate = null;
      rerender({ generating: false });
      release();
      await waitFor(() => expect(result.current.data?.files.map((f) => f.path)).toContain("src/c.ts"));
    } finally {
      filesGate = null;
      release();
    }
  });
});
