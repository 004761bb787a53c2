import "server-only";
import type { KnownPart } from "@/lib/api";
import { acceptedFileName, MAX_FILE_BYTES, MAX_FILES_PER_CHAT } from "@/lib/api/files/limits";
import type { MessageWriter } from "../generation/message-writer";
import { type Db } from "../store";
import * as filesStore from "../files/store";

/**
 * The chat's files as the model's tools see them: every change goes into the message's Version; locked files and
 * the interface's Part 8 limits (1,000 files, 3 MB a file) are refused with a sentence for the model, the file unchanged.
 * Each operation answers the text the model reads and, when it did something, the part that shows it.
 */
export interface FileOutcome {
  /** What the model is told (a tool result). */
  result: string;
  /** The part that shows what happened (none for a refusal). */
  part?: KnownPart;
}

/** Longest file content handed to the model by read_file (the rest is cut, with a note). */
const READ_LIMIT = 100_000;
/** Most matches search_files reports. */
const SEARCH_LIMIT = 100;

const refuse = (result: string): FileOutcome => ({ result: `Refused: ${result}` });

export class ProjectFiles {
  /** One change at a time (the model may call several tools at once; the version opens once). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly chatId: string,
    private readonly writer: MessageWriter,
    /** Aborted when the answer was stopped or timed out: no change after that. */
    private readonly signal: AbortSignal,
  ) {}

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const guarded = () =>
      this.signal.aborted ? Promise.resolve(refuse("the answer was stopped; nothing was changed.") as T) : fn();
    const run = this.queue.then(guarded, guarded);
    this.queue = run.catch(() => {});
    return run;
  }

  async list(prefix = ""): Promise<FileOutcome> {
    const files = (await filesStore.listFiles(this.db, this.chatId)).filter((f) => f.path.startsWith(prefix));
    if (!files.length) return { result: prefix ? `No files under ${prefix}.` : "The project has no files yet." };
    const lines = files.map(
      (f) =>
        `${f.path} (${byteLength(f.content, f.encoding)} bytes${f.encoding === "base64" ? ", binary" : ""}${f.locked ? ", locked" : ""})`,
    );
    return { result: lines.join("\n"), part: { type: "file-read", paths: files.map((f) => f.path) } };
  }

  async read(path: string): Promise<FileOutcome> {
    const file = await filesStore.findFile(this.db, this.chatId, normalize(path) ?? path);
    if (!file) return { result: `There is no file ${path}. Use list_files to see the project's files.` };
    const part: KnownPart = { type: "file-read", paths: [file.path] };
    if (file.encoding === "base64")
      return { result: `${file.path} is a binary file of ${byteLength(file.content, "base64")} bytes.`, part };
    const cut = file.content.length > READ_LIMIT;
    const content = cut ? file.content.slice(0, READ_LIMIT) : file.content;
    return {
      result: `${content}${cut ? `\n[… ${file.content.length - READ_LIMIT} more characters not shown]` : ""}`,
      part,
    };
  }

  async search(query: string, regex: boolean): Promise<FileOutcome> {
    let test: (line: string) => boolean;
    if (regex) {
      let re: RegExp;
      try {
        re = new RegExp(query, "i");
      } catch (error) {
        return { result: `The regular expression is invalid: ${(error as Error).message}` };
      }
      test = (line) => re.test(line);
    } else {
      const needle = query.toLowerCase();
      test = (line) => line.toLowerCase().includes(needle);
    }
    const matches: string[] = [];
    let more = 0;
    for (const file of await filesStore.listFiles(this.db, this.chatId)) {
      if (file.encoding === "base64") continue;
      file.content.split("\n").forEach((line, i) => {
        if (!test(line)) return;
        if (matches.length < SEARCH_LIMIT) matches.push(`${file.path}:${i + 1}: ${line.trim().slice(0, 200)}`);
        else more++;
      });
    }
    const part: KnownPart = { type: "search", scope: "repo", query };
    if (!matches.length) return { result: `No matches for ${JSON.stringify(query)}.`, part };
    return { result: `${matches.join("\n")}${more ? `\n[… ${more} more matches]` : ""}`, part };
  }

  write(path: string, content: string): Promise<FileOutcome> {
    return this.serial(async () => {
      const name = normalize(path);
      if (!name) return refuse(badName(path));
      const existing = await filesStore.findFile(this.db, this.chatId, name);
      if (existing?.locked) return refuse(lockedNote(name));
      const bytes = Buffer.byteLength(content);
      if (bytes > MAX_FILE_BYTES) return refuse(tooLarge(name, bytes));
      if (!existing && (await filesStore.countFiles(this.db, this.chatId)) >= MAX_FILES_PER_CHAT)
        return refuse(tooMany(name));
      await this.change(() => this.writer.writeUnlessLocked({ path: name, content }));
      return {
        result: `${existing ? "Updated" : "Created"} ${name} (${bytes} bytes).`,
        part: { type: "file-edit", operation: existing ? "update" : "create", path: name },
      };
    });
  }

  /** Replaces `search` (which must occur exactly once, unless `all`) with `replace`. */
  edit(path: string, search: string, replace: string, all: boolean): Promise<FileOutcome> {
    return this.serial(async () => {
      const name = normalize(path) ?? path;
      const file = await filesStore.findFile(this.db, this.chatId, name);
      if (!file) return refuse(`there is no file ${path}; use write_file to create it.`);
      if (file.locked) return refuse(lockedNote(name));
      if (file.encoding === "base64") return refuse(`${name} is a binary file and cannot be edited as text.`);
      if (!search) return refuse("the search text is empty.");
      const count = file.content.split(search).length - 1;
      if (count === 0) return refuse(`the search text was not found in ${name}; read the file and try again.`);
      if (count > 1 && !all)
        return refuse(
          `the search text occurs ${count} times in ${name}; make it unique (include more lines) or set replaceAll.`,
        );
      const content = all ? file.content.split(search).join(replace) : file.content.replace(search, () => replace);
      const bytes = Buffer.byteLength(content);
      if (bytes > MAX_FILE_BYTES) return refuse(tooLarge(name, bytes));
      await this.change(() => this.writer.writeUnlessLocked({ path: name, content }));
      return {
        result: `Edited ${name}: replaced ${all ? count : 1} occurrence${(all ? count : 1) === 1 ? "" : "s"}.`,
        part: { type: "file-edit", operation: "patch", path: name },
      };
    });
  }

  rename(from: string, to: string): Promise<FileOutcome> {
    return this.serial(async () => {
      const source = normalize(from) ?? from;
      const target = normalize(to);
      if (!target) return refuse(badName(to));
      const file = await filesStore.findFile(this.db, this.chatId, source);
      if (!file) return refuse(`there is no file ${from}.`);
      if (file.locked) return refuse(lockedNote(source));
      if (source === target) return refuse("the new name is the same as the old one.");
      if (await filesStore.findFile(this.db, this.chatId, target))
        return refuse(`${target} already exists; delete it first or choose another name.`);
      await this.change(async () => {
        await this.writer.writeUnlessLocked({ path: target, content: file.content, encoding: file.encoding });
        await filesStore.deleteFile(this.db, this.chatId, source);
      });
      return {
        result: `Renamed ${source} to ${target}.`,
        part: { type: "file-edit", operation: "rename", path: source, toPath: target },
      };
    });
  }

  delete(path: string): Promise<FileOutcome> {
    return this.serial(async () => {
      const name = normalize(path) ?? path;
      const file = await filesStore.findFile(this.db, this.chatId, name);
      if (!file) return refuse(`there is no file ${path}.`);
      if (file.locked) return refuse(lockedNote(name));
      await this.change(() => filesStore.deleteFile(this.db, this.chatId, name));
      return { result: `Deleted ${name}.`, part: { type: "file-edit", operation: "delete", path: name } };
    });
  }

  /** A change to the files, inside the message's version (pending from the first change). */
  private async change(fn: () => Promise<unknown>): Promise<void> {
    await this.writer.version.open();
    await fn();
  }
}

const normalize = (path: string) => acceptedFileName(path.trim());

const byteLength = (content: string, encoding: string) =>
  encoding === "base64" ? Buffer.from(content, "base64").length : Buffer.byteLength(content);

const lockedNote = (path: string) =>
  `${path} is locked by the user, so it cannot be changed, renamed or deleted. Leave it as it is and tell the user.`;

const badName = (path: string) =>
  `${JSON.stringify(path)} is not an accepted file name: use a relative path like "src/app.js" (no leading "/", no "." or ".." segments, no backslashes).`;

const tooLarge = (path: string, bytes: number) =>
  `${path} would be ${bytes} bytes, over the 3 MB (${MAX_FILE_BYTES} bytes) limit of a file; it was not written.`;

const tooMany = (path: string) =>
  `the project already holds ${MAX_FILES_PER_CHAT} files, the most a chat may hold; ${path} was not created.`;
