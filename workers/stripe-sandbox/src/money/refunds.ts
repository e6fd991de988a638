/**
 * Refunds, as Stripe makes them (https://docs.stripe.com/refunds, https://docs.stripe.com/api/refunds):
 * a refund of a succeeded charge (named by the charge or its PaymentIntent) for at most what remains
 * unrefunded, default all of it; the charge's `amount_refunded` and `refunded` follow, the refund's
 * amount leaves the platform balance (balance.ts), and `refund.created` and `charge.refunded` are sent.
 * Stripe's refusals are kept: a charge already fully refunded (`charge_already_refunded`), an amount
 * greater than what remains, a PaymentIntent without a successful charge.
 *
 * A refund the available balance cannot cover, on an account that does not debit its bank
 * (`payments.debit_negative_balances` off, balance-settings.ts), is held as Stripe holds it: status
 * `pending`, `pending_reason` `insufficient_funds`, no balance transaction yet. It goes out, oldest
 * first, on the first call after available covers it (funds that became available, a top-up):
 * `succeeded`, its balance transaction, `refund.updated` and `charge.refund.updated`. The charge's
 * `amount_refunded` counts it from the start, as Stripe's does.
 *
 * Test card 4000 0000 0000 5126 (https://docs.stripe.com/testing#refunds): its refund starts
 * `succeeded` and fails some time later. The sandbox has no timer: the failure is done by the first
 * call after `REFUND_FAILS_AFTER_SECONDS` on the sandbox clock (`runDueRefundWork`, run before every
 * call as subscriptions' due work is): status `failed`, its amount back in the balance
 * (`failure_balance_transaction`), the charge's `amount_refunded` down again, and `refund.updated`,
 * `charge.refund.updated` and `refund.failed`.
 */
import type Stripe from "stripe";
import { creditRefundFailure, debitRefund, debitRefundIfCovered } from "./balance";
import { debitsNegativeBalances } from "./balance-settings";
import type { Charge } from "./charges";
import { SandboxCall } from "../http/sandbox-call";
import type { SandboxEnv } from "../http/env";
import { refuseRefundOfDisputed } from "./disputes";
import { invalidRequest, parameterInvalid } from "../http/errors";
import { previousAttributes } from "../events/events";
import { Params } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { loadVault } from "./payment-methods";
import type { StoredObject } from "../store/store";
import { scheduleDelivery } from "../events/webhooks";

export type Refund = Stripe.Refund;

/** How long after it was made a refund of test card …5126 fails ("some time later" in Stripe's docs). */
export const REFUND_FAILS_AFTER_SECONDS = 60 * 60;
/** Why such a refund fails: the card can no longer receive money. */
const ASYNC_FAILURE_REASON = "expired_or_canceled_card";
/** Due refund work (failures, waiting refunds) handled per call; the rest waits for the next call. */
const MAX_DUE_WORK_PER_RUN = 25;

/** A refund that will fail, kept beside it until it has (never shown). */
interface RefundFailureDue extends StoredObject {
  object: "sandbox.refund_failure_due";
  refund: string;
  fails_at: number;
}

const failureDueId = (refundId: string) => `sandbox_refund_failure_${refundId}`;

/** A refund held until the available balance covers it (never shown). */
interface RefundAwaitingFunds extends StoredObject {
  object: "sandbox.refund_awaiting_funds";
  refund: string;
  waiting: boolean;
}

const awaitingFundsId = (refundId: string) => `sandbox_refund_awaiting_${refundId}`;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface RefundRequest {
  charge: Charge;
  amount: number | undefined;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
}

