/**
 * Sandbox-only: a connected account's scheduled payout to its debit card, now; and a requirement
 * Stripe raises on an account after it became payable (`past_due`), which restricts it. Stripe pays a
 * connected account's balance out on the account's schedule by itself; the sandbox has no timer, so
 * a test (or the dev tools) says when, and whether the bank takes it
 * (https://docs.stripe.com/connect/payouts-connected-accounts). The payout takes `amount` (default:
 * the whole available balance) from the account's balance (connected-balance.ts) and emits
 * `payout.created` then `payout.paid`, or, with `failure_code` (one of Stripe's payout failure codes,
 * https://docs.stripe.com/api/payouts/failures), `payout.failed`: the money returns to the account's
 * balance, where it waits until the account's external account is updated. The events happened on
 * the connected account: they carry `account` and go to Connect endpoints only.
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { connectedAvailable, stageConnectedChange } from "../connect/connected-balance";
import { endpoint } from "../http/context";
import { invalidRequest, parameterInvalid } from "../http/errors";
import { ID_PREFIX, newId } from "../store/ids";
import { loadAccount } from "./accounts";
import { withReadiness } from "../connect/connect-accounts";
import { previousAttributes } from "../events/events";

/** Stripe's payout failure codes and their messages (a subset; the codes a debit card payout meets). */
export const PAYOUT_FAILURES = {
  account_closed: "The bank account has been closed.",
  could_not_process: "The bank could not process this payout.",
  declined: "The bank has declined this transfer. Please contact the bank before retrying.",
  expired_card: "The card has expired.",
  insufficient_funds: "Your Stripe account has insufficient funds to cover the payout.",
  invalid_account_number: "The routing number seems correct, but the account number is invalid.",
  no_account: "The bank account details on file are probably incorrect. No bank account could be located with those details.",
  unsupported_card: "The bank no longer supports payouts to this card.",
} as const;
type FailureCode = keyof typeof PAYOUT_FAILURES;

const payoutFailed = () => invalidRequest("Payouts are not enabled for this account: it cannot be paid out to.", { code: "payouts_not_allowed" });

export const connectedPayoutRoutes = new Hono<AppEnv>()
  .post(
    // Stripe asks a payable account for more (a document, say) and it is past due: the account is
    // restricted, payouts and transfers stop, `account.updated` goes to the Connect endpoint.
    "/v1/test_helpers/accounts/:id/past_due",
    endpoint("secret", async (call) => {
      const requirement = call.params.allowOnly(["requirement"]).requiredString("requirement");
      const before = await loadAccount(call, call.pathParam("id"));
      await call.store.lock(before.id);
      const pastDue = [...new Set([...(before.requirements?.past_due ?? []), requirement])];
      const after = withReadiness({ ...before, requirements: { ...before.requirements!, past_due: pastDue } });
      call.store.put(after);
      const previous = previousAttributes(before, after);
      if (previous) call.emit("account.updated", after, previous);
      return after;
    }),
  )
  .post(
    "/v1/test_helpers/accounts/:id/payouts",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(["amount", "failure_code"]);
      const account = await loadAccount(call, call.pathParam("id"));
      await call.store.lock(`payouts_${account.id}`);
      const card = account.external_accounts?.data[0];
      if (!account.payouts_enabled || !card) throw payoutFailed();
      const available = await connectedAvailable(call.store.db, account.id);
      const amount = p.integer("amount") ?? available;
      if (amount < 1) throw parameterInvalid("amount", "Invalid positive integer: the account has nothing to pay out.", "parameter_invalid_integer");
      if (amount > available) throw invalidRequest("The connected account's available balance does not cover this payout.", { code: "balance_insufficient" });
      const failureCode = p.oneOf("failure_code", Object.keys(PAYOUT_FAILURES) as FailureCode[]) ?? null;
      const created = {
        id: newId(ID_PREFIX.payout),
        object: "payout",
        amount,
        application_fee: null,
        application_fee_amount: null,
        arrival_date: call.now,
        automatic: true,
        balance_transaction: newId(ID_PREFIX.balance_transaction),
        created: call.now,
        currency: "usd",
        description: "STRIPE PAYOUT",
        destination: card.id,
        failure_balance_transaction: null,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: {},
        method: "standard",
        original_payout: null,
        reconciliation_status: "not_applicable",
        reversed_by: null,
        source_type: "card",
        statement_descriptor: null,
        status: "in_transit",
        type: "card",
      } as unknown as Stripe.Payout;
      call.emit("payout.created", created, undefined, account.id);
      const done: Stripe.Payout = failureCode
        ? {
            ...created,
            status: "failed",
            failure_code: failureCode,
            failure_message: PAYOUT_FAILURES[failureCode],
            failure_balance_transaction: newId(ID_PREFIX.balance_transaction),
          }
        : { ...created, status: "paid" };
      call.store.put(done);
      // A failed payout's money comes back to the account's balance: only a paid one leaves it.
      if (!failureCode) stageConnectedChange(call, account.id, -amount);
      call.emit(failureCode ? "payout.failed" : "payout.paid", done, undefined, account.id);
      return done;
    }),
  );
