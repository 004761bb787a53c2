import { expect, svc, test } from "./fixtures";

type ChatAnswer = { chat: { id: string; title: string | null } };
type FilesAnswer = { files: { path: string; content: string }[] };
type VersionList = { data: { id: string }[] };
type Version = { files: { name: string; content: string }[] };

test("Branch from here on the first of two answers opens a new chat with that answer's files", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A tide almanac /fast" });
  await svc(request, "POST", `/v2/chats/${chat.id}/messages`, { message: "Add a moon phase table /fast" });
  const versions = await svc<VersionList>(request, "GET", `/v1/chats/${chat.id}/versions`);
  const first = await svc<Version>(request, "GET", `/v1/chats/${chat.id}/versions/${versions.data.at(-1)!.id}`);
  const sourceFiles = await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`);

  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const answers = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(answers).toHaveCount(2);
  await answers.first().getByRole("button", { name: "Branch from here" }).click();

  await expect(page).not.toHaveURL(new RegExp(`/chats/${chat.id}$`));
  const branched = page.getByTestId("branched-from");
  await expect(branched).toHaveText(`Branched from ${chat.title}`);
  const branchId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  await expect(page.locator('[data-testid="message"]')).toHaveCount(2);
  const files = await svc<FilesAnswer>(request, "GET", `/v2/chats/${branchId}/files`);
  expect(files.files.map((f) => [f.path, f.content]).sort()).toEqual(
    first.files.map((f) => [f.name, f.content]).sort(),
  );
  // The source is untouched.
  expect(await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`)).toEqual(sourceFiles);

  await branched.getByRole("link", { name: chat.title! }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${chat.id}$`));
});
