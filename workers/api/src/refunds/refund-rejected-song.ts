/**
 * A rejected song's fee goes back (docs/decisions/025-refunds-of-rejected-songs.md). The refund row is
 * written in the same D1 batch as the rejection, so a song is never rejected without it; its payment's
 * unique index makes it one per payment whatever runs twice. A queue job then asks Stripe
 * (refunds/send-refund.ts); the reconcile cron writes rows a crash left out and re-queues jobs that
 * were lost. A Pro song's payment row is $0 (no per-song fee), so nothing is written for it.
 */
import { formatMoney } from "@jplay/schema/language";
import { sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../platform/context";

/** Payments that buy a song's distribution: the ones a rejection refunds. */
const REFUNDABLE_PURPOSES = sql`('distribution', 'recovery', 'checkout', 'admin_retry', 'initial_charge')`;

/**
 * A chargeback (not an inquiry, not won) already returned the payment to the card: nothing is refunded
 * on top of it (docs/decisions/093-disputes.md).
 */
export const chargedBack = (paymentId: SQL) => sql`select 1 from disputes d where d.payment_id = ${paymentId} and d.inquiry = 0 and d.status <> 'won'`;

/** What the artist reads when the rejected song's money went back through their bank's chargeback. */
export const coveredByChargebackCause = "No refund: your bank already returned this payment to your card (a card dispute)";

/** The reason the artist reads, beside the amount. */
export const refundReason = (rejectionReason: string) => `Your song was rejected: ${rejectionReason}`;

/**
 * The statements that record the refund of a song's succeeded payment while the song is in
 * `songStatus`, with the song_events row that tells the artist: in the rejection's own batch, before
 * the status changes (`approved`), or by the reconcile cron for a rejected song a crash left without
 * one (`rejected`). Both are conditional on the payment having no refund yet, so they act once.
 * The payments are read first so the history line writes its amount with the one money formatter.
 */
export async function refundOnRejection(
  ctx: Pick<Ctx, "db">,
  songId: string,
  rejectionReason: string,
  songStatus: "approved" | "rejected",
  now: number,
): Promise<SQL[]> {
  const refundable = sql`
    from payments p join songs s on s.id = p.song_id
    where p.song_id = ${songId} and s.status = ${songStatus} and p.status = 'succeeded' and p.amount_cents > 0 and p.purpose in ${REFUNDABLE_PURPOSES}
      and not exists (select 1 from refunds r where r.payment_id = p.id)
      and not exists (${chargedBack(sql`p.id`)})`;
  const payments = await ctx.db.all<{ id: string; amountCents: number }>(sql`select p.id as id, p.amount_cents as amountCents ${refundable}`);
  return [
    ...payments.map(
      (payment) => sql`
        insert into song_events (id, song_id, from_status, to_status, cause, at)
        select ${crypto.randomUUID()}, p.song_id, 'rejected', 'rejected', ${`Refund of ${formatMoney(payment.amountCents, "en")} on its way back to your card`}, ${now}
        ${refundable} and p.id = ${payment.id}`,
    ),
    sql`
      insert into refunds (id, payment_id, song_id, artist_id, amount_cents, reason, status, created_at, updated_at)
      select ${crypto.randomUUID()}, p.id, p.song_id, p.artist_id, p.amount_cents, ${refundReason(rejectionReason)}, 'pending', ${now}, ${now}
      ${refundable}
      on conflict (payment_id) do nothing`,
  ];
}

/** Queues the Stripe call of every refund of the song still waiting for one. */
export async function queueRefundsOfSong(ctx: Ctx, songId: string): Promise<number> {
  const rows = await ctx.db.all<{ id: string }>(sql`select id from refunds where song_id = ${songId} and status = 'pending' and stripe_refund_id is null`);
  if (rows.length > 0) await ctx.jobs.sendBatch(rows.map((row) => ({ body: { type: "refund.send" as const, refundId: row.id } })));
  return rows.length;
}
