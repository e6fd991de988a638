/**
 * The platform's Stripe balance, kept as Stripe keeps it (https://docs.stripe.com/payments/balances):
 * every movement is a balance transaction with an `available_on` time; its `net` is pending until
 * then and available after, on the sandbox clock (clock.ts). Transfers draw on the available balance
 * only, and are refused with Stripe's `balance_insufficient` otherwise.
 *
 * - A succeeded card charge adds its amount minus Stripe's fee (US cards: 2.9% + 30¢,
 *   https://stripe.com/pricing) to pending; it becomes available after the US standard payout timing,
 *   2 business days, at 00:00 UTC of that day (https://docs.stripe.com/payouts#standard-payout-timing).
 * - Test card 4000 0000 0000 0077 (`pm_card_bypassPending`) is available at once
 *   (https://docs.stripe.com/testing#available-balance).
 * - A top-up (topups.ts) is pending for the ACH settlement time the docs give.
 * - A transfer takes its amount from available at once.
 * - A dispute (disputes.ts) takes the disputed amount plus Stripe's dispute fee (15.00 USD) from
 *   available at once, as an `adjustment`; a dispute won puts the amount back (the fee stays spent:
 *   https://support.stripe.com/questions/dispute-fees-faq). An inquiry moves no money.
 * - A refund takes its amount from available at once (Stripe keeps its fee on the charge). When
 *   available cannot cover it, the account's balance settings decide (balance-settings.ts): the bank
 *   account is debited for the rest, which the sandbox shows as available going below zero, or the
 *   refund waits, pending, until available covers it (refunds.ts). A refund that fails later puts its
 *   amount back (`refund_failure`). https://docs.stripe.com/refunds
 *
 * Totals live in one `sandbox.balance_bucket` row per currency and availability time, changed by SQL
 * increments committed with the request's other writes, so reading the balance reads a few rows
 * however many transactions there are (a payout run makes one per artist).
 */
import type Stripe from "stripe";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest } from "../http/errors";
import { ID_PREFIX, newId } from "../store/ids";

export type BalanceTransaction = Stripe.BalanceTransaction;

const DAY_SECONDS = 24 * 60 * 60;

/** US standard payout timing: card funds become available 2 business days after the charge. */
export const CARD_AVAILABILITY_BUSINESS_DAYS = 2;

/**
 * Stripe's fee on a US card charge: 2.9% + 30¢. The percentage is rounded to the nearest cent,
 * halves up (Stripe publishes no tie rule; a tie happens only for amounts ending in 500¢:
 * 1,500¢ → 43.5¢ → 44¢).
 */
export const cardFee = (amount: number): number => Math.round((amount * 29) / 1000) + 30;

/**
 * 00:00 UTC of the day `businessDays` weekdays after `created`'s day: a Friday's charge is available
 * on Tuesday. Bank holidays are not modelled.
 */
