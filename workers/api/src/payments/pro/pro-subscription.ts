/**
 * The Pro subscription ($14.99 a month, docs/product.md, Screens; Prices and limits): one per artist. Subscribing creates a
 * Stripe subscription whose first invoice the browser pays (`payment_behavior=default_incomplete`,
 * the invoice's `confirmation_secret`), and whose card then pays the renewals
 * (`save_default_payment_method: on_subscription`); calling again returns the same open one. A first
 * invoice left unpaid expires with its subscription after 23 hours (`incomplete_expired`): calling
 * again then starts one new subscription. Pro is on only while Stripe says the subscription is
 * `active` — learned from webhooks, by reading the subscription itself, so events arriving twice or
 * out of order cannot leave a stale status behind (docs/decisions/023-pro-renewals.md).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import Stripe from "stripe";
import { PRO_MONTHLY_CENTS } from "@jplay/schema/pricing";
import { type SubscriptionStatus, subscriptions, type artists } from "@jplay/schema/tables";
import { POSTINGS } from "@jplay/schema/ledger-postings";
import type { Ctx } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { post } from "../../ledger/index";
import { spentOnServerError } from "../../platform/stripe-lookup";

type Artist = typeof artists.$inferSelect;

/** One price per amount: a new amount gets a new lookup key instead of changing what subscribers pay. */
const PRO_PRICE_LOOKUP_KEY = `jplay_pro_monthly_${PRO_MONTHLY_CENTS}`;
const PENDING = "pending:";
/**
 * Subscriptions that ended: subscribing again starts a new one. `unpaid` is where Billing leaves a
 * subscription whose renewal's retries are spent when its settings say "mark as unpaid" instead of
 * cancel (https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses): its invoices
 * stay unpaid and later ones are not tried, so Pro is off as if canceled; subscribing again cancels it.
 */
const ENDED: SubscriptionStatus[] = ["canceled", "incomplete_expired", "unpaid"];

export const SUBSCRIPTION_MESSAGES = {
  active: /*i18n*/ "Your Pro subscription is already active.",
  noCustomer: /*i18n*/ "Save a payment method before subscribing.",
} as const;

/**
 * The Pro price, found by its lookup key or made once. Stripe refuses a second price with the same
 * lookup key, which makes the creation idempotent without a key of ours (a key would replay a 500
 * for a day); a racing call that lost finds the winner's price.
 */
async function proPriceId(ctx: Ctx): Promise<string> {
  const { stripe } = ctx;
  const lookup = async () => (await stripe.prices.list({ lookup_keys: [PRO_PRICE_LOOKUP_KEY], active: true, limit: 1 })).data[0]?.id;
  const found = await lookup();
  if (found) return found;
  try {
    const price = await stripe.prices.create({
      currency: "usd",
      unit_amount: PRO_MONTHLY_CENTS,
      recurring: { interval: "month" },
      product_data: { name: "JPlay Pro" },
      lookup_key: PRO_PRICE_LOOKUP_KEY,
    });
    return price.id;
  } catch (error) {
    const winner = error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "lookup_key" ? await lookup() : undefined;
    if (!winner) throw error;
    return winner;
  }
}

/**
 * The artist's subscription an earlier call made and did not record (its answer lost, or a 500 that
 * Stripe replays for its key), so it is taken up instead of a second one being made.
 */
async function unrecordedSubscriptionOf(ctx: Ctx, artist: Artist): Promise<Stripe.Subscription | undefined> {
  const listed = await ctx.stripe.subscriptions.list({ customer: artist.stripeCustomerId!, status: "all", limit: 20 });
  return listed.data.find((subscription) => subscription.metadata?.artistId === artist.id && !ENDED.includes(subscription.status as SubscriptionStatus));
}

/** An `unpaid` subscription is canceled before a new one starts, so Billing keeps no second one for the artist. */
async function cancelUnpaid(ctx: Ctx, subscriptionId: string): Promise<void> {
  try {
    await ctx.stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    // Canceled already (a racing call, or in the Dashboard): Stripe refuses a second cancel.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || (await ctx.stripe.subscriptions.retrieve(subscriptionId)).status !== "canceled")
      throw error;
  }
}

/** The artist's row, claimed (new, or renewed after an ended subscription) before Stripe is called. */
async function claimSubscriptionRow(ctx: Ctx, artistId: string) {
  const { db } = ctx;
  const id = crypto.randomUUID();
  await db
    .insert(subscriptions)
    .values({ id, artistId, stripeSubscriptionId: `${PENDING}${id}`, status: "incomplete" })
    .onConflictDoNothing();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.artistId, artistId)).limit(1);
  if (row && ENDED.includes(row.status)) {
    if (row.status === "unpaid") await cancelUnpaid(ctx, row.stripeSubscriptionId);
    const next = crypto.randomUUID();
    await db.run(sql`update subscriptions set id = ${next}, stripe_subscription_id = ${PENDING + next}, status = 'incomplete', current_period_end = null, cancel_at_period_end = 0, updated_at = ${ctx.now()}
      where id = ${row.id} and status in ('canceled', 'incomplete_expired', 'unpaid')`);
    return (await db.select().from(subscriptions).where(eq(subscriptions.artistId, artistId)).limit(1))[0]!;
  }
  return row!;
}

