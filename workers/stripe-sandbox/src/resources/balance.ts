/**
 * /v1/balance and /v1/balance_transactions: the platform's balance (available and pending per
 * currency) and the transactions that made it, each with its `available_on` and current `status`;
 * /v1/balance_settings: whether a refund the balance cannot cover debits the bank or waits
 * (balance-settings.ts).
 * https://docs.stripe.com/api/balance, https://docs.stripe.com/api/balance_transactions,
 * https://docs.stripe.com/api/balance-settings
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { type BalanceTransaction, balanceObject, withCurrentStatus } from "../money/balance";
import { balanceSettingsObject, setDebitNegativeBalances } from "../money/balance-settings";
import { connectedBalanceObject } from "../connect/connected-balance";
import { requireConnectedAccount } from "../connect/connected-account";
import { endpoint } from "../http/context";
import type { Range } from "../http/form";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import { settleDueTopups } from "../money/topups";

const SETTINGS_PARAMS = ["payments", "expand"] as const satisfies readonly (keyof Stripe.BalanceSettingsUpdateParams)[];
/** Of the payment settings, the sandbox changes the one it models. */
const SETTINGS_PAYMENTS_PARAMS = ["debit_negative_balances"] as const satisfies readonly (keyof Stripe.BalanceSettingsUpdateParams.Payments)[];

const LIST_PARAMS = [
  "type",
  "source",
  "currency",
  "created",
  "payout",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
] as const satisfies readonly (keyof Stripe.BalanceTransactionListParams)[];

export const balanceRoutes = new Hono<AppEnv>()
  .get(
    "/v1/balance",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["expand"]);
      // A platform reading a connected account's balance (`Stripe-Account`): that account's own.
      if (call.actingAccount) {
        await requireConnectedAccount(call.store, call.actingAccount);
        return connectedBalanceObject(call.store.db, call.actingAccount);
      }
      await settleDueTopups(call);
      return balanceObject(call.store.db, call.now);
    }),
  )
  .get(
    "/v1/balance_settings",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["expand"]);
      return balanceSettingsObject(call);
    }),
  )
  .post(
    "/v1/balance_settings",
    endpoint("secret", async (call) => {
      const payments = call.params.allowOnly(SETTINGS_PARAMS).object("payments")?.allowOnly(SETTINGS_PAYMENTS_PARAMS);
      const debit = payments?.boolean("debit_negative_balances");
      if (debit !== undefined) setDebitNegativeBalances(call, debit);
      return balanceSettingsObject(call);
    }),
  )
  .get(
    "/v1/balance_transactions",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string | Range> = {};
      for (const field of ["type", "source", "currency"]) {
        const value = p.string(field);
        if (value) filters[field] = field === "currency" ? value.toLowerCase() : value;
      }
      // The sandbox makes no payouts of the platform's balance: no transaction belongs to one.
      if (p.string("payout")) return listObject("/v1/balance_transactions", { data: [], hasMore: false });
      const created = p.range("created");
      if (created) filters.created = created;
      const page = await call.store.list<BalanceTransaction>("balance_transaction", filters, readPage(p));
      return listObject("/v1/balance_transactions", { ...page, data: page.data.map((transaction) => withCurrentStatus(transaction, call.now)) });
    }),
  )
  .get(
    "/v1/balance_transactions/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(["expand"]);
      return withCurrentStatus(await call.store.require<BalanceTransaction>("balance_transaction", call.pathParam("id"), "balance transaction"), call.now);
    }),
  );
