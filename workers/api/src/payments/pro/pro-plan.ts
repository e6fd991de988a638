/**
 * The artist's Pro plan on their private page: what it costs and when it renews, and ending it when
 * the period already paid for ends — or taking that back before then. This is Stripe's
 * `cancel_at_period_end` (https://docs.stripe.com/billing/subscriptions/cancel#cancel-at-end-of-cycle):
 * the subscription stays active and Pro stays on until the period ends, nothing more is charged, and
 * Stripe then ends it (`customer.subscription.deleted`, which turns Pro off). The stored row follows
 * Stripe's answer here and its webhooks (pro-subscription.ts), so a change made in Stripe's Dashboard
 * shows too. Setting a flag to a value is idempotent by nature: a retried request changes nothing more.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { ProPlan, ProPlanStatus } from "@jplay/schema/pro-plan";
import { PRO_MONTHLY_CENTS } from "@jplay/schema/pricing";
import { subscriptions } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { storeSubscription } from "./pro-subscription";

/** Subscriptions the page shows and may change: paid for (active), or renewing with a failed payment. */
const LIVE: readonly ProPlanStatus[] = ["active", "past_due"];

export const PRO_PLAN_MESSAGES = {
  none: /*i18n*/ "You have no Pro subscription to change.",
  ended: /*i18n*/ "Your Pro subscription has already ended.",
} as const;

async function subscriptionRow(ctx: Ctx, artistId: string) {
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.artistId, artistId)).limit(1);
  return row ?? null;
}

const isLive = (status: string): status is ProPlanStatus => (LIVE as readonly string[]).includes(status);

/** The artist's live Pro plan, or null (no subscription, not paid yet, or ended). */
export async function loadProPlan(ctx: Ctx, artistId: string): Promise<ProPlan | null> {
  const row = await subscriptionRow(ctx, artistId);
  if (!row || !isLive(row.status) || row.currentPeriodEnd === null) return null;
  return {
    status: row.status,
    amountCents: PRO_MONTHLY_CENTS,
    interval: "month",
    currentPeriodEnd: new Date(row.currentPeriodEnd).toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    renewalNeedsConfirmation: row.status === "past_due" && row.renewalActionInvoiceId !== null,
  };
}

/** Sets whether the artist's Pro subscription ends at the end of the current period; answers the plan. */
export async function setProCancelAtPeriodEnd(ctx: Ctx, artistId: string, cancelAtPeriodEnd: boolean): Promise<ProPlan> {
  const { stripe } = ctx;
  const row = await subscriptionRow(ctx, artistId);
  if (!row || !isLive(row.status)) throw new AppError(409, "no_pro_subscription", PRO_PLAN_MESSAGES.none);
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
  } catch (error) {
    // Stripe refuses to change a subscription that has ended (its period ran out before the webhook
    // told us): store what Stripe says and answer that it ended.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const current = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
    await storeSubscription(ctx, current);
    if (isLive(current.status)) throw error;
    throw new AppError(409, "pro_subscription_ended", PRO_PLAN_MESSAGES.ended);
  }
  await storeSubscription(ctx, subscription);
  const plan = await loadProPlan(ctx, artistId);
  if (!plan) throw new AppError(409, "pro_subscription_ended", PRO_PLAN_MESSAGES.ended);
  return plan;
}