const clientSecretOf = (subscription: Stripe.Subscription): string | null => {
  const invoice = subscription.latest_invoice;
  return typeof invoice === "object" && invoice ? (invoice.confirmation_secret?.client_secret ?? null) : null;
};

/** Stores what Stripe says now about a subscription; returns the status, or null when it is not ours. */
export async function storeSubscription(ctx: Ctx, subscription: Stripe.Subscription): Promise<SubscriptionStatus | null> {
  const periodEnd = subscription.items.data[0]?.current_period_end;
  const updated = await ctx.db
    .update(subscriptions)
    .set({
      status: subscription.status as SubscriptionStatus,
      currentPeriodEnd: periodEnd ? periodEnd * 1000 : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      updatedAt: ctx.now(),
    })
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id))
    .returning({ status: subscriptions.status });
  return updated[0]?.status ?? null;
}

export async function getOrCreateSubscription(ctx: Ctx, artist: Artist): Promise<{ clientSecret: string }> {
  const { db, stripe } = ctx;
  if (!artist.stripeCustomerId) throw new AppError(400, "no_customer", SUBSCRIPTION_MESSAGES.noCustomer);
  const row = await claimSubscriptionRow(ctx, artist.id);
  if (row.status === "active") throw new AppError(409, "already_subscribed", SUBSCRIPTION_MESSAGES.active);

  const expand = ["latest_invoice.confirmation_secret"];
  let subscription: Stripe.Subscription;
  if (row.stripeSubscriptionId.startsWith(PENDING)) {
    const earlier = await unrecordedSubscriptionOf(ctx, artist);
    try {
      // Racing calls for one artist send the same idempotency key: Stripe creates one subscription.
      subscription = earlier
        ? await stripe.subscriptions.retrieve(earlier.id, { expand })
        : await stripe.subscriptions.create(
            {
              customer: artist.stripeCustomerId,
              items: [{ price: await proPriceId(ctx) }],
              payment_behavior: "default_incomplete",
              payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
              metadata: { artistId: artist.id },
              expand,
            },
            { idempotencyKey: `subscription:${row.id}` },
          );
    } catch (error) {
      // Stripe replays a 500 for its key: the row takes a new id, so the next call (having looked
      // for what this one made) sends a new key.
      if (spentOnServerError(error)) {
        const next = crypto.randomUUID();
        await db.run(sql`update subscriptions set id = ${next}, stripe_subscription_id = ${PENDING + next}, updated_at = ${ctx.now()}
          where id = ${row.id} and stripe_subscription_id = ${row.stripeSubscriptionId}`);
      }
      throw error;
    }
    await db
      .update(subscriptions)
      .set({ stripeSubscriptionId: subscription.id, updatedAt: ctx.now() })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.stripeSubscriptionId, row.stripeSubscriptionId)));
  } else {
    subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId, { expand });
  }
  const status = await storeSubscription(ctx, subscription);
  if (status === "active") throw new AppError(409, "already_subscribed", SUBSCRIPTION_MESSAGES.active);
  if (status && ENDED.includes(status)) return getOrCreateSubscription(ctx, artist);
  const clientSecret = clientSecretOf(subscription);
  if (!clientSecret) throw new Error(`Subscription ${subscription.id} has no invoice to pay`);
  return { clientSecret };
}

const subscriptionIdOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * Webhooks (invoice.paid, invoice.payment_failed, customer.subscription.*): re-read the subscription
 * and store its status. Answers whether the subscription is an artist's Pro subscription of ours.
 */
export async function syncSubscriptionFromEvent(ctx: Ctx, event: Stripe.Event): Promise<boolean> {
  const object = event.data.object as { object: string; id: string; parent?: Stripe.Invoice["parent"] };
  const subscriptionId = object.object === "invoice" ? subscriptionIdOf(object.parent?.subscription_details?.subscription) : object.id;
  if (!subscriptionId) return false;
  const [ours] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.stripeSubscriptionId, [subscriptionId]))
    .limit(1);
  if (!ours) return false;
  await storeSubscription(ctx, await ctx.stripe.subscriptions.retrieve(subscriptionId));
  return true;
}

/**
 * `invoice.paid`: the subscription's status, a Pro invoice's card charge in the ledger (once per
 * invoice), and nothing left to confirm for it (renewal-confirmation.ts).
 */
export async function onInvoicePaid(ctx: Ctx, event: Stripe.Event): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  if (!(await syncSubscriptionFromEvent(ctx, event))) return;
  await ctx.db.run(sql`update subscriptions set renewal_action_invoice_id = null, updated_at = ${ctx.now()} where renewal_action_invoice_id = ${invoice.id}`);
  if (invoice.amount_paid > 0) await post(ctx, POSTINGS.subscriptionInvoice({ id: invoice.id, amountCents: invoice.amount_paid }));
}
