/**
 * Reads a throw-away server's local D1 database while it runs, from its SQLite file (read-only; the
 * file is in WAL mode, so a reader never blocks the Worker and sees only committed data). Much
 * cheaper than a `wrangler d1 execute` per look, so a benchmark can poll it every second. The server
 * runs two databases (the product's and the Stripe sandbox's); `table` says which one is meant.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export function openLocalD1(persistDir: string, table: string): DatabaseSync {
  const folder = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  const holding = files
    .map((name) => new DatabaseSync(path.join(folder, name), { readOnly: true }))
    .filter((db) => {
      const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
      if (!found) db.close();
      return found;
    });
  if (holding.length !== 1) {
    for (const db of holding) db.close();
    throw new Error(`expected one D1 database with table ${table} in ${folder}, found ${holding.length}`);
  }
  return holding[0]!;
}
