/**
 * The local embedded stack's state (D1, R2, Queues under one persist folder): migrate, seed the demo
 * catalogue, wipe. `pnpm dev` and the browser tests both use it, each with its own folder.
 */
import { rm } from "node:fs/promises";
import { seedDemo } from "./demo/seed-demo.ts";
import { openProductStorage } from "./product-storage.ts";
import { runWrangler } from "./wrangler-env.ts";

export async function migrateLocal(persistDir: string): Promise<void> {
  await runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
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

/** Migrations, then the demo catalogue: what a fresh `pnpm dev` needs before serving. */
export async function prepareLocal(persistDir: string, log: (line: string) => void) {
  await migrateLocal(persistDir);
  log("database migrated");
  const seeded = await seedLocal(persistDir, log);
  log(`demo catalogue ready: ${seeded.songs} songs, ${seeded.purchases} purchases, ${seeded.objectsWritten} media objects written`);
  return seeded;
}
