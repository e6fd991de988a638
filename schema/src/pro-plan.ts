/**
 * The artist's Pro plan as their private page shows and changes it (`/api/artist/{token}/pro`):
 * what it costs, when it renews, and whether it is set to end then instead (Stripe's
 * `cancel_at_period_end`, docs/decisions/023-pro-renewals.md). Money in cents, times ISO 8601.
 */
import * as v from "valibot";

/** `past_due`: the last renewal payment failed, so Pro is off until a payment goes through. */
export const PRO_PLAN_STATUSES = ["active", "past_due"] as const;
export type ProPlanStatus = (typeof PRO_PLAN_STATUSES)[number];

export const ProPlanSchema = v.object({
  status: v.picklist(PRO_PLAN_STATUSES),
  amountCents: v.number(),
  interval: v.literal("month"),
  /** The end of the period paid for: the next renewal, or the day Pro ends when `cancelAtPeriodEnd`. */
  currentPeriodEnd: v.string(),
  cancelAtPeriodEnd: v.boolean(),
  /**
   * The renewal waits for the artist's 3-D Secure (Stripe's `invoice.payment_action_required`): the
   * page offers "Confirm renewal" (`POST …/pro/renewal-confirmation`). Only while `past_due`.
   */
  renewalNeedsConfirmation: v.boolean(),
});
export type ProPlan = v.InferOutput<typeof ProPlanSchema>;

/**
 * `POST /api/artist/{token}/pro/renewal-confirmation`: the plan as Stripe has it now, and the client
 * secret of the renewal's PaymentIntent the browser completes 3-D Secure for (null: nothing to confirm).
 */
export const RenewalConfirmationResponseSchema = v.object({ pro: v.nullable(ProPlanSchema), clientSecret: v.nullable(v.string()) });
export type RenewalConfirmationResponse = v.InferOutput<typeof RenewalConfirmationResponseSchema>;

/**
 * `GET /api/artist/{token}/pro`, and the answer of `POST …/pro/cancel` and `POST …/pro/resume`.
 * `pro` is null when the artist has no live Pro subscription (never had one, or it ended).
 */
export const ProPlanResponseSchema = v.object({ pro: v.nullable(ProPlanSchema) });
export type ProPlanResponse = v.InferOutput<typeof ProPlanResponseSchema>;
