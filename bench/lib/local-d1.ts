/**
 * Reads a throw-away server's local D1 database while it runs, from its SQLite file (read-only; the
 * file is in WAL mode, so a reader never blocks the Worker and sees only committed data). Much
 * cheaper than a `wrangler d1 execute` per look, so a benchmark can poll it every second.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export function openLocalD1(persistDir: string): DatabaseSync {
  const folder = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${folder}, found ${files.length}`);
  return new DatabaseSync(path.join(folder, files[0]!), { readOnly: true });
}
