/**
 * The local embedded stack's state (D1, R2, Queues under one persist folder): migrate, seed the demo
 * catalogue, wipe. `pnpm dev` and the browser tests both use it, each with its own folder.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { DEMO_SONGS } from "./demo/catalogue.ts";
import { renderMp3s } from "./demo/render-pool.ts";
import { seedDemo } from "./demo/seed-demo.ts";
import { openProductStorage } from "./product-storage.ts";
import { repoRoot, runWrangler } from "./wrangler-env.ts";

export async function migrateLocal(persistDir: string): Promise<void> {
  await runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
}

/**
 * The migrations applied to a new state folder through the storage proxy, each in one batch with its
 * row in d1_migrations, as wrangler records them (a later `wrangler d1 migrations apply` finds them
 * done): the same SQL, split as the Worker tests split it (readD1Migrations), without starting a
 * wrangler process, which took most of a test state's preparation.
 */
async function migrateNewState(DB: D1Database): Promise<void> {
  const { readD1Migrations } = await import("@cloudflare/vitest-plugin");
  const migrations = await readD1Migrations(path.join(repoRoot, "schema/migrations"));
  await DB.prepare(
    "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
  ).run();
  for (const { name, queries } of migrations) {
    await DB.batch([...queries.map((query) => DB.prepare(query)), DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
}

export async function seedLocal(persistDir: string, log: (line: string) => void = () => {}) {
  const proxy = await openProductStorage<{ DB: D1Database; MEDIA: R2Bucket }>(persistDir);
  try {
    return await seedDemo(proxy.env, log);
  } finally {
    await proxy.dispose();
  }
}

export async function resetLocal(persistDir: string): Promise<void> {
  await rm(persistDir, { recursive: true, force: true });
}

/**
 * Migrations, then the demo catalogue: what a fresh `pnpm dev` needs before serving. `fresh`: the folder
 * is new (a test's or benchmark's throw-away state), prepared in one storage session (prepareNewState).
 */
export async function prepareLocal(persistDir: string, log: (line: string) => void, { fresh = false } = {}) {
  const seeded = fresh ? await prepareNewState(persistDir, log) : await migrateAndSeed(persistDir, log);
  log(`demo catalogue ready: ${seeded.songs} songs, ${seeded.purchases} purchases, ${seeded.objectsWritten} media objects written`);
  return seeded;
}

async function migrateAndSeed(persistDir: string, log: (line: string) => void) {
  await migrateLocal(persistDir);
  log("database migrated");
  return seedLocal(persistDir, log);
}

/** A new folder: every MP3 is missing, so they render on worker threads while the migrations run. */
async function prepareNewState(persistDir: string, log: (line: string) => void) {
  const audioRendering = renderMp3s(DEMO_SONGS);
  const proxy = await openProductStorage<{ DB: D1Database; MEDIA: R2Bucket }>(persistDir);
  try {
    await migrateNewState(proxy.env.DB);
    log("database migrated");
    return await seedDemo(proxy.env, log, audioRendering);
  } finally {
    await proxy.dispose();
  }
}
