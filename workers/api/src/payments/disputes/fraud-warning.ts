/**
 * Radar's early fraud warning (`radar.early_fraud_warning.created`, docs/decisions/093-disputes.md):
 * the card's network reports the charge as made without the holder's consent, and most such charges
 * become fraud chargebacks. The card is blocked for off-session charges from now on, as a card that
 * charged back is (src/disputes/); money moves only if a dispute follows.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Ctx } from "../../platform/context";

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** Records the warned card once (the first warning names it); safe to run again. */
export async function onEarlyFraudWarning(ctx: Ctx, warning: Stripe.Radar.EarlyFraudWarning): Promise<void> {
  const chargeId = idOf(warning.charge)!;
  const intentId = idOf(warning.payment_intent);
  const [payment] = intentId
    ? await ctx.db.all<{ fingerprint: string | null }>(
        sql`select card_fingerprint as fingerprint from payments where stripe_payment_intent_id = ${intentId} limit 1`,
      )
    : [];
  const fingerprint = payment?.fingerprint ?? (await ctx.stripe.charges.retrieve(chargeId)).payment_method_details?.card?.fingerprint ?? null;
  if (!fingerprint) return;
  await ctx.db.run(sql`
    insert into card_fraud_warnings (fingerprint, stripe_warning_id, stripe_charge_id, created_at)
    values (${fingerprint}, ${warning.id}, ${chargeId}, ${ctx.now()}) on conflict (fingerprint) do nothing`);
}
