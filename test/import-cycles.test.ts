import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crossFolderCycles } from "@/scripts/import-cycles";

/** scripts/check-cycles.ts (a step of npm test) refuses import circles that leave a folder: a tree of probes shows it. */
const root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): void {
  writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { moduleResolution: "bundler", module: "esnext", paths: { "@/*": ["./*"] } } }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

describe("import circles", () => {
  tree({
    // Across two folders, one side by the alias and a type import: refused.
    "lib/chats/handlers.ts":
      'import { requireMessage } from "@/lib/messages/lookup";\nexport const a = requireMessage;\n',
    "lib/messages/lookup.ts": 'import type { Chat } from "../chats/handlers";\nexport const requireMessage = 1;\n',
    // Through a dynamic import, three folders: refused.
    "app/page.ts": 'export const load = () => import("../components/view");\n',
    "components/view.tsx": 'import { x } from "@/lib/util/x";\nexport const v = x;\n',
    "lib/util/x.ts": 'import { load } from "../../app/page";\nexport const x = load;\n',
    // Inside one folder: that folder's business.
    "lib/files/zip.ts": 'import { tar } from "./tar";\nexport const zip = tar;\n',
    "lib/files/tar.ts": 'import { zip } from "./zip";\nexport const tar = zip;\n',
    // No circle at all.
    "lib/files/store.ts": 'import { zip } from "./zip";\nexport const s = zip;\n',
  });

  it("reports each circle that leaves a folder, with one example, and not the one inside a folder", () => {
    const found = crossFolderCycles(root, ["app", "components", "lib"]);
    expect(found.map((c) => c.files)).toEqual([
      ["app/page.ts", "components/view.tsx", "lib/util/x.ts"],
      ["lib/chats/handlers.ts", "lib/messages/lookup.ts"],
    ]);
    expect(found[1]!.example).toEqual(["lib/chats/handlers.ts", "lib/messages/lookup.ts", "lib/chats/handlers.ts"]);
  });

  it("reads only the folders it is given", () => {
    expect(crossFolderCycles(root, ["lib"]).map((c) => c.files)).toEqual([
      ["lib/chats/handlers.ts", "lib/messages/lookup.ts"],
    ]);
  });
});
