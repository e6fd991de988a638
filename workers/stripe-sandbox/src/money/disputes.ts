/**
 * Disputes (chargebacks) as Stripe's test mode makes them (https://docs.stripe.com/testing#disputes):
 * a successful charge with one of the dispute test cards (cards.ts) is disputed right after it. A
 * chargeback withdraws the amount and the dispute fee (balance.ts) and marks the charge `disputed`;
 * an inquiry moves no money and leaves the charge refundable. Evidence submitted with
 * `uncategorized_text` "winning_evidence" / "losing_evidence" decides the outcome, which Stripe
 * reaches shortly after the submission: the sandbox reaches it at the next call (runDueDisputeWork).
 * Closing a dispute accepts it (lost). A fully refunded charge cannot be disputed.
 * The early-fraud-warning card gets a `radar.early_fraud_warning` instead.
 * https://docs.stripe.com/api/disputes, https://docs.stripe.com/disputes/how-disputes-work
 */
import type Stripe from "stripe";
import { type BalanceTransaction, creditDisputeReinstated, debitDispute } from "./balance";
import type { DisputeKind } from "./cards";
import type { Charge } from "./charges";
import { SandboxCall } from "../http/sandbox-call";
import type { SandboxEnv } from "../http/env";
import { invalidRequest } from "../http/errors";
import { previousAttributes } from "../events/events";
import { Params } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import type { StoredObject } from "../store/store";
import { scheduleDelivery } from "../events/webhooks";

export type Dispute = Stripe.Dispute;

/** Days the merchant has to answer a test dispute (Stripe gives 7 to 21; the sandbox the shortest). */
export const EVIDENCE_DAYS = 7;
const DAY_SECONDS = 24 * 60 * 60;

/** The evidence texts the API accepts (files are not modelled: the sandbox has no file uploads). */
export const EVIDENCE_TEXT_FIELDS = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_tracking_number",
  "uncategorized_text",
] as const satisfies readonly (keyof Stripe.DisputeUpdateParams.Evidence)[];

const EVIDENCE_FILE_FIELDS = [
  "cancellation_policy",
  "customer_communication",
  "customer_signature",
  "duplicate_charge_documentation",
  "receipt",
  "refund_policy",
  "service_documentation",
  "shipping_documentation",
  "uncategorized_file",
] as const satisfies readonly (keyof Stripe.Dispute.Evidence)[];

/** Stripe's limit on all evidence texts together. */
const EVIDENCE_MAX_CHARS = 150_000;

/** Test mode's magic evidence (https://docs.stripe.com/testing#evidence). */
const WINNING_EVIDENCE = "winning_evidence";
const LOSING_EVIDENCE = "losing_evidence";

const OPEN_STATUSES = ["warning_needs_response", "needs_response", "warning_under_review", "under_review"];
export const isClosed = (dispute: Dispute) => !OPEN_STATUSES.includes(dispute.status);
const isInquiry = (dispute: Dispute) => dispute.status.startsWith("warning_");

/** An outcome the issuer will reach (never shown): the next call after `due_at` closes the dispute. */
interface DisputeOutcomeDue extends StoredObject {
  object: "sandbox.dispute_outcome_due";
  dispute: string;
  outcome: "won" | "lost";
  due_at: number;
}

const outcomeDueId = (disputeId: string) => `sandbox_dispute_outcome_${disputeId}`;

const REASONS: Record<DisputeKind, { reason: string; network_reason_code: string }> = {
  fraudulent: { reason: "fraudulent", network_reason_code: "10.4" },
  product_not_received: { reason: "product_not_received", network_reason_code: "13.1" },
  inquiry: { reason: "fraudulent", network_reason_code: "10.4" },
};

function emptyEvidence(): Stripe.Dispute.Evidence {
  const evidence: Record<string, null> = {};
  for (const field of [...EVIDENCE_TEXT_FIELDS, ...EVIDENCE_FILE_FIELDS]) evidence[field] = null;
  return { ...(evidence as unknown as Stripe.Dispute.Evidence), enhanced_evidence: {} };
}

/** End of the day `days` after `now` (Stripe's due_by is 23:59:59 UTC). */
const dueBy = (now: number, days: number) => now - (now % DAY_SECONDS) + (days + 1) * DAY_SECONDS - 1;

/**
 * Opens the dispute a test card's charge gets, right after the charge (the caller has stored it).
 * Answers null for a charge that cannot be disputed: failed, or fully refunded.
 */
