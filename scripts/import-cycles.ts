import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The import graph of a tree, read the way `tsc` resolves it (the tsconfig's `paths`, `import type` and `import()`
 * included: every edge an import-graph tool draws), and its circles that leave a folder: a strongly connected set of
 * files that are not all in one folder. A circle inside one folder is that folder's own business.
 */

interface CrossFolderCycle {
  /** The strongly connected files, relative to the root, sorted. */
  files: string[];
  /** One circle through them that leaves a folder, first file repeated at the end. */
  example: string[];
}

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
    }
  };
  for (const dir of dirs) {
    try {
      walk(path.join(root, dir));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return out.sort();
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath).options;
}

/** Each file (absolute) → the files of the tree it imports. */
function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const options = compilerOptions(root);
  const files = sourceFiles(root, dirs);
  const inTree = new Set(files);
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host, cache).resolvedModule?.resolvedFileName;
      if (resolved && inTree.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (start: string) => {
    // Iterative, so a deep graph cannot overflow the call stack.
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let node: string;
        do {
          node = stack.pop()!;
          onStack.delete(node);
          component.push(node);
        } while (node !== frame.node);
        if (component.length > 1) found.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest circle through `from` inside `within` (breadth first), `from` first and last. */
function shortestCircle(graph: Map<string, string[]>, within: Set<string>, from: string): string[] {
  const previous = new Map<string, string>();
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of graph.get(node) ?? []) {
      if (!within.has(to)) continue;
      if (to === from) {
        const circle = [from];
        for (let at = node; at !== from; at = previous.get(at)!) circle.unshift(at);
        circle.unshift(from);
        return circle;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [from, from];
}

export function crossFolderCycles(root: string, dirs: readonly string[]): CrossFolderCycle[] {
  const graph = importGraph(root, dirs);
  const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const result: CrossFolderCycle[] = [];
  for (const component of circles(graph)) {
    const folders = new Set(component.map((file) => path.dirname(file)));
    if (folders.size < 2) continue;
    const within = new Set(component);
    const sorted = [...component].sort();
    const leaving = sorted
      .map((file) => shortestCircle(graph, within, file))
      .find((circle) => new Set(circle.map((file) => path.dirname(file))).size > 1);
    result.push({ files: sorted.map(rel), example: (leaving ?? shortestCircle(graph, within, sorted[0]!)).map(rel) });
  }
  return result.sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}
