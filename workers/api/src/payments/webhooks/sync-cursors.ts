/**
 * Where each pass of the cron's reconciliation with Stripe stopped (`stripe_sync_cursors`), kept as a
 * small JSON position so a pass that did not finish goes on from there on the next run.
 */
import { eq } from "drizzle-orm";
import { stripeSyncCursors } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";

export async function readSyncCursor<T>(ctx: Ctx, name: string): Promise<T | null> {
  const [row] = await ctx.db.select({ position: stripeSyncCursors.position }).from(stripeSyncCursors).where(eq(stripeSyncCursors.name, name)).limit(1);
  return row ? (JSON.parse(row.position) as T) : null;
}

export async function writeSyncCursor<T>(ctx: Ctx, name: string, position: T): Promise<void> {
  const value = JSON.stringify(position);
  await ctx.db
    .insert(stripeSyncCursors)
    .values({ name, position: value })
    .onConflictDoUpdate({ target: stripeSyncCursors.name, set: { position: value, updatedAt: ctx.now() } });
}