export function openDispute(call: SandboxCall, charge: Charge, kind: DisputeKind): Dispute | null {
  if (charge.status !== "succeeded" || charge.refunded) return null;
  const inquiry = kind === "inquiry";
  const id = newId(ID_PREFIX.dispute);
  const withdrawal = inquiry ? null : debitDispute(call, { id, amount: charge.amount, currency: charge.currency, charge: charge.id });
  const card = charge.payment_method_details?.card;
  const dispute: Dispute = {
    id,
    object: "dispute",
    amount: charge.amount,
    balance_transactions: withdrawal ? [withdrawal] : [],
    charge: charge.id,
    created: call.now,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: dueBy(call.now, EVIDENCE_DAYS),
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: inquiry,
    livemode: false,
    metadata: {},
    network_reason_code: REASONS[kind].network_reason_code,
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null),
    payment_method_details: {
      type: "card",
      card: {
        brand: card?.brand ?? "visa",
        case_type: inquiry ? "inquiry" : "chargeback",
        network: card?.network ?? card?.brand ?? "visa",
        network_reason_code: REASONS[kind].network_reason_code,
      },
    },
    reason: REASONS[kind].reason,
    status: inquiry ? "warning_needs_response" : "needs_response",
  };
  call.store.put(dispute);
  call.store.put<Charge>({ ...charge, disputed: true });
  call.emit("charge.dispute.created", dispute);
  if (withdrawal) call.emit("charge.dispute.funds_withdrawn", dispute);
  return dispute;
}

/** The early fraud warning the EFW test card's charge gets (https://docs.stripe.com/api/radar/early_fraud_warnings). */
export function warnOfFraud(call: SandboxCall, charge: Charge): Stripe.Radar.EarlyFraudWarning {
  const warning: Stripe.Radar.EarlyFraudWarning = {
    id: newId(ID_PREFIX.early_fraud_warning),
    object: "radar.early_fraud_warning",
    actionable: true,
    charge: charge.id,
    created: call.now,
    fraud_type: "made_with_stolen_card",
    livemode: false,
    ...(typeof charge.payment_intent === "string" ? { payment_intent: charge.payment_intent } : {}),
  };
  call.store.put(warning);
  call.emit("radar.early_fraud_warning.created", warning);
  return warning;
}

/** Stripe's refusal to refund a charge whose money a chargeback has already taken. */
export const chargeDisputed = (chargeId: string) =>
  invalidRequest(`Charge ${chargeId} has been charged back; cannot issue a refund.`, { code: "charge_disputed" });

/** Refuses a refund of a charge with an open or lost chargeback (an inquiry can still be refunded). */
export async function refuseRefundOfDisputed(call: SandboxCall, charge: Charge): Promise<void> {
  if (!charge.disputed) return;
  const { data } = await call.store.list<Dispute>("dispute", { charge: charge.id }, { limit: 10 });
  if (data.some((dispute) => !dispute.is_charge_refundable)) throw chargeDisputed(charge.id);
}

/** Reads `evidence[...]` as Stripe accepts it: known text fields, 150,000 characters in all. */
function readEvidence(current: Stripe.Dispute.Evidence, params: Params | undefined): Stripe.Dispute.Evidence {
  if (!params) return current;
  params.allowOnly([...EVIDENCE_TEXT_FIELDS, ...EVIDENCE_FILE_FIELDS]);
  const next: Record<string, unknown> = { ...current };
  for (const field of EVIDENCE_TEXT_FIELDS) {
    const value = params.string(field);
    if (value !== undefined) next[field] = value === "" ? null : value;
  }
  for (const field of EVIDENCE_FILE_FIELDS) {
    const value = params.string(field);
    if (value !== undefined) throw invalidRequest(`No such file upload: '${value}'`, { param: params.name(field), code: "resource_missing" });
  }
  const total = EVIDENCE_TEXT_FIELDS.reduce((sum, field) => sum + String(next[field] ?? "").length, 0);
  if (total > EVIDENCE_MAX_CHARS)
    throw invalidRequest(`The combined character count of all evidence fields must be at most ${EVIDENCE_MAX_CHARS}.`, { param: "evidence" });
  return next as unknown as Stripe.Dispute.Evidence;
}

const hasEvidence = (evidence: Stripe.Dispute.Evidence) => EVIDENCE_TEXT_FIELDS.some((field) => evidence[field] !== null);

