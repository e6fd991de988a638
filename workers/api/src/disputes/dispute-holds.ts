/**
 * What a dispute blocks, read by the paths it blocks (docs/decisions/093-disputes.md): a card that
 * charged back, or that Radar warned of, is never charged off-session again, and an artist with an open fraud chargeback is
 * paid out nothing until it closes; a song paid for by a charge under an open fraud chargeback, or by
 * one lost, is not delivered to the catalogue. Inquiries (no money moved) block nothing.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";

/** Open chargeback statuses (Stripe's `needs_response` / `under_review`). */
export const OPEN_CHARGEBACK = sql`('needs_response', 'under_review')`;

/**
 * Whether a chargeback (any outcome) or an early fraud warning names this card: it may not be charged
 * off-session.
 */
export async function cardChargedBack(ctx: Ctx, fingerprint: string): Promise<boolean> {
  const rows = await ctx.db.all(sql`
    select 1 from disputes where card_fingerprint = ${fingerprint} and inquiry = 0
    union all select 1 from card_fraud_warnings where fingerprint = ${fingerprint} limit 1`);
  return rows.length > 0;
}

/** Whether the artist has an open fraud chargeback: their payouts wait for it to close. */
export async function payoutsHeldByDispute(ctx: Ctx, artistId: string): Promise<boolean> {
  const rows = await ctx.db.all(
    sql`select 1 from disputes where artist_id = ${artistId} and inquiry = 0 and reason = 'fraudulent' and status in ${OPEN_CHARGEBACK} limit 1`,
  );
  return rows.length > 0;
}

/** A condition on a song id: a dispute keeps the song out of the catalogue (open fraud chargeback, or lost). */
export const songHeldByDispute = (songId: SQL) =>
  sql`exists (select 1 from disputes d where d.song_id = ${songId} and d.inquiry = 0
    and ((d.reason = 'fraudulent' and d.status in ${OPEN_CHARGEBACK}) or d.status = 'lost'))`;
