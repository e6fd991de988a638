/** Whether an artist's Pro subscription is active: only what Stripe's webhooks last said counts. */
import { and, eq } from "drizzle-orm";
import { subscriptions } from "@jplay/schema/tables";
import type { Db } from "../platform/db";

export async function isProActive(db: Db, artistId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.artistId, artistId), eq(subscriptions.status, "active")))
    .limit(1);
  return Boolean(row);
}
