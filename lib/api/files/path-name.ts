/** The parts of a file's path that say what it is. Pure and isomorphic. */

/** The file name of a path ("src/app.ts" → "app.ts"); backslashes are not separators. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The lower-cased extension without the dot ("a/B.TSX" → "tsx"); "" when none (".env" has none). */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}
