/** Whether an artist's Pro subscription is active: only what Stripe's webhooks last said counts. */
import { and, eq } from "drizzle-orm";
import { subscriptions } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";

export async function isProActive(ctx: Ctx, artistId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.artistId, artistId), eq(subscriptions.status, "active")))
    .limit(1);
  return Boolean(row);
}
