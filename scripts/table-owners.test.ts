/**
 * Every D1 table has the owner docs/architecture.md names ("worker-table-owners"), and no module reaches
 * a table it neither owns nor is named for: every Worker source file (tests aside) is read for the
 * tables it imports from `@jplay/schema/tables` and the tables its SQL templates name after `from`,
 * `join`, `into` or `update`. The "also" lists only shrink: a module named there that no longer touches
 * the table fails too, until the line is redrawn.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "workers/api/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$|\.test-support\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** SQL name → drizzle export name, from schema/src/tables.ts. */
function declaredTables(): Map<string, string> {
  const schema = readFileSync(path.join(root, "schema/src/tables.ts"), "utf8");
  return new Map([...schema.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)].map((match) => [match[2]!, match[1]!]));
}

interface Ownership {
  owner: string;
  also: Set<string>;
}

function drawnOwners(): Map<string, Ownership> {
  const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const block = /<!-- worker-table-owners -->\s*```text\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error("docs/architecture.md has no worker-table-owners block");
  const owners = new Map<string, Ownership>();
  for (const line of block[1]!.trim().split("\n")) {
    const parsed = /^(\w+)\s+(\w+)(?:\s+\(also ([\w, ]+)\))?$/.exec(line.trim());
    if (!parsed) throw new Error(`unreadable owner line: ${line}`);
    owners.set(parsed[1]!, { owner: parsed[2]!, also: new Set(parsed[3]?.split(", ") ?? []) });
  }
  return owners;
}

/** Each table's modules, as the sources touch it. */
function touchedTables(tables: Map<string, string>): Map<string, Set<string>> {
  const touched = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const module = path.relative(src, file).split(path.sep)[0]!;
    if (module === "locales" || module === "index.ts") continue;
    const text = readFileSync(file, "utf8");
    const imported = new Set(
      [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@jplay\/schema\/tables"/g)].flatMap((match) => match[1]!.match(/\w+/g) ?? []),
    );
    const templates = [...text.matchAll(/`[^`]*`/g)].map((match) => match[0]).join("\n");
    for (const [sqlName, exportName] of tables) {
      if (imported.has(exportName) || new RegExp(`\\b(?:from|join|into|update)\\s+${sqlName}\\b`, "i").test(templates)) {
        (touched.get(sqlName) ?? touched.set(sqlName, new Set()).get(sqlName)!).add(module);
      }
    }
  }
  return touched;
}

describe("table owners", () => {
  const tables = declaredTables();
  const owners = drawnOwners();
  const touched = touchedTables(tables);

  it("names an owner for every table, and only tables that exist", () => {
    expect([...owners.keys()].sort()).toEqual([...tables.keys()].sort());
  });

  it("lets no module touch a table it neither owns nor is named for", () => {
    const strays = [...touched].flatMap(([table, modules]) => {
      const drawn = owners.get(table);
      return [...modules].filter((module) => drawn && module !== drawn.owner && !drawn.also.has(module)).map((module) => `${module} → ${table}`);
    });
    expect(strays).toEqual([]);
  });

  it("names after 'also' only modules that still touch the table", () => {
    const stale = [...owners].flatMap(([table, { also }]) =>
      [...also].filter((module) => !touched.get(table)?.has(module)).map((module) => `${table}: ${module}`),
    );
    expect(stale).toEqual([]);
  });
});
