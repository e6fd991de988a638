/**
 * The artist's Pro plan as their private page shows and changes it (`/api/artist/{token}/pro`):
 * what it costs, when it renews, and whether it is set to end then instead (Stripe's
 * `cancel_at_period_end`, docs/decisions/023-pro-renewals.md). Money in cents, times ISO 8601.
 */

/** `past_due`: the last renewal payment failed, so Pro is off until a payment goes through. */
export type ProPlanStatus = "active" | "past_due";

export interface ProPlan {
  status: ProPlanStatus;
  amountCents: number;
  interval: "month";
  /** The end of the period paid for: the next renewal, or the day Pro ends when `cancelAtPeriodEnd`. */
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /**
   * The renewal waits for the artist's 3-D Secure (Stripe's `invoice.payment_action_required`): the
   * page offers "Confirm renewal" (`POST …/pro/renewal-confirmation`). Only while `past_due`.
   */
  renewalNeedsConfirmation: boolean;
}

/**
 * `POST /api/artist/{token}/pro/renewal-confirmation`: the plan as Stripe has it now, and the client
 * secret of the renewal's PaymentIntent the browser completes 3-D Secure for (null: nothing to confirm).
 */
export interface RenewalConfirmationResponse {
  pro: ProPlan | null;
  clientSecret: string | null;
}

/** `GET /api/artist/{token}/pro`, and the answer of `POST …/pro/cancel` and `POST …/pro/resume`. */
export interface ProPlanResponse {
  /** Null when the artist has no live Pro subscription (never had one, or it ended). */
  pro: ProPlan | null;
}
