/**
 * Reads a throw-away server's local D1 database while it runs, from its SQLite file (read-only; the
 * file is in WAL mode, so a reader never blocks the Worker and sees only committed data). Much
 * cheaper than a `wrangler d1 execute` per look, so a benchmark can poll it every second.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * The local D1 database holding `table` (the product's and the Stripe sandbox's databases share the
 * state folder; their file names are hashes, so each is told apart by what it holds).
 */
export function openLocalD1(persistDir: string, table = "artists"): DatabaseSync {
  const folder = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  for (const file of files) {
    const database = new DatabaseSync(path.join(folder, file), { readOnly: true });
    if (database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) return database;
    database.close();
  }
  throw new Error(`no D1 database in ${folder} holds a ${table} table (${files.length} databases)`);
}
