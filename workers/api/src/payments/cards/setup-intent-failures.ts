/**
 * A SetupIntent that keeps failing is someone trying cards, not an artist with a typo: after
 * SETUP_FAILURES_BEFORE_CANCEL failed confirmations (declines, failed 3-D Secure) it is canceled, so
 * its client secret can test no more cards; the next try needs a new intent, which the limits per
 * client on /api/create-setup-intent meter (payments/cards/setup-challenges.ts). Each decline is a card
 * check an attacker paid for, so it also counts towards the card checks of all clients, past which
 * every payment setup must pass a challenge.
 *
 * The browser confirms with Stripe directly, so the product learns of each failure from the
 * `setup_intent.setup_failed` webhook (https://docs.stripe.com/api/events/types). Each event is
 * counted once whatever Stripe redelivers: one marker row per event id in `rate_limits`, and the
 * count is the number of markers under the intent's prefix, both in one D1 batch.
 */
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { SETUP_FAILURES_BEFORE_CANCEL } from "../../platform/limits";
import { countCardCheck } from "./setup-challenges";

const markerPrefix = (setupIntentId: string) => `setup-failure:${setupIntentId}:`;

/** Records the failure named by `eventId`; answers how many distinct failures the intent has had. */
export async function countSetupFailure(ctx: Ctx, setupIntentId: string, eventId: string, now = ctx.now()): Promise<number> {
  const prefix = markerPrefix(setupIntentId);
  // Keys under the prefix sort between "…:" and "…;" (';' follows ':'), so this reads the primary key's range.
  const end = `${prefix.slice(0, -1)};`;
  const [marked, counted] = await runBatch(ctx.db, [
    sql`insert into rate_limits (key, window_start, hits) values (${prefix + eventId}, ${now}, 1) on conflict(key) do nothing`,
    sql`select count(*) as n from rate_limits where key > ${prefix} and key < ${end}`,
  ]);
  // A redelivered event marks nothing new and is not counted again.
  if (marked.meta.changes === 1) await countCardCheck(ctx, now);
  return (counted.results[0] as { n: number } | undefined)?.n ?? 0;
}

export type SetupFailureOutcome = "counted" | "canceled" | "already_closed";

/** The `setup_intent.setup_failed` handler: counts the failure, cancels the intent at the limit. */
export async function onSetupIntentFailed(ctx: Ctx, eventId: string, intent: Stripe.SetupIntent): Promise<SetupFailureOutcome> {
  const failures = await countSetupFailure(ctx, intent.id, eventId);
  if (failures < SETUP_FAILURES_BEFORE_CANCEL) return "counted";
  try {
    await ctx.stripe.setupIntents.cancel(intent.id, { cancellation_reason: "abandoned" }, { idempotencyKey: `cancel-setup:${intent.id}` });
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "setup intent canceled after repeated failures",
        setupIntent: intent.id,
        failures,
        declineCode: intent.last_setup_error?.decline_code ?? intent.last_setup_error?.code ?? null,
      }),
    );
    return "canceled";
  } catch (error) {
    // Succeeded or canceled meanwhile (a later good card, or an earlier cancel): nothing to stop.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "setup_intent_unexpected_state") return "already_closed";
    throw error;
  }
}
