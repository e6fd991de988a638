/**
 * Replacing the artist's saved card from their private page (docs/decisions/049): a SetupIntent
 * for the artist's Stripe customer (off-session usage) that the browser confirms with the card form,
 * then, given that SetupIntent, the new card becomes the default everywhere the product charges from:
 * the `payment_methods` row (one default per artist: recovery offers and admin charges pick it), the
 * customer's `invoice_settings.default_payment_method` and an active Pro subscription's
 * `default_payment_method`. A Pro renewal that failed (`past_due`) is paid with the new card at once,
 * rather than at Billing's next retry days later, so Pro comes back with the card. The old cards are detached at Stripe. Every step is idempotent (same
 * values written again, an already-detached card counts as detached), so a retry after a crash
 * finishes the job. The card's details come from Stripe, never from the browser.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import Stripe from "stripe";
import { artists, paymentMethods, subscriptions } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { AppError, badRequest, forbidden, notFound } from "../../platform/errors";
import { cardRefusal } from "./card-rules";
import { defaultCardWrites } from "./payment-setup";
import { loggableError } from "../../platform/loggable-error";

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const REPLACE_MESSAGES = {
  noCustomer: /*i18n*/ "This artist has no saved card to replace.",
  otherCustomer: /*i18n*/ "This card setup belongs to another artist. Please start again.",
  notConfirmed: /*i18n*/ "The new card was not confirmed, so your saved card was kept. Please try again.",
  notACard: /*i18n*/ "Only a card can be saved.",
} as const;

/** Subscriptions that renew from the card: Pro on, or a renewal being retried. */
const RENEWING = ["active", "past_due"] as const;

async function customerOf(ctx: Ctx, artistId: string): Promise<string> {
  const [artist] = await ctx.db.select({ customer: artists.stripeCustomerId }).from(artists).where(eq(artists.id, artistId)).limit(1);
  if (!artist?.customer) throw notFound(REPLACE_MESSAGES.noCustomer);
  return artist.customer;
}

/** The artist's default card as the page shows it, or null when none is saved. */
export async function defaultCard(ctx: Ctx, artistId: string): Promise<SavedCard | null> {
  const [card] = await ctx.db
    .select({ brand: paymentMethods.brand, last4: paymentMethods.last4, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.artistId, artistId), eq(paymentMethods.isDefault, true)))
    .limit(1);
  return card ?? null;
}

/** A SetupIntent the browser confirms with the new card; the client secret goes to the card form. */
export async function startCardReplacement(ctx: Ctx, artistId: string): Promise<{ clientSecret: string }> {
  const customer = await customerOf(ctx, artistId);
  const intent = await ctx.stripe.setupIntents.create({
    customer,
    usage: "off_session",
    allowed_payment_method_types: ["card"],
    metadata: { purpose: "replace_card", artistId },
  });
  if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came back without a client secret`);
  return { clientSecret: intent.client_secret };
}

/** A replacement card Stripe confirmed for the artist's customer and the card-network rules allow. */
export interface ConfirmedReplacement {
  customer: string;
  methodId: string;
  card: Stripe.PaymentMethod.Card;
}

/**
 * Checks the SetupIntent before anything is saved or counted against a shared limit: it belongs to the
 * artist's customer, succeeded, holds a card, and that card is not refused by the card-network rules.
 */
export async function confirmedReplacement(ctx: Ctx, artistId: string, setupIntentId: string): Promise<ConfirmedReplacement> {
  const { stripe } = ctx;
  const customer = await customerOf(ctx, artistId);
  const intent = await retrieveSetupIntent(ctx, setupIntentId);
  const intentCustomer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
  if (intentCustomer !== customer) throw forbidden(REPLACE_MESSAGES.otherCustomer);
  if (intent.status !== "succeeded" || !intent.payment_method) throw new AppError(409, "setup_not_succeeded", REPLACE_MESSAGES.notConfirmed);
  const methodId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method.id;
  const method = await stripe.paymentMethods.retrieve(methodId);
  if (!method.card) throw badRequest(REPLACE_MESSAGES.notACard);
  const card = method.card;
  // The card-network rules: a card hard-declined or out of attempts is not made the one charged.
  const refusal = card.fingerprint ? await cardRefusal(ctx, card.fingerprint) : null;
  if (refusal) throw new AppError(409, "card_refused", refusal.message);
  return { customer, methodId, card };
}

/** Makes the confirmed card the artist's default card (D1 and Stripe) and detaches the old ones. */
export async function finishCardReplacement(ctx: Ctx, artistId: string, { customer, methodId, card }: ConfirmedReplacement): Promise<SavedCard> {
  const { db, stripe } = ctx;
  await db.batch(defaultCardWrites(db, artistId, methodId, card));
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: methodId } });
  const renewing = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.artistId, artistId), inArray(subscriptions.status, [...RENEWING])));
  for (const subscription of renewing) {
    const updated = await stripe.subscriptions.update(subscription.id, { default_payment_method: methodId });
    if (updated.status === "past_due") await payFailedRenewal(ctx, updated, methodId);
  }

  const old = await db
    .select({ id: paymentMethods.stripePaymentMethodId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.artistId, artistId), ne(paymentMethods.stripePaymentMethodId, methodId)));
  for (const { id } of old) await detach(ctx, id);
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/**
 * Pays a past-due subscription's open renewal invoice with the new card (key: the invoice and the
 * card, so a retry of the replacement pays once). A decline leaves it to Billing's retries and is
 * logged; an invoice paid meanwhile (by a retry) is done. Pro follows from the webhooks.
 */
async function payFailedRenewal(ctx: Ctx, subscription: Stripe.Subscription, methodId: string): Promise<void> {
  const invoiceId = typeof subscription.latest_invoice === "string" ? subscription.latest_invoice : subscription.latest_invoice?.id;
  if (!invoiceId) return;
  try {
    await ctx.stripe.invoices.pay(invoiceId, { payment_method: methodId, off_session: true }, { idempotencyKey: `renewal:${invoiceId}:${methodId}` });
  } catch (error) {
    const settled =
      error instanceof Stripe.errors.StripeCardError || (error instanceof Stripe.errors.StripeInvalidRequestError && /already paid/i.test(error.message));
    if (!settled) throw error;
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "past-due renewal not paid with the replacement card",
        subscription: subscription.id,
        invoice: invoiceId,
        ...loggableError(error),
      }),
    );
  }
}

async function retrieveSetupIntent(ctx: Ctx, id: string): Promise<Stripe.SetupIntent> {
  try {
    return await ctx.stripe.setupIntents.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") throw forbidden(REPLACE_MESSAGES.otherCustomer);
    throw error;
  }
}

/** Detaches a card from its customer; one already detached (or gone) counts as done. */
async function detach(ctx: Ctx, paymentMethodId: string) {
  try {
    await ctx.stripe.paymentMethods.detach(paymentMethodId);
  } catch (error) {
    const done =
      error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === "resource_missing" || /not attached to a customer/i.test(error.message));
    if (!done) throw error;
  }
}
