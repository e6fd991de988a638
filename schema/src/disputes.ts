/**
 * Card disputes (chargebacks and inquiries) as the admin portal's API answers them
 * (`GET /api/admin/disputes`, `POST /api/admin/disputes/{id}/evidence`, docs/decisions/093-disputes.md).
 * Money in cents, times ISO 8601.
 */
import * as v from "valibot";
import { DISPUTE_STATUSES } from "./record-statuses";

export const AdminDisputeSchema = v.object({
  id: v.string(),
  status: v.picklist(DISPUTE_STATUSES),
  /** Whether it is still open (needs a response or under review). */
  open: v.boolean(),
  /** An inquiry moves no money and blocks nothing. */
  inquiry: v.boolean(),
  reason: v.string(),
  amountCents: v.number(),
  feeCents: v.number(),
  /** When the evidence must reach Stripe; null once Stripe no longer takes it. */
  evidenceDueBy: v.nullable(v.string()),
  /** When an operator sent the distribution's records to Stripe; null: not yet. */
  evidenceSubmittedAt: v.nullable(v.string()),
  songId: v.nullable(v.string()),
  songTitle: v.nullable(v.string()),
  artistId: v.nullable(v.string()),
  artistName: v.nullable(v.string()),
  createdAt: v.string(),
});
export type AdminDispute = v.InferOutput<typeof AdminDisputeSchema>;

export const AdminDisputesResponseSchema = v.object({
  disputes: v.array(AdminDisputeSchema),
  openCount: v.number(),
});
export type AdminDisputesResponse = v.InferOutput<typeof AdminDisputesResponseSchema>;