/** Refuses what Stripe refuses; answers the amount to refund (what remains by default). */
function refundableAmount(charge: Charge, amount: number | undefined): number {
  const remaining = charge.amount - charge.amount_refunded;
  if (charge.refunded || remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  if (amount === undefined) return remaining;
  if (amount < 1) throw parameterInvalid("amount", "Invalid positive integer", "parameter_invalid_integer");
  if (amount > remaining) {
    throw invalidRequest(
      charge.amount_refunded === 0
        ? `Refund amount (${dollars(amount)}) is greater than charge amount (${dollars(charge.amount)})`
        : `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
      { param: "amount" },
    );
  }
  return amount;
}

/** Makes the refund: the caller holds the charge's lock. */
export async function createRefund(call: SandboxCall, request: RefundRequest): Promise<Refund> {
  const { charge } = request;
  if (charge.status !== "succeeded") throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, { param: "charge" });
  const amount = refundableAmount(charge, request.amount);
  await refuseRefundOfDisputed(call, charge);
  const id = newId(ID_PREFIX.refund);
  const money = { id, amount, currency: charge.currency };
  const funds = (await debitsNegativeBalances(call)) ? debitRefund(call, money) : await debitRefundIfCovered(call, money);
  const refund: Refund = {
    id,
    object: "refund",
    amount,
    balance_transaction: funds?.id ?? null,
    charge: charge.id,
    created: call.now,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: { type: "card", card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" } },
    metadata: { ...request.metadata },
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: request.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: funds ? "succeeded" : "pending",
    ...(funds ? {} : { pending_reason: "insufficient_funds" as const }),
    transfer_reversal: null,
  };
  call.store.put(refund);
  if (!funds) call.store.put<RefundAwaitingFunds>({ id: awaitingFundsId(id), object: "sandbox.refund_awaiting_funds", refund: id, waiting: true });
  call.emit("refund.created", refund);
  const amountRefunded = charge.amount_refunded + amount;
  const refunded: Charge = { ...charge, amount_refunded: amountRefunded, refunded: amountRefunded === charge.amount };
  call.store.put(refunded);
  call.emit("charge.refunded", refunded, previousAttributes(charge, refunded));
  if (funds) await scheduleLaterFailure(call, refund);
  return refund;
}

/** A refund to test card …5126 that has gone out fails some time later. */
async function scheduleLaterFailure(call: SandboxCall, refund: Refund): Promise<void> {
  const method = typeof refund.payment_method === "string" ? refund.payment_method : null;
  const vault = method ? await loadVault(call, method) : null;
  if (vault?.behaviour.kind === "succeed" && vault.behaviour.refundFailsLater) {
    call.store.put<RefundFailureDue>({
      id: failureDueId(refund.id),
      object: "sandbox.refund_failure_due",
      refund: refund.id,
      fails_at: call.now + REFUND_FAILS_AFTER_SECONDS,
    });
  }
}

/**
 * Sends a waiting refund if the available balance now covers it; answers whether it went (a refund
 * that has gone, or is gone, no longer waits).
 */
async function sendWaitingRefund(call: SandboxCall, waiting: RefundAwaitingFunds): Promise<boolean> {
  const refund = await call.store.get<Refund>(waiting.refund, "refund");
  if (refund && refund.status === "pending") {
    const funds = await debitRefundIfCovered(call, { id: refund.id, amount: refund.amount, currency: refund.currency });
    if (!funds) return false;
    const sent: Refund = { ...refund, status: "succeeded", balance_transaction: funds.id };
    delete sent.pending_reason;
    const previous = previousAttributes(refund, sent);
    call.store.put(sent);
    call.emit("refund.updated", sent, previous);
    call.emit("charge.refund.updated", sent, previous);
    await scheduleLaterFailure(call, sent);
  }
  call.store.put({ ...waiting, waiting: false });
  return true;
}

/** The charge a PaymentIntent's refund is made on: its successful one, or Stripe's refusal. */
export async function chargeOfIntent(call: SandboxCall, intentId: string): Promise<Charge> {
  const intent = await call.store.require<Stripe.PaymentIntent>("payment_intent", intentId, "payment_intent", "payment_intent");
  const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : null;
  if (intent.status !== "succeeded" || !chargeId) {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { param: "payment_intent" });
  }
  return call.store.require<Charge>("charge", chargeId, "charge", "payment_intent");
}

/** Fails one refund that came due: its money returns to the balance and the charge can be refunded again. */
async function failRefund(call: SandboxCall, due: RefundFailureDue): Promise<void> {
  const refund = await call.store.get<Refund>(due.refund, "refund");
  if (refund && refund.status === "succeeded") {
    await call.store.lock(refund.charge as string);
    const charge = await call.store.require<Charge>("charge", refund.charge as string, "charge");
    const returned = creditRefundFailure(call, { id: refund.id, amount: refund.amount, currency: refund.currency });
    const failed: Refund = { ...refund, status: "failed", failure_reason: ASYNC_FAILURE_REASON, failure_balance_transaction: returned.id };
    const previous = previousAttributes(refund, failed);
    call.store.put(failed);
    call.emit("refund.updated", failed, previous);
    call.emit("charge.refund.updated", failed, previous);
    call.emit("refund.failed", failed, previous);
    const amountRefunded = charge.amount_refunded - refund.amount;
    const restored: Charge = { ...charge, amount_refunded: amountRefunded, refunded: false };
    call.store.put(restored);
  }
  // The marker has done its work: a later run does not see it again.
  call.store.put({ ...due, fails_at: Number.MAX_SAFE_INTEGER });
}

/**
 * Does the refund work that came due on the sandbox clock (sandbox-app.ts runs it before every call):
 * failures of refunds to test card …5126, then refunds that waited for funds, oldest first, while
 * the available balance covers them.
 */
export async function runDueRefundWork(env: SandboxEnv, now: number, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT id, object FROM sandbox_objects
      WHERE (object = 'sandbox.refund_failure_due' AND json_extract(data, '$.fails_at') <= ?1)
         OR (object = 'sandbox.refund_awaiting_funds' AND json_extract(data, '$.waiting') = 1)
      ORDER BY object = 'sandbox.refund_awaiting_funds', rowid LIMIT ?2`,
  )
    .bind(now, MAX_DUE_WORK_PER_RUN)
    .all<{ id: string; object: string }>();
  for (const { id, object } of results) {
    const call = new SandboxCall(env, new Params({}), "secret", null, null, now);
    let fundsRanShort = false;
    try {
      if (object === "sandbox.refund_failure_due") {
        const due = await call.store.get<RefundFailureDue>(id, "sandbox.refund_failure_due");
        if (!due || due.fails_at > now) continue;
        await call.store.lock(due.refund);
        await failRefund(call, due);
      } else {
        const waiting = await call.store.get<RefundAwaitingFunds>(id, "sandbox.refund_awaiting_funds");
        if (!waiting?.waiting) continue;
        await call.store.lock(waiting.refund);
        fundsRanShort = !(await sendWaitingRefund(call, waiting));
      }
      await call.store.commit();
    } catch (error) {
      // Held by a concurrent request (lock_timeout): the next call tries again.
      console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox: due refund work deferred", marker: id, error: String(error) }));
      continue;
    } finally {
      await call.store.releaseLocks();
    }
    scheduleDelivery(
      env,
      call.events.map((event) => event.id),
      ctx,
    );
    // Oldest first: a newer refund does not go before one the balance cannot cover yet.
    if (fundsRanShort) break;
  }
}
