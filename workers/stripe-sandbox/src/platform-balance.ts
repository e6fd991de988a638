/**
 * The platform's available balance, which transfers draw from. Unlimited unless a test sets it
 * (`POST /v1/test_helpers/platform_balance`), so tests can see Stripe's `balance_insufficient`
 * answer, as test mode gives it when the platform has not collected enough.
 * https://docs.stripe.com/testing#available-balance
 */
import type { SandboxCall } from "./context";
import { invalidRequest } from "./errors";
import type { StoredObject } from "./store";

export const PLATFORM_BALANCE_ID = "sandbox_platform_balance";

export interface PlatformBalance extends StoredObject {
  object: "sandbox.platform_balance";
  /** Cents available for transfers; null: unlimited. */
  available: number | null;
}

export const platformBalance = (available: number | null): PlatformBalance => ({ id: PLATFORM_BALANCE_ID, object: "sandbox.platform_balance", available });

export const balanceInsufficient = () =>
  invalidRequest(
    "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
    { code: "balance_insufficient" },
  );

/** Takes `amount` from the platform balance (locked for this request), or refuses like Stripe. */
export async function debitPlatformBalance(call: SandboxCall, amount: number): Promise<void> {
  await call.store.lock(PLATFORM_BALANCE_ID);
  const balance = await call.store.get<PlatformBalance>(PLATFORM_BALANCE_ID, "sandbox.platform_balance");
  if (!balance || balance.available === null) return;
  if (balance.available < amount) throw balanceInsufficient();
  call.store.put(platformBalance(balance.available - amount));
}
