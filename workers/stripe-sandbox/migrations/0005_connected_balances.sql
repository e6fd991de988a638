-- Each connected account's available balance (usd), moved by transfers in, transfer reversals and
-- payouts out (src/connected-balance.ts). Its CHECK refuses a commit that would take it below zero,
-- so a reversal the account cannot cover is refused, as Stripe refuses it.
CREATE TABLE IF NOT EXISTS sandbox_connected_balances (
  account text PRIMARY KEY NOT NULL,
  available integer NOT NULL,
  CONSTRAINT connected_available_not_negative CHECK (available >= 0)
);