export function afterBusinessDays(created: number, businessDays: number): number {
  let day = created - (created % DAY_SECONDS);
  for (let counted = 0; counted < businessDays;) {
    day += DAY_SECONDS;
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return day;
}

/** Stripe's answer when the available balance cannot cover a transfer (test mode's wording). */
export const balanceInsufficient = () =>
  invalidRequest(
    "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
    { code: "balance_insufficient" },
  );

/** A balance transaction as Stripe shows it now: `status` follows the clock. */
export const withCurrentStatus = (transaction: BalanceTransaction, now: number): BalanceTransaction => ({
  ...transaction,
  status: transaction.available_on <= now ? "available" : "pending",
});

const BUCKET_OBJECT = "sandbox.balance_bucket";
/** Amounts available from the start share one bucket, so transfers do not add a row each. */
const AVAILABLE_BUCKET = 0;

/** Adds `net` to the running total of its currency and availability time (in the request's commit). */
function stageBucketChange(call: SandboxCall, currency: string, availableOn: number, net: number): void {
  const bucket = availableOn <= call.now ? AVAILABLE_BUCKET : availableOn;
  call.store.stage(
    call.store.db
      .prepare(
        `INSERT INTO sandbox_objects (id, object, data) VALUES (?1, '${BUCKET_OBJECT}', json_object('currency', ?2, 'available_on', ?3, 'net', ?4))
         ON CONFLICT(id) DO UPDATE SET data = json_set(data, '$.net', json_extract(data, '$.net') + ?4)`,
      )
      .bind(`sandbox_balance_${currency}_${bucket}`, currency, bucket, net),
  );
}

interface Movement {
  amount: number;
  currency: string;
  fee: number;
  availableOn: number;
  type: "charge" | "topup" | "transfer" | "transfer_refund" | "refund" | "refund_failure" | "adjustment";
  source: string;
  description: string | null;
  /** Defaults to `type`; disputes' adjustments are reported as `dispute` / `dispute_reversal`. */
  reportingCategory?: string;
  /** Defaults to Stripe's processing fee; a dispute's is its dispute fee. */
  feeDescription?: string;
}

/** Records one balance transaction and its effect on the totals; returns it (status as of now). */
function record(call: SandboxCall, movement: Movement): BalanceTransaction {
  const net = movement.amount - movement.fee;
  const transaction: BalanceTransaction = {
    id: newId(ID_PREFIX.balance_transaction),
    object: "balance_transaction",
    amount: movement.amount,
    available_on: movement.availableOn,
    balance_type: "payments",
    created: call.now,
    currency: movement.currency,
    description: movement.description,
    exchange_rate: null,
    fee: movement.fee,
    fee_details:
      movement.fee > 0
        ? [
            {
              amount: movement.fee,
              application: null,
              currency: movement.currency,
              description: movement.feeDescription ?? "Stripe processing fees",
              type: "stripe_fee",
            },
          ]
        : [],
    net,
    reporting_category: movement.reportingCategory ?? movement.type,
    source: movement.source,
    status: movement.availableOn <= call.now ? "available" : "pending",
    type: movement.type,
  };
  call.store.put(transaction);
  stageBucketChange(call, movement.currency, movement.availableOn, net);
  return transaction;
}

/** A succeeded charge's funds: net of the fee, pending until the payout timing (or at once). */
export function creditCharge(
  call: SandboxCall,
  charge: { id: string; amount: number; currency: string; description: string | null },
  bypassPending: boolean,
): BalanceTransaction {
  return record(call, {
    amount: charge.amount,
    currency: charge.currency,
    fee: cardFee(charge.amount),
    availableOn: bypassPending ? call.now : afterBusinessDays(call.now, CARD_AVAILABILITY_BUSINESS_DAYS),
    type: "charge",
    source: charge.id,
    description: charge.description,
  });
}

/** A top-up's funds: no fee, pending until its expected availability date. */
export function creditTopup(
  call: SandboxCall,
  topup: { id: string; amount: number; currency: string; description: string | null },
  availableOn: number,
): BalanceTransaction {
  return record(call, { amount: topup.amount, currency: topup.currency, fee: 0, availableOn, type: "topup", source: topup.id, description: topup.description });
}

const LOCK_ID = "sandbox_platform_balance";

/**
 * Whether the available balance covers `amount`, taking the balance's lock for the rest of the
 * request: what is spent after this answer is spent by this request only.
 */
async function availableCovers(call: SandboxCall, money: { amount: number; currency: string }): Promise<boolean> {
  await call.store.lock(LOCK_ID);
  const balance = await readBalance(call.store.db, call.now);
  return (balance.get(money.currency)?.available ?? 0) >= money.amount;
}

/**
 * The commit's check that the available balance (this request's debit included) is not below zero:
 * the floor row's CHECK fails the whole batch otherwise (migrations/0001_balance_floor.sql).
 */
function stageBalanceFloor(call: SandboxCall, currency: string): void {
  call.store.stageGuard(
    call.store.db
      .prepare(
        `INSERT INTO sandbox_balance_floor (currency, available)
         SELECT ?1, coalesce(sum(CASE WHEN json_extract(data, '$.available_on') <= ?2 THEN json_extract(data, '$.net') END), 0)
           FROM sandbox_objects WHERE object = '${BUCKET_OBJECT}' AND json_extract(data, '$.currency') = ?1
         ON CONFLICT(currency) DO UPDATE SET available = excluded.available`,
      )
      .bind(currency, call.now),
    "available_not_negative",
    balanceInsufficient,
  );
}

/**
 * Takes a transfer's amount from the available balance, or refuses like Stripe when it is short.
 * Transfers run side by side, as Stripe runs them (no lock): the balance read here refuses one that
 * is short already, and the commit refuses one that a concurrent transfer made short, since the
 * debit and the check of what is left go in the same D1 batch (one transaction on D1's one writer).
 */
export async function debitTransfer(
  call: SandboxCall,
  transfer: { id: string; amount: number; currency: string; description: string | null },
): Promise<BalanceTransaction> {
  const balance = await readBalance(call.store.db, call.now);
  if ((balance.get(transfer.currency)?.available ?? 0) < transfer.amount) throw balanceInsufficient();
  const debit = record(call, {
    amount: -transfer.amount,
    currency: transfer.currency,
    fee: 0,
    availableOn: call.now,
    type: "transfer",
    source: transfer.id,
    description: transfer.description,
  });
  stageBalanceFloor(call, transfer.currency);
  return debit;
}

/**
 * A refund's amount from the available balance when it covers it, under the balance's lock; null
 * when it does not (the refund waits: balance-settings.ts).
 */
export async function debitRefundIfCovered(call: SandboxCall, refund: { id: string; amount: number; currency: string }): Promise<BalanceTransaction | null> {
  return (await availableCovers(call, refund)) ? debitRefund(call, refund) : null;
}

/** A refund's amount leaves the balance at once (no fee is returned: Stripe keeps it). */
export function debitRefund(call: SandboxCall, refund: { id: string; amount: number; currency: string }): BalanceTransaction {
  return record(call, {
    amount: -refund.amount,
    currency: refund.currency,
    fee: 0,
    availableOn: call.now,
    type: "refund",
    source: refund.id,
    description: "REFUND FOR CHARGE",
  });
}

/** A transfer reversal: its amount comes back from the connected account, available at once (Stripe's `transfer_refund`). */
export function creditTransferReversal(call: SandboxCall, reversal: { id: string; amount: number; currency: string }): BalanceTransaction {
  return record(call, {
    amount: reversal.amount,
    currency: reversal.currency,
    fee: 0,
    availableOn: call.now,
    type: "transfer_refund",
    source: reversal.id,
    description: "REVERSAL",
  });
}

/** A refund that failed after it was made: its amount comes back, available at once. */
export function creditRefundFailure(call: SandboxCall, refund: { id: string; amount: number; currency: string }): BalanceTransaction {
  return record(call, {
    amount: refund.amount,
    currency: refund.currency,
    fee: 0,
    availableOn: call.now,
    type: "refund_failure",
    source: refund.id,
    description: "REFUND FAILURE",
  });
}

export interface CurrencyBalance {
  available: number;
  pending: number;
}

/** The balance per currency at `now` (committed state). */
export async function readBalance(db: D1Database, now: number): Promise<Map<string, CurrencyBalance>> {
  const { results } = await db
    .prepare(
      `SELECT json_extract(data, '$.currency') AS currency,
              coalesce(sum(CASE WHEN json_extract(data, '$.available_on') <= ?1 THEN json_extract(data, '$.net') END), 0) AS available,
              coalesce(sum(CASE WHEN json_extract(data, '$.available_on') > ?1 THEN json_extract(data, '$.net') END), 0) AS pending
         FROM sandbox_objects WHERE object = '${BUCKET_OBJECT}' GROUP BY currency`,
    )
    .bind(now)
    .all<{ currency: string; available: number; pending: number }>();
  return new Map(results.map((row) => [row.currency, { available: row.available, pending: row.pending }]));
}

/** The platform's currency: its balance is listed even when empty, as Stripe lists it. */
const DEFAULT_CURRENCY = "usd";

/** `GET /v1/balance`'s object. Every fund the sandbox holds is card-type (`source_types.card`). */
export async function balanceObject(db: D1Database, now: number): Promise<Stripe.Balance> {
  const balances = await readBalance(db, now);
  if (!balances.has(DEFAULT_CURRENCY)) balances.set(DEFAULT_CURRENCY, { available: 0, pending: 0 });
  const entries = [...balances.entries()].sort(([a], [b]) => (a === DEFAULT_CURRENCY ? -1 : b === DEFAULT_CURRENCY ? 1 : a.localeCompare(b)));
  return {
    object: "balance",
    available: entries.map(([currency, balance]) => ({ amount: balance.available, currency, source_types: { card: balance.available } })),
    connect_reserved: entries.map(([currency]) => ({ amount: 0, currency })),
    livemode: false,
    pending: entries.map(([currency, balance]) => ({ amount: balance.pending, currency, source_types: { card: balance.pending } })),
  };
}

/** Stripe's dispute fee in the US (https://stripe.com/pricing): charged when a dispute opens, kept whatever the outcome. */
export const DISPUTE_FEE = 1500;

/** A dispute's withdrawal: the disputed amount and the dispute fee leave available at once. */
export function debitDispute(call: SandboxCall, dispute: { id: string; amount: number; currency: string; charge: string }): BalanceTransaction {
  return record(call, {
    amount: -dispute.amount,
    currency: dispute.currency,
    fee: DISPUTE_FEE,
    availableOn: call.now,
    type: "adjustment",
    reportingCategory: "dispute",
    feeDescription: "Dispute fee",
    source: dispute.id,
    description: `Chargeback withdrawal for ${dispute.charge}`,
  });
}

/** A dispute won: the disputed amount comes back, available at once; the fee does not. */
export function creditDisputeReinstated(call: SandboxCall, dispute: { id: string; amount: number; currency: string; charge: string }): BalanceTransaction {
  return record(call, {
    amount: dispute.amount,
    currency: dispute.currency,
    fee: 0,
    availableOn: call.now,
    type: "adjustment",
    reportingCategory: "dispute_reversal",
    source: dispute.id,
    description: `Chargeback reversal for ${dispute.charge}`,
  });
}
