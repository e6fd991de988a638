/**
 * The Worker's module graph as docs/architecture.md draws it ("Layers") is the one its imports make:
 * every import of a file under workers/api/src is read, resolved, and counted as an arrow between the
 * two top-level folders it joins (platform/ and the message catalogues left out). A new arrow, or one
 * that went away, fails here until the drawing is redrawn; the lint walls (eslint.config.js) decide
 * which arrows may exist at all.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "workers/api/src");
const UNDRAWN = new Set(["platform", "locales"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$|\.test-support\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The folder a file belongs to in the drawing: its top-level folder, with the Worker's `index.ts` under worker/. */
function moduleOf(file: string): string | null {
  const relative = path.relative(src, file);
  if (relative.startsWith("..")) return null;
  const [top] = relative.split(path.sep);
  return top === "index.ts" ? "worker" : top!;
}

function importedGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const from = moduleOf(file)!;
    if (UNDRAWN.has(from)) continue;
    const arrows = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const match of readFileSync(file, "utf8").matchAll(/(?:from\s+|import\s*\(\s*)["'](\.[^"']+)["']/g)) {
      const target = resolveImport(file, match[1]!);
      const to = target && moduleOf(target);
      if (to && to !== from && !UNDRAWN.has(to)) arrows.add(to);
    }
  }
  return graph;
}

function drawnGraph(): Map<string, Set<string>> {
  const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const block = /<!-- worker-module-graph -->\s*```text\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error("docs/architecture.md has no worker-module-graph block");
  const graph = new Map<string, Set<string>>();
  for (const line of block[1]!.trim().split("\n")) {
    const [name, targets = ""] = line.split("→").map((part) => part.trim());
    graph.set(
      name!,
      new Set(
        targets
          .split(",")
          .map((target) => target.trim())
          .filter(Boolean),
      ),
    );
  }
  return graph;
}

const sorted = (graph: Map<string, Set<string>>): Record<string, string[]> =>
  Object.fromEntries([...graph.keys()].sort().map((name) => [name, [...graph.get(name)!].sort()]));

describe("the Worker's module graph", () => {
  it("is drawn in docs/architecture.md as the imports make it", () => {
    expect(sorted(drawnGraph())).toEqual(sorted(importedGraph()));
  });

  it("has no cycle between modules", () => {
    const graph = importedGraph();
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (name: string, trail: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) return void cycles.push([...trail, name].join(" → "));
      visiting.add(name);
      for (const next of graph.get(name) ?? []) visit(next, [...trail, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of graph.keys()) visit(name, []);
    expect(cycles).toEqual([]);
  });
});