/**
 * `POST /v1/disputes/:id`: evidence and metadata; `submit` (default true) sends the evidence to the
 * issuer (the dispute goes under review, its outcome due at the next call when the evidence is test
 * mode's magic text). A closed dispute, or one already submitted, takes no more evidence.
 */
export function updateDispute(
  call: SandboxCall,
  dispute: Dispute,
  change: { evidence: Params | undefined; metadata: Record<string, string>; submit: boolean },
): Dispute {
  const touchesEvidence = change.evidence !== undefined;
  if (touchesEvidence && (isClosed(dispute) || dispute.status.endsWith("under_review"))) {
    throw invalidRequest(`This dispute is already ${isClosed(dispute) ? "closed" : "under review"}; its evidence can no longer be changed.`, {
      param: "evidence",
    });
  }
  const evidence = readEvidence(dispute.evidence, change.evidence);
  let next: Dispute = {
    ...dispute,
    evidence,
    metadata: change.metadata,
    evidence_details: { ...dispute.evidence_details, has_evidence: hasEvidence(evidence) },
  };
  if (touchesEvidence && change.submit) {
    next = {
      ...next,
      status: isInquiry(dispute) ? "warning_under_review" : "under_review",
      evidence_details: { ...next.evidence_details, submission_count: dispute.evidence_details.submission_count + 1, submission_method: "manual" },
    };
    const text = evidence.uncategorized_text;
    if (text === WINNING_EVIDENCE || text === LOSING_EVIDENCE) {
      call.store.put<DisputeOutcomeDue>({
        id: outcomeDueId(dispute.id),
        object: "sandbox.dispute_outcome_due",
        dispute: dispute.id,
        outcome: text === WINNING_EVIDENCE ? "won" : "lost",
        due_at: call.now,
      });
    }
  }
  call.store.put(next);
  const previous = previousAttributes(dispute, next);
  if (previous) call.emit("charge.dispute.updated", next, previous);
  return next;
}

/** Closes the dispute with its outcome: won puts the amount back; an inquiry just closes. */
export function closeDispute(call: SandboxCall, dispute: Dispute, outcome: "won" | "lost"): Dispute {
  const inquiry = isInquiry(dispute);
  let reinstated: BalanceTransaction | null = null;
  if (!inquiry && outcome === "won")
    reinstated = creditDisputeReinstated(call, { id: dispute.id, amount: dispute.amount, currency: dispute.currency, charge: dispute.charge as string });
  const closed: Dispute = {
    ...dispute,
    status: inquiry ? "warning_closed" : outcome,
    is_charge_refundable: false,
    balance_transactions: reinstated ? [...dispute.balance_transactions, reinstated] : dispute.balance_transactions,
  };
  call.store.put(closed);
  call.emit("charge.dispute.closed", closed);
  if (reinstated) call.emit("charge.dispute.funds_reinstated", closed);
  return closed;
}

/** `POST /v1/disputes/:id/close`: the merchant accepts the dispute (it is lost). */
export function acceptDispute(call: SandboxCall, dispute: Dispute): Dispute {
  if (isClosed(dispute)) throw invalidRequest(`This dispute is already closed.`, { code: "dispute_already_closed" });
  return closeDispute(call, dispute, "lost");
}

/** Reaches the outcomes that came due (sandbox-app.ts runs it before every call). */
export async function runDueDisputeWork(env: SandboxEnv, now: number, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM sandbox_objects WHERE object = 'sandbox.dispute_outcome_due' AND json_extract(data, '$.due_at') <= ?1 ORDER BY rowid LIMIT 25`,
  )
    .bind(now)
    .all<{ id: string }>();
  for (const { id } of results) {
    const call = new SandboxCall(env, new Params({}), "secret", null, null, now);
    try {
      const due = await call.store.get<DisputeOutcomeDue>(id, "sandbox.dispute_outcome_due");
      if (!due || due.due_at > now) continue;
      await call.store.lock(due.dispute);
      const dispute = await call.store.get<Dispute>(due.dispute, "dispute");
      if (dispute && !isClosed(dispute)) closeDispute(call, dispute, due.outcome);
      // Done: a later run does not see it again.
      call.store.put({ ...due, due_at: Number.MAX_SAFE_INTEGER });
      await call.store.commit();
    } catch (error) {
      console.warn(JSON.stringify({ level: "warn", msg: "stripe sandbox: due dispute work deferred", marker: id, error: String(error) }));
      continue;
    } finally {
      await call.store.releaseLocks();
    }
    scheduleDelivery(
      env,
      call.events.map((event) => event.id),
      ctx,
    );
  }
}
