/**
 * Keeps our row of a Stripe dispute up to date (docs/decisions/093-disputes.md): every
 * `charge.dispute.*` event reads the dispute from Stripe (events arrive twice, late or out of order;
 * Stripe's current object is the truth) and upserts one row per dispute, naming the payment, song,
 * artist and card fingerprint the disputed charge paid with.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { DisputeStatus } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";

export interface DisputeRow {
  id: string;
  paymentId: string | null;
  songId: string | null;
  artistId: string | null;
  cardFingerprint: string | null;
  amountCents: number;
  feeCents: number;
  reason: string;
  status: DisputeStatus;
  inquiry: boolean;
  songHeld: boolean;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** Stripe's dispute fee is the fee of the withdrawal's balance transaction (none for an inquiry). */
const feeOf = (dispute: Stripe.Dispute) => dispute.balance_transactions.filter((txn) => txn.amount < 0).reduce((sum, txn) => sum + txn.fee, 0);

/** Reads the dispute as Stripe has it now and writes our row; answers the row. */
export async function recordDispute(ctx: Ctx, disputeId: string, now = ctx.now()): Promise<{ dispute: Stripe.Dispute; row: DisputeRow }> {
  const dispute = await ctx.stripe.disputes.retrieve(disputeId);
  const chargeId = idOf(dispute.charge)!;
  const intentId = idOf(dispute.payment_intent);
  const [payment] = intentId
    ? await ctx.db.all<{ id: string; songId: string | null; artistId: string; cardFingerprint: string | null }>(
        sql`select id, song_id as songId, artist_id as artistId, card_fingerprint as cardFingerprint from payments where stripe_payment_intent_id = ${intentId} limit 1`,
      )
    : [];
  const fingerprint = payment?.cardFingerprint ?? (await ctx.stripe.charges.retrieve(chargeId)).payment_method_details?.card?.fingerprint ?? null;
  const inquiry = dispute.status.startsWith("warning_");
  await ctx.db.run(sql`
    insert into disputes (id, stripe_charge_id, payment_id, song_id, artist_id, card_fingerprint, amount_cents, fee_cents, currency, reason, status, inquiry, evidence_due_by, created_at, updated_at)
    values (${dispute.id}, ${chargeId}, ${payment?.id ?? null}, ${payment?.songId ?? null}, ${payment?.artistId ?? null}, ${fingerprint}, ${dispute.amount}, ${feeOf(dispute)},
      ${dispute.currency}, ${dispute.reason}, ${dispute.status}, ${inquiry ? 1 : 0}, ${dispute.evidence_details.due_by === null ? null : dispute.evidence_details.due_by * 1000}, ${now}, ${now})
    on conflict (id) do update set status = excluded.status, fee_cents = excluded.fee_cents, evidence_due_by = excluded.evidence_due_by, updated_at = excluded.updated_at`);
  const [row] = await ctx.db.all<DisputeRow>(sql`
    select id, payment_id as paymentId, song_id as songId, artist_id as artistId, card_fingerprint as cardFingerprint, amount_cents as amountCents,
      fee_cents as feeCents, reason, status, inquiry, song_held as songHeld
    from disputes where id = ${dispute.id}`);
  return { dispute, row: { ...row!, inquiry: Boolean(row!.inquiry), songHeld: Boolean(row!.songHeld) } };
}
