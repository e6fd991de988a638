/**
 * How artists' payouts are funded, as the admin portal shows and records it (shared by the Worker and
 * the SPA): what is owed to artists against Stripe's available balance, and the tablet provider's
 * settlements — sales money reaches JPlay from the provider, not through Stripe, so the operator tops
 * up Stripe from it (docs/decisions/021-platform-balance-and-settlements.md). Money in cents.
 */
import * as v from "valibot";

/** One settlement larger than this is a typing mistake ($10,000,000). */
export const SETTLEMENT_MAX_CENTS = 1_000_000_000;
export const SETTLEMENT_REFERENCE_MAX_LENGTH = 100;
/** Settlements shown in the portal, newest first. */
export const SETTLEMENTS_SHOWN = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` that names a real calendar day. */
const isCalendarDay = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
};

/** Not after tomorrow (UTC): an operator ahead of UTC may already be on the next day. */
const notInFuture = (value: string) => Date.parse(`${value}T00:00:00Z`) <= Date.now() + DAY_MS;

/** `POST /api/admin/settlements`: the rules the form shows and the server enforces. */
export const SettlementSchema = v.object({
  amountCents: v.pipe(
    v.number("Enter the amount the provider settled."),
    v.integer("The amount must be a whole number of cents."),
    v.minValue(1, "The amount must be at least $0.01."),
    v.maxValue(SETTLEMENT_MAX_CENTS, "The amount must be at most $10,000,000.00."),
  ),
  settledOn: v.pipe(
    v.string("Enter the date the money arrived."),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date the money arrived (YYYY-MM-DD)."),
    v.check(isCalendarDay, "Enter the date the money arrived (YYYY-MM-DD)."),
    v.check(notInFuture, "The settlement date cannot be in the future."),
  ),
  reference: v.pipe(
    v.string("Enter the settlement's reference."),
    v.trim(),
    v.nonEmpty("Enter the settlement's reference."),
    v.maxLength(SETTLEMENT_REFERENCE_MAX_LENGTH, `The reference must be at most ${SETTLEMENT_REFERENCE_MAX_LENGTH} characters.`),
  ),
});

export type SettlementRequest = v.InferOutput<typeof SettlementSchema>;

export const ProviderSettlementSchema = v.object({
  id: v.string(),
  reference: v.string(),
  amountCents: v.number(),
  settledOn: v.string(),
  /** When the operator recorded it (ISO 8601). */
  recordedAt: v.string(),
});
export type ProviderSettlement = v.InferOutput<typeof ProviderSettlementSchema>;

/** `POST /api/admin/settlements`. `recorded: false`: this reference was recorded before (nothing changed). */
export const RecordSettlementResponseSchema = v.object({ settlement: ProviderSettlementSchema, recorded: v.boolean() });
export type RecordSettlementResponse = v.InferOutput<typeof RecordSettlementResponseSchema>;

const CountAndCentsSchema = v.object({ count: v.number(), cents: v.number() });

/** `GET /api/admin/funding`: what payouts need and what Stripe holds. */
export const PayoutFundingResponseSchema = v.object({
  /** Owed to artists: their available balances plus payouts in progress (payout pending). */
  owedToArtistsCents: v.number(),
  artistsAvailableCents: v.number(),
  payoutPendingCents: v.number(),
  /** Payouts Stripe refused for a short balance, waiting for the next run. */
  waitingPayouts: CountAndCentsSchema,
  /** Refunds Stripe holds pending until its available balance covers them (`insufficient_funds`). */
  waitingRefunds: CountAndCentsSchema,
  /** Stripe's balance in USD (`stripe.balance.retrieve()`); null when it could not be read. */
  stripe: v.nullable(v.object({ availableCents: v.number(), pendingCents: v.number() })),
  /** Why Stripe's balance is missing, when it is. */
  stripeError: v.nullable(v.string()),
  /** To top up Stripe by: owed + waiting refunds − Stripe available, never below 0; null without Stripe's balance. */
  shortfallCents: v.nullable(v.number()),
  /** Sales the provider has not settled yet (its receivable, net of settlements). */
  providerOwesCents: v.number(),
  /** The latest settlements, newest first (at most SETTLEMENTS_SHOWN). */
  settlements: v.array(ProviderSettlementSchema),
});
export type PayoutFundingResponse = v.InferOutput<typeof PayoutFundingResponseSchema>;
