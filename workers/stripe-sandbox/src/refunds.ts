/**
 * Refunds, as Stripe makes them (https://docs.stripe.com/refunds, https://docs.stripe.com/api/refunds):
 * a refund of a succeeded charge (named by the charge or its PaymentIntent) for at most what remains
 * unrefunded, default all of it; the charge's `amount_refunded` and `refunded` follow, the refund's
 * amount leaves the platform balance (balance.ts), and `refund.created` and `charge.refunded` are sent.
 * Stripe's refusals are kept: a charge already fully refunded (`charge_already_refunded`), an amount
 * greater than what remains, a PaymentIntent without a successful charge.
 *
 * Test card 4000 0000 0000 5126 (https://docs.stripe.com/testing#refunds): its refund starts
 * `succeeded` and fails some time later. The sandbox has no timer: the failure is done by the first
 * call after `REFUND_FAILS_AFTER_SECONDS` on the sandbox clock (`runDueRefundWork`, run before every
 * call as subscriptions' due work is): status `failed`, its amount back in the balance
 * (`failure_balance_transaction`), the charge's `amount_refunded` down again, and `refund.updated`,
 * `charge.refund.updated` and `refund.failed`.
 */
import type Stripe from "stripe";
import { creditRefundFailure, debitRefund } from "./balance";
import type { Charge } from "./charges";
import { SandboxCall } from "./context";
import type { SandboxEnv } from "./env";
import { invalidRequest, parameterInvalid } from "./errors";
import { previousAttributes } from "./events";
import { Params } from "./form";
import { ID_PREFIX, newId } from "./ids";
import { loadVault } from "./payment-methods";
import type { StoredObject } from "./store";
import { scheduleDelivery } from "./webhooks";

export type Refund = Stripe.Refund;

/** How long after it was made a refund of test card …5126 fails ("some time later" in Stripe's docs). */
export const REFUND_FAILS_AFTER_SECONDS = 60 * 60;
/** Why such a refund fails: the card can no longer receive money. */
const ASYNC_FAILURE_REASON = "expired_or_canceled_card";
/** Due failures handled per call; the rest wait for the next call. */
const MAX_FAILURES_PER_RUN = 25;

/** A refund that will fail, kept beside it until it has (never shown). */
interface RefundFailureDue extends StoredObject {
  object: "sandbox.refund_failure_due";
  refund: string;
  fails_at: number;
}

const failureDueId = (refundId: string) => `sandbox_refund_failure_${refundId}`;

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
  const id = newId(ID_PREFIX.refund);
  const funds = debitRefund(call, { id, amount, currency: charge.currency });
  const refund: Refund = {
    id,
    object: "refund",
    amount,
    balance_transaction: funds.id,
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
    status: "succeeded",
    transfer_reversal: null,
  };
  call.store.put(refund);
  call.emit("refund.created", refund);
  const amountRefunded = charge.amount_refunded + amount;
  const refunded: Charge = { ...charge, amount_refunded: amountRefunded, refunded: amountRefunded === charge.amount };
  call.store.put(refunded);
  call.emit("charge.refunded", refunded, previousAttributes(charge, refunded));

  const method = typeof charge.payment_method === "string" ? charge.payment_method : null;
  const vault = method ? await loadVault(call, method) : null;
  if (vault?.behaviour.kind === "succeed" && vault.behaviour.refundFailsLater) {
    call.store.put<RefundFailureDue>({ id: failureDueId(id), object: "sandbox.refund_failure_due", refund: id, fails_at: call.now + REFUND_FAILS_AFTER_SECONDS });
  }
  return refund;
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

/** Does the refund failures that came due on the sandbox clock (sandbox-app.ts runs it before every call). */
export async function runDueRefundWork(env: SandboxEnv, now: number, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM sandbox_objects WHERE object = 'sandbox.refund_failure_due' AND json_extract(data, '$.fails_at') <= ?1 ORDER BY rowid LIMIT ?2`,
  )
    .bind(now, MAX_FAILURES_PER_RUN)
    .all<{ id: string }>();
  for (const { id } of results) {
    const call = new SandboxCall(env, new Params({}), "secret", null, null, now);
    try {
      const due = await call.store.get<RefundFailureDue>(id, "sandbox.refund_failure_due");
      if (!due || due.fails_at > now) continue;
      await call.store.lock(due.refund);
      await failRefund(call, due);
      await call.store.commit();
    } catch (error) {
      // Held by a concurrent request (lock_timeout): the next call tries again.
      console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox: due refund failure deferred", marker: id, error: String(error) }));
      continue;
    } finally {
      await call.store.releaseLocks();
    }
    scheduleDelivery(env, call.events.map((event) => event.id), ctx);
  }
}
