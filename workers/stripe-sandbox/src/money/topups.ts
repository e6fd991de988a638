/**
 * Top-ups: a platform adding money to its Stripe balance from its bank account, which is how a
 * platform funds transfers it has not collected through Stripe (https://docs.stripe.com/connect/top-ups).
 * US platforms add funds by ACH debit, which "can take 5-6 business days to become available": the
 * sandbox takes the slower, 6, so a product must not count on them sooner. A top-up is `pending` (its
 * funds in the pending balance) until then, and `succeeded` (funds available) after.
 *
 * `source` takes Stripe's test bank tokens (https://docs.stripe.com/connect/testing#testing-top-ups):
 * `btok_us_verified` succeeds, the `btok_us_verified_*` failure tokens end `failed` with their code at
 * the same date and never reach the balance. Without a source, the platform's bank account (which the
 * sandbox takes as verified) is debited and the top-up succeeds.
 *
 * The sandbox has no timer: top-ups that came due are settled (status, `topup.succeeded` or
 * `topup.failed`) when the balance, a transfer or the top-ups are next read.
 */
import type Stripe from "stripe";
import { afterBusinessDays, creditTopup } from "./balance";
import type { SandboxCall } from "../http/sandbox-call";
import { previousAttributes } from "../events/events";
import { invalidRequest } from "../http/errors";
import type { StoredObject } from "../store/store";

export type Topup = Stripe.Topup;

/** "US platforms add funds via ACH debit, and can take 5-6 business days to become available." */
export const TOPUP_AVAILABILITY_BUSINESS_DAYS = 6;

interface TopupFailure {
  code: string;
  message: string;
}

/** Stripe's test bank tokens for top-ups and what each does (null: succeeds). */
export const TOPUP_TEST_SOURCES: Record<string, TopupFailure | null> = {
  btok_us_verified: null,
  btok_us_verified_noAccount: {
    code: "no_account",
    message: "The bank account details on file are probably incorrect. No bank account could be located with those details.",
  },
  btok_us_verified_accountClosed: { code: "account_closed", message: "The bank account has been closed." },
  btok_us_verified_insufficientFunds: { code: "insufficient_funds", message: "The bank account has insufficient funds to cover the top-up." },
  btok_us_verified_debitNotAuthorized: { code: "debit_not_authorized", message: "Debit transactions are not approved on the bank account." },
  btok_us_verified_invalidCurrency: { code: "invalid_currency", message: "The bank was unable to process this top-up because of its currency." },
};

/** The outcome a failing source will give, kept beside the top-up (never shown). */
interface TopupOutcome extends StoredObject {
  object: "sandbox.topup_outcome";
  failure: TopupFailure;
}

const outcomeId = (topupId: string) => `sandbox_outcome_${topupId}`;

/** Reads `source` (a test bank token, or none for the platform's own bank account). */
export function topupFailureOf(source: string | undefined): TopupFailure | null {
  if (source === undefined || source === "") return null;
  if (!(source in TOPUP_TEST_SOURCES)) throw invalidRequest(`No such token: '${source}'`, { param: "source", code: "resource_missing" });
  return TOPUP_TEST_SOURCES[source]!;
}

/** Stores a new pending top-up; its funds are pending unless its source will make it fail. */
export function startTopup(call: SandboxCall, topup: Topup, failure: TopupFailure | null): Topup {
  const availableOn = afterBusinessDays(call.now, TOPUP_AVAILABILITY_BUSINESS_DAYS);
  let started: Topup = { ...topup, expected_availability_date: availableOn, status: "pending" };
  if (failure) call.store.put<TopupOutcome>({ id: outcomeId(topup.id), object: "sandbox.topup_outcome", failure });
  else started = { ...started, balance_transaction: creditTopup(call, topup, availableOn).id };
  call.store.put(started);
  call.emit("topup.created", started);
  return started;
}

/**
 * Settles every pending top-up whose date has come: succeeded, or failed with its source's code.
 * Committed at once (with its events), so what the request reads next is the settled state.
 */
export async function settleDueTopups(call: SandboxCall): Promise<void> {
  const due = await call.store.list<Topup>("topup", { status: "pending", expected_availability_date: { lte: call.now } }, { limit: 100 });
  for (const candidate of due.data) {
    await call.store.lock(candidate.id);
    const topup = await call.store.require<Topup>("topup", candidate.id, "topup");
    if (topup.status !== "pending") continue;
    const outcome = await call.store.get<TopupOutcome>(outcomeId(topup.id), "sandbox.topup_outcome");
    const settled: Topup = outcome
      ? { ...topup, status: "failed", failure_code: outcome.failure.code, failure_message: outcome.failure.message }
      : { ...topup, status: "succeeded" };
    call.store.put(settled);
    call.emit(outcome ? "topup.failed" : "topup.succeeded", settled, previousAttributes(topup, settled));
  }
  await call.store.commit();
}
