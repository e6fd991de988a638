/**
 * What a dispute does to JPlay (docs/decisions/093-disputes.md), applied from every `charge.dispute.*`
 * event, each step once however often it runs:
 * - a chargeback's withdrawal is booked (amount and Stripe's fee, `POSTINGS.disputeWithdrawn`);
 * - while a fraud chargeback is open, the song it paid for is held out of the catalogue (a takedown
 *   this dispute claims, `song_held`) and the artist's payouts wait (src/disputes/);
 * - won: the amount is booked back and the song it held is restored;
 * - lost: the amount is written off; the song stays out.
 * The card's block for off-session charges is read from the row itself (src/disputes/). A Pro
 * subscription paying with the card is set to end at its period's end, so Billing renews nothing on it.
 */
import { sql } from "drizzle-orm";
import { POSTINGS } from "@jplay/schema/ledger-postings";
import type { Ctx } from "../../platform/context";
import { post } from "../../ledger/index";
import { restoreSong, takeDownSong } from "../../catalogue/index";
import { AppError } from "../../platform/errors";
import { setProCancelAtPeriodEnd } from "../pro/pro-plan";
import { type DisputeRow, recordDispute } from "./record-dispute";

/** Who the song_events and audit rows name for what a dispute did. */
export const DISPUTE_ACTOR = "stripe-dispute";
export const HELD_REASON = "The card payment for this song was disputed as fraudulent. It stays out of the catalogue while the dispute is open.";

const isOpen = (row: DisputeRow) => row.status === "needs_response" || row.status === "under_review";

/** A 409 from a takedown or restore someone else already made is not ours to repeat. */
async function unlessAlreadyDone(change: Promise<void>): Promise<void> {
  try {
    await change;
  } catch (error) {
    if (!(error instanceof AppError && error.status === 409)) throw error;
  }
}

async function holdSong(ctx: Ctx, row: DisputeRow, now: number): Promise<void> {
  if (!row.songId || row.songHeld) return;
  // Claimed first: only a live song this dispute takes down is one it puts back.
  const claimed = await ctx.db.run(sql`
    update disputes set song_held = 1 where id = ${row.id} and song_held = 0
      and exists (select 1 from songs where id = ${row.songId} and status = 'distributed' and taken_down_at is null)`);
  if (claimed.meta.changes !== 1) return;
  try {
    await unlessAlreadyDone(takeDownSong(ctx, row.songId, { reason: HELD_REASON, actor: DISPUTE_ACTOR }, now));
  } catch (error) {
    // The takedown did not happen: the claim goes, so the event's redelivery holds the song.
    await ctx.db.run(sql`update disputes set song_held = 0 where id = ${row.id} and song_held = 1`);
    throw error;
  }
}

async function releaseSong(ctx: Ctx, row: DisputeRow, now: number): Promise<void> {
  if (!row.songId || !row.songHeld) return;
  const released = await ctx.db.run(sql`update disputes set song_held = 0 where id = ${row.id} and song_held = 1`);
  if (released.meta.changes === 1) await unlessAlreadyDone(restoreSong(ctx, row.songId, { actor: DISPUTE_ACTOR }, now));
}

/** No more renewals on a card that charged back: the artist's Pro ends with its period. */
async function stopProRenewal(ctx: Ctx, artistId: string): Promise<void> {
  const [live] = await ctx.db.all(sql`
    select 1 from subscriptions where artist_id = ${artistId} and cancel_at_period_end = 0 and status in ('active', 'trialing', 'past_due')`);
  if (live) await unlessAlreadyDone(setProCancelAtPeriodEnd(ctx, artistId, true).then(() => undefined));
}

/** Applies the dispute's current state; safe to run again for any of its events. */
export async function onDisputeEvent(ctx: Ctx, disputeId: string, now = ctx.now()): Promise<DisputeRow> {
  const { row } = await recordDispute(ctx, disputeId, now);
  if (row.inquiry) return row;
  await post(ctx, POSTINGS.disputeWithdrawn(row), now);
  if (row.artistId) await stopProRenewal(ctx, row.artistId);
  if (isOpen(row) && row.reason === "fraudulent") await holdSong(ctx, row, now);
  if (row.status === "won") {
    await post(ctx, POSTINGS.disputeReinstated(row), now);
    await releaseSong(ctx, row, now);
  }
  if (row.status === "lost") await post(ctx, POSTINGS.disputeLost(row), now);
  return row;
}
