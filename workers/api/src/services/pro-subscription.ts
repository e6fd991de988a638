/**
 * The Pro subscription ($14.99 a month, spec sections 2 and 9): one per artist. Subscribing creates a
 * Stripe subscription whose first invoice the browser pays (`payment_behavior=default_incomplete`,
 * the invoice's `confirmation_secret`), and whose card then pays the renewals
 * (`save_default_payment_method: on_subscription`); calling again returns the same open one. A first
 * invoice left unpaid expires with its subscription after 23 hours (`incomplete_expired`): calling
 * again then starts one new subscription. Pro is on only while Stripe says the subscription is
 * `active` — learned from webhooks, by reading the subscription itself, so events arriving twice or
 * out of order cannot leave a stale status behind (docs/decisions/023-pro-renewals.md).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { PRO_MONTHLY_CENTS } from "@jplay/schema/pricing";
import { type SubscriptionStatus, subscriptions, type artists } from "@jplay/schema/tables";
import type { Db } from "../db";
import { AppError } from "../errors";

type Artist = typeof artists.$inferSelect;

/** One price per amount: a new amount gets a new lookup key instead of changing what subscribers pay. */
const PRO_PRICE_LOOKUP_KEY = `jplay_pro_monthly_${PRO_MONTHLY_CENTS}`;
const PENDING = "pending:";
/** Subscriptions that ended: subscribing again starts a new one. */
const ENDED: SubscriptionStatus[] = ["canceled", "incomplete_expired"];

export const SUBSCRIPTION_MESSAGES = {
  active: "Your Pro subscription is already active.",
  noCustomer: "Save a payment method before subscribing.",
} as const;

async function proPriceId(stripe: Stripe): Promise<string> {
  const found = await stripe.prices.list({ lookup_keys: [PRO_PRICE_LOOKUP_KEY], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await stripe.prices.create(
    {
      currency: "usd",
      unit_amount: PRO_MONTHLY_CENTS,
      recurring: { interval: "month" },
      product_data: { name: "JPlay Pro" },
      lookup_key: PRO_PRICE_LOOKUP_KEY,
    },
    { idempotencyKey: `price:${PRO_PRICE_LOOKUP_KEY}` },
  );
  return price.id;
}

/** The artist's row, claimed (new, or renewed after an ended subscription) before Stripe is called. */
async function claimSubscriptionRow(db: Db, artistId: string) {
  const id = crypto.randomUUID();
  await db.insert(subscriptions).values({ id, artistId, stripeSubscriptionId: `${PENDING}${id}`, status: "incomplete" }).onConflictDoNothing();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.artistId, artistId)).limit(1);
  if (row && ENDED.includes(row.status)) {
    const next = crypto.randomUUID();
    await db.run(sql`update subscriptions set id = ${next}, stripe_subscription_id = ${PENDING + next}, status = 'incomplete', current_period_end = null, cancel_at_period_end = 0, updated_at = ${Date.now()}
      where id = ${row.id} and status in ('canceled', 'incomplete_expired')`);
    return (await db.select().from(subscriptions).where(eq(subscriptions.artistId, artistId)).limit(1))[0]!;
  }
  return row!;
}

const clientSecretOf = (subscription: Stripe.Subscription): string | null => {
  const invoice = subscription.latest_invoice;
  return typeof invoice === "object" && invoice ? (invoice.confirmation_secret?.client_secret ?? null) : null;
};

/** Stores what Stripe says now about a subscription; returns the status, or null when it is not ours. */
export async function storeSubscription(db: Db, subscription: Stripe.Subscription): Promise<SubscriptionStatus | null> {
  const periodEnd = subscription.items.data[0]?.current_period_end;
  const updated = await db
    .update(subscriptions)
    .set({
      status: subscription.status as SubscriptionStatus,
      currentPeriodEnd: periodEnd ? periodEnd * 1000 : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      updatedAt: Date.now(),
    })
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id))
    .returning({ status: subscriptions.status });
  return updated[0]?.status ?? null;
}

export async function getOrCreateSubscription(deps: { db: Db; stripe: Stripe }, artist: Artist): Promise<{ clientSecret: string }> {
  const { db, stripe } = deps;
  if (!artist.stripeCustomerId) throw new AppError(400, "no_customer", SUBSCRIPTION_MESSAGES.noCustomer);
  const row = await claimSubscriptionRow(db, artist.id);
  if (row.status === "active") throw new AppError(409, "already_subscribed", SUBSCRIPTION_MESSAGES.active);

  const expand = ["latest_invoice.confirmation_secret"];
  let subscription: Stripe.Subscription;
  if (row.stripeSubscriptionId.startsWith(PENDING)) {
    // Racing calls for one artist send the same idempotency key: Stripe creates one subscription.
    subscription = await stripe.subscriptions.create(
      {
        customer: artist.stripeCustomerId,
        items: [{ price: await proPriceId(stripe) }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription", payment_method_types: ["card"] },
        metadata: { artistId: artist.id },
        expand,
      },
      { idempotencyKey: `subscription:${row.id}` },
    );
    await db
      .update(subscriptions)
      .set({ stripeSubscriptionId: subscription.id, updatedAt: Date.now() })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.stripeSubscriptionId, row.stripeSubscriptionId)));
  } else {
    subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId, { expand });
  }
  const status = await storeSubscription(db, subscription);
  if (status === "active") throw new AppError(409, "already_subscribed", SUBSCRIPTION_MESSAGES.active);
  if (status && ENDED.includes(status)) return getOrCreateSubscription(deps, artist);
  const clientSecret = clientSecretOf(subscription);
  if (!clientSecret) throw new Error(`Subscription ${subscription.id} has no invoice to pay`);
  return { clientSecret };
}

const subscriptionIdOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Webhooks (invoice.paid, invoice.payment_failed, customer.subscription.*): re-read the subscription and store its status. */
export async function syncSubscriptionFromEvent(deps: { db: Db; stripe: Stripe }, event: Stripe.Event): Promise<void> {
  const object = event.data.object as { object: string; id: string; parent?: Stripe.Invoice["parent"] };
  const subscriptionId = object.object === "invoice" ? subscriptionIdOf(object.parent?.subscription_details?.subscription) : object.id;
  if (!subscriptionId) return;
  const [ours] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.stripeSubscriptionId, [subscriptionId]))
    .limit(1);
  if (!ours) return;
  await storeSubscription(deps.db, await deps.stripe.subscriptions.retrieve(subscriptionId));
}
