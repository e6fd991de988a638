/**
 * The account's balance settings (https://docs.stripe.com/api/balance-settings), of which the sandbox
 * models the one that decides what a refund does when the available balance cannot cover it:
 * `payments.debit_negative_balances`. With it on (the default for an account that collects its own
 * requirements, as JPlay's platform does), Stripe debits the bank account for the rest and the
 * refund goes at once; with it off, Stripe "holds the refund as pending until you top up your
 * account balance" (https://docs.stripe.com/refunds): status `pending`, `pending_reason`
 * `insufficient_funds` (refunds.ts). The payout and settlement-timing settings are shown with
 * Stripe's defaults for a US account and are not changeable here.
 */
import type Stripe from "stripe";
import type { SandboxCall } from "../http/sandbox-call";
import type { StoredObject } from "../store/store";

const SETTINGS_ID = "sandbox_balance_settings";

interface StoredBalanceSettings extends StoredObject {
  object: "balance_settings";
  debit_negative_balances: boolean;
}

/** Stripe's default: on, unless the platform collects the account's requirements (Custom accounts). */
const DEFAULT_DEBIT_NEGATIVE_BALANCES = true;

/** Whether a shortfall is debited from the bank (true) or held as a pending refund (false). */
export async function debitsNegativeBalances(call: SandboxCall): Promise<boolean> {
  return (await call.store.get<StoredBalanceSettings>(SETTINGS_ID, "balance_settings"))?.debit_negative_balances ?? DEFAULT_DEBIT_NEGATIVE_BALANCES;
}

export function setDebitNegativeBalances(call: SandboxCall, value: boolean): void {
  call.store.put<StoredBalanceSettings>({ id: SETTINGS_ID, object: "balance_settings", debit_negative_balances: value });
}

/** The object `GET /v1/balance_settings` answers. */
export async function balanceSettingsObject(call: SandboxCall): Promise<Stripe.BalanceSettings> {
  return {
    object: "balance_settings",
    payments: {
      debit_negative_balances: await debitsNegativeBalances(call),
      payouts: {
        automatic_transfer_rules_by_currency: null,
        minimum_balance_by_currency: null,
        schedule: { interval: "daily" },
        statement_descriptor: null,
        status: "enabled",
      },
      settlement_timing: { delay_days: 2, start_of_day: null },
    },
  };
}
