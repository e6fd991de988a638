/**
 * An artist's latest payouts as the artist page lists them (newest first): read here, beside the
 * payout runs that write them, so the artist module never reads the payouts table itself
 * (docs/architecture.md, table owners).
 */
import { desc, eq } from "drizzle-orm";
import { payouts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

export function recentPayouts(ctx: Ctx, artistId: string, limit: number) {
  return ctx.db.select().from(payouts).where(eq(payouts.artistId, artistId)).orderBy(desc(payouts.createdAt)).limit(limit);
}
