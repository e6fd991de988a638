/**
 * Stripe events, each applied at most once (ARCHITECTURE decision 9). Handlers only ever move state
 * forward, so events arriving out of order or late cannot undo newer facts. Payment outcomes are
 * handled here as the payment work lands; other event types are recorded and acknowledged.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents } from "@jplay/schema/tables";
import type { Db } from "../db";
import { applyAccountUpdated } from "./connect-accounts";

/** True when this call claimed the event; false when it was seen before. */
export async function claimStripeEvent(db: Db, event: Stripe.Event): Promise<boolean> {
  const inserted = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length === 1;
}

export async function releaseStripeEvent(db: Db, eventId: string): Promise<void> {
  await db.delete(stripeEvents).where(eq(stripeEvents.id, eventId));
}

type EventHandler = (db: Db, event: Stripe.Event) => Promise<void>;

/** Event types the product acts on. Everything else is recorded and acknowledged. */
const handlers: Partial<Record<Stripe.Event.Type, EventHandler>> = {
  // Connect: whether the artist's account can be paid out to (payouts.ts reads payouts_enabled).
  "account.updated": (db, event) => applyAccountUpdated(db, event.data.object as Stripe.Account),
};

export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<void> {
  await handlers[event.type]?.(db, event);
}
