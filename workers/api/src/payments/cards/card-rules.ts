/**
 * Card-network rules, enforced on the server before any charge (docs/decisions/008):
 * after a hard decline a card is never retried, and every charge attempt on a card — any path,
 * admin retries included — counts against one budget per card fingerprint (15 in 30 days).
 * Visa and Mastercard fine merchants that retry such cards; this module is the one place that says no.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { CARD_ATTEMPT_WINDOW_MS, CARD_ATTEMPTS_PER_WINDOW } from "@jplay/schema/pricing";
import { cardAttempts } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { cardChargedBack } from "../../disputes/index";

/**
 * Decline codes after which the networks forbid another attempt on the card
 * (https://docs.stripe.com/declines/codes: "do not try again" and invalid-card codes).
 */
export const HARD_DECLINE_CODES = [
  "lost_card",
  "stolen_card",
  "fraudulent",
  "pickup_card",
  "restricted_card",
  "do_not_try_again",
  "do_not_honor_permanently",
  "expired_card",
  "invalid_number",
  "incorrect_number",
  "invalid_account",
  "card_not_supported",
  "revocation_of_authorization",
  "revocation_of_all_authorizations",
  "security_violation",
  "stop_payment_order",
  "transaction_not_allowed",
  "merchant_blacklist",
] as const;

export const isHardDecline = (declineCode: string | null | undefined) => declineCode != null && (HARD_DECLINE_CODES as readonly string[]).includes(declineCode);

/** Hard declines by which the bank or Stripe suspects fraud: no discount follows them (docs/decisions/059). */
export const FRAUD_DECLINE_CODES = [
  "fraudulent",
  "lost_card",
  "stolen_card",
  "pickup_card",
  "merchant_blacklist",
  "restricted_card",
  "security_violation",
] as const satisfies readonly (typeof HARD_DECLINE_CODES)[number][];

export const isFraudDecline = (declineCode: string | null | undefined) =>
  declineCode != null && (FRAUD_DECLINE_CODES as readonly string[]).includes(declineCode);

export type CardRefusal =
  /** The card was hard-declined before: ask the artist for a new card. */
  | { reason: "hard_decline"; declineCode: string; message: string }
  /** The card's attempt budget for the window is spent. */
  | { reason: "attempt_budget"; message: string };

export const CARD_REFUSAL_MESSAGES = {
  hard_decline: /*i18n*/ "This card can't be charged again. Please use a different card.",
  attempt_budget: /*i18n*/ "This card has reached its limit of payment attempts for now. Please use a different card or try again later.",
} as const;

/** The refusal's code for a card whose charge was disputed (a chargeback): not a bank's decline code. */
export const CHARGED_BACK = "charged_back";

/** Why this card may not be charged now, or null when it may. */
export async function cardRefusal(ctx: Ctx, fingerprint: string, now = ctx.now()): Promise<CardRefusal | null> {
  const { db } = ctx;
  const [hard] = await db
    .select({ declineCode: cardAttempts.declineCode })
    .from(cardAttempts)
    .where(and(eq(cardAttempts.fingerprint, fingerprint), inArray(cardAttempts.declineCode, [...HARD_DECLINE_CODES])))
    .limit(1);
  if (hard?.declineCode) return { reason: "hard_decline", declineCode: hard.declineCode, message: CARD_REFUSAL_MESSAGES.hard_decline };
  // A card that charged back is never charged again (docs/decisions/093-disputes.md).
  if (await cardChargedBack(ctx, fingerprint)) return { reason: "hard_decline", declineCode: CHARGED_BACK, message: CARD_REFUSAL_MESSAGES.hard_decline };
  const [{ attempts } = { attempts: 0 }] = await db
    .select({ attempts: sql<number>`count(*)` })
    .from(cardAttempts)
    .where(and(eq(cardAttempts.fingerprint, fingerprint), gte(cardAttempts.attemptedAt, now - CARD_ATTEMPT_WINDOW_MS)));
  if (attempts >= CARD_ATTEMPTS_PER_WINDOW) return { reason: "attempt_budget", message: CARD_REFUSAL_MESSAGES.attempt_budget };
  return null;
}

/**
 * Takes one attempt from the card's budget, atomically (one conditional INSERT, so concurrent
 * callers cannot overspend it). Returns the attempt's id, or the refusal when the card may not be
 * charged. Call it immediately before the Stripe call it stands for.
 */
export async function claimCardAttempt(
  ctx: Ctx,
  fingerprint: string,
  paymentId: string | null,
  now = ctx.now(),
  attemptId: string = crypto.randomUUID(),
): Promise<{ attemptId: string } | { refused: CardRefusal }> {
  const refusal = await cardRefusal(ctx, fingerprint, now);
  if (refusal) return { refused: refusal };
  const windowStart = now - CARD_ATTEMPT_WINDOW_MS;
  const hardCodes = HARD_DECLINE_CODES.map((code) => `'${code}'`).join(", ");
  const result = await ctx.db.run(sql`
    insert into card_attempts (id, fingerprint, payment_id, outcome, attempted_at)
    select ${attemptId}, ${fingerprint}, ${paymentId}, 'pending', ${now}
    where (select count(*) from card_attempts where fingerprint = ${fingerprint} and attempted_at >= ${windowStart}) < ${CARD_ATTEMPTS_PER_WINDOW}
      and not exists (select 1 from card_attempts where fingerprint = ${fingerprint} and decline_code in (${sql.raw(hardCodes)}))`);
  if (result.meta.changes === 1) return { attemptId };
  return { refused: (await cardRefusal(ctx, fingerprint, now)) ?? { reason: "attempt_budget", message: CARD_REFUSAL_MESSAGES.attempt_budget } };
}

/** Records what Stripe answered for an attempt; a hard decline here blocks the card from now on. */
export async function recordCardAttemptOutcome(
  ctx: Ctx,
  attemptId: string,
  outcome: "succeeded" | "requires_action" | "declined" | "error",
  declineCode: string | null = null,
): Promise<void> {
  await ctx.db.update(cardAttempts).set({ outcome, declineCode }).where(eq(cardAttempts.id, attemptId));
}

/**
 * Records an attempt Stripe reported after the fact (e.g. the browser confirmed a payment with a new
 * card and a webhook tells us how it went), so browser-side attempts count against the budget too.
 * Idempotent per `attemptKey` (use the Stripe charge id).
 */
export async function recordObservedCardAttempt(
  ctx: Ctx,
  attemptKey: string,
  fingerprint: string,
  paymentId: string | null,
  outcome: "succeeded" | "declined",
  declineCode: string | null,
): Promise<void> {
  await ctx.db
    .insert(cardAttempts)
    .values({ id: `observed:${attemptKey}`, fingerprint, paymentId, outcome, declineCode })
    .onConflictDoNothing();
}
