-- The platform's available balance as the last transfer left it, per currency: its CHECK refuses a
-- transfer's commit that would take the balance below zero, so concurrent transfers (which Stripe
-- runs side by side) cannot together spend more than is there (src/balance.ts).
CREATE TABLE IF NOT EXISTS sandbox_balance_floor (
  currency text PRIMARY KEY NOT NULL,
  available integer NOT NULL,
  CONSTRAINT available_not_negative CHECK (available >= 0)
);
