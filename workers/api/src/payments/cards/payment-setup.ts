/**
 * Payment setup (docs/product.md, Data–4): a Stripe customer and a SetupIntent for off-session charges,
 * then saving the confirmed card, which creates (or updates) the artist. The card's details come
 * from Stripe, never from the browser, and only a card Stripe confirmed for the customer is saved.
 */
import { and, eq, ne } from "drizzle-orm";
import Stripe from "stripe";
import { artists, paymentMethods } from "@jplay/schema/tables";
import type { PaymentFrequency } from "@jplay/schema/payments";
import type { Language } from "@jplay/schema/language";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";

export async function createSetupIntent(ctx: Ctx, customerId: string | null, paymentFrequency: PaymentFrequency) {
  const { stripe } = ctx;
  const customer = customerId ?? (await stripe.customers.create({ metadata: { source: "jplay" } })).id;
  const intent = await stripe.setupIntents.create({
    customer,
    usage: "off_session",
    allowed_payment_method_types: ["card"],
    metadata: { paymentFrequency },
  });
  if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came back without a client secret`);
  return { clientSecret: intent.client_secret, customerId: customer };
}

export interface SaveCardInput {
  customerId: string;
  paymentMethodId: string;
  phoneNumber: string;
  paymentFrequency: PaymentFrequency;
  /** The language the artist chose in the app: their texts and statements are written in it. */
  language: Language;
}

const NOT_SET_UP = /*i18n*/ "This card was not set up for your payment setup. Please enter it again.";

/** A card Stripe confirmed for this customer: the card, and the payment method it belongs to. */
export interface ConfirmedCard {
  method: Stripe.PaymentMethod;
  card: Stripe.PaymentMethod.Card;
}

/**
 * The card, only when Stripe says it was set up for this customer: a succeeded SetupIntent of the
 * customer holds that payment method (the card check the customer paid for with a real card). Any
 * other id, a made-up one included, is refused (400) before anything counts against a limit that
 * honest artists share.
 */
export async function confirmedSetupCard(ctx: Ctx, customerId: string, paymentMethodId: string): Promise<ConfirmedCard> {
  const { stripe } = ctx;
  let method: Stripe.PaymentMethod;
  let setups: Stripe.ApiList<Stripe.SetupIntent>;
  try {
    method = await stripe.paymentMethods.retrieve(paymentMethodId);
    setups = await stripe.setupIntents.list({ customer: customerId, payment_method: paymentMethodId, limit: 10 });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw badRequest(NOT_SET_UP);
    throw error;
  }
  const methodCustomer = typeof method.customer === "string" ? method.customer : method.customer?.id;
  const confirmed = setups.data.some(
    (setup) => setup.status === "succeeded" && (typeof setup.payment_method === "string" ? setup.payment_method : setup.payment_method?.id) === method.id,
  );
  if (methodCustomer !== customerId || !method.card || !confirmed) throw badRequest(NOT_SET_UP);
  return { method, card: method.card };
}

/**
 * Whether this customer saved this card before (the same fingerprint, or the same payment method when
 * Stripe gave none): a card saved again is no new card check, so it counts once against the budgets
 * all clients share (payments/cards/setup-challenges.ts).
 */
export async function savedBefore(ctx: Ctx, customerId: string, { method, card }: ConfirmedCard): Promise<boolean> {
  const sameCard = card.fingerprint ? eq(paymentMethods.fingerprint, card.fingerprint) : eq(paymentMethods.stripePaymentMethodId, method.id);
  const [row] = await ctx.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .innerJoin(artists, eq(artists.id, paymentMethods.artistId))
    .where(and(eq(artists.stripeCustomerId, customerId), sameCard))
    .limit(1);
  return row !== undefined;
}

/** Makes a confirmed card the artist's (creating the artist on a first save). */
export async function savePaymentMethod(ctx: Ctx, input: SaveCardInput, { method, card }: ConfirmedCard) {
  const { db, stripe } = ctx;

  await stripe.customers.update(input.customerId, {
    phone: input.phoneNumber,
    invoice_settings: { default_payment_method: method.id },
  });

  const [existing] = await db.select({ id: artists.id }).from(artists).where(eq(artists.stripeCustomerId, input.customerId)).limit(1);
  const artistId = existing?.id ?? crypto.randomUUID();
  await db.batch([
    db
      .insert(artists)
      .values({
        id: artistId,
        phone: input.phoneNumber,
        paymentFrequency: input.paymentFrequency,
        stripeCustomerId: input.customerId,
        language: input.language,
      })
      .onConflictDoUpdate({ target: artists.id, set: { phone: input.phoneNumber, paymentFrequency: input.paymentFrequency, language: input.language } }),
    ...defaultCardWrites(db, artistId, method.id, card),
  ]);
  return { artistId, brand: card.brand, last4: card.last4 };
}

/** The writes that make a card the artist's one default `payment_methods` row (added, or marked again). */
export function defaultCardWrites(db: Db, artistId: string, paymentMethodId: string, card: Stripe.PaymentMethod.Card) {
  return [
    db
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.artistId, artistId), ne(paymentMethods.stripePaymentMethodId, paymentMethodId))),
    db
      .insert(paymentMethods)
      .values({
        id: crypto.randomUUID(),
        artistId,
        stripePaymentMethodId: paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        fingerprint: card.fingerprint ?? null,
        isDefault: true,
      })
      .onConflictDoUpdate({ target: paymentMethods.stripePaymentMethodId, set: { isDefault: true } }),
  ] as const;
}
