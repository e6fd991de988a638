/**
 * Which Stripe `pnpm test:stripe` may run the payment suite against, decided from STRIPE_SECRET_KEY:
 * only a test-mode secret key (`sk_test_…`, or a restricted `rk_test_…`). The suite saves cards,
 * charges them and moves money between accounts, so a live key is refused loudly; without a key
 * the run is skipped with one line (docs/decisions/024-one-payment-suite-two-stripes.md).
 * The key itself is never printed.
 */

export const SKIP_LINE = "skipped: set STRIPE_SECRET_KEY=sk_test_… to run against Stripe's test mode";

export type StripeTestRun = { kind: "run"; key: string } | { kind: "skip"; line: string } | { kind: "refuse"; message: string };

export function stripeTestRun(configured: string | undefined): StripeTestRun {
  const key = configured?.trim() ?? "";
  if (key === "") return { kind: "skip", line: SKIP_LINE };
  if (/^(sk|rk)_live_/.test(key)) {
    return {
      kind: "refuse",
      message:
        "REFUSED: STRIPE_SECRET_KEY is a LIVE Stripe key. The payment suite charges cards and moves money: run it only with a test-mode key (sk_test_…).",
    };
  }
  if (!/^(sk|rk)_test_\w+$/.test(key)) {
    return { kind: "refuse", message: "REFUSED: STRIPE_SECRET_KEY is not a Stripe test-mode secret key (sk_test_…)." };
  }
  return { kind: "run", key };
}
