/**
 * Songs nobody paid for are not kept forever: once a song has waited for payment longer than the
 * expiry (UNPAID_SONG_EXPIRY_SECONDS, default 7 days), the 15-minute cron removes its audio and
 * cover from R2 and moves it to `removed`, recorded as a `song_events` row. The row stays (its
 * payments and history refer to it); to its artist it is then "not found".
 *
 * Money first: a payment that waits on the browser (a card form left open) is canceled in Stripe
 * before the song goes, so its client secret can never take money for a song without files; a
 * payment running right now, or one that succeeded, keeps the song. The status moves only if the
 * song is still pending and no payment is open, in the same statement that records the event.
 *
 * Idempotent and bounded: a run takes at most `limit` songs, oldest first; the files are deleted after
 * the row moved, and should that be cut short (a stopped Worker, R2 failing) the deletion is queued,
 * and in the worst case the media janitor removes the files of a removed song like any orphan's.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch, type Db } from "../platform/db";
import { closeOpenPayment, openPaymentOf } from "../payments/index";
import { loggableError } from "../platform/loggable-error";

export const REMOVED_CAUSE = "Not paid for in time: removed with its files";

export interface RemovalOptions {
  /** The run's time (the cron's schedule). */
  now: number;
  /** Songs created at or before `now - expiryMs` and still pending are removed. */
  expiryMs: number;
  limit: number;
}

export interface RemovalReport {
  removed: string[];
  /** Due, but a payment is running or has just succeeded: left for the next run, or paid. */
  kept: string[];
  /** Due, but canceling its open payment failed (Stripe unreachable): tried again next run. */
  failed: string[];
  /** More songs were due than `limit`. */
  unfinished: boolean;
}

const OPEN_OR_PAID = sql.raw("('claimed', 'requires_payment_method', 'requires_action', 'processing', 'succeeded')");

async function deleteMedia(ctx: Ctx, keys: string[]): Promise<void> {
  try {
    await ctx.media.delete(keys);
  } catch {
    // R2 is failing right now: the queue retries the deletion until it succeeds.
    await ctx.jobs.send({ type: "media.delete", keys });
  }
}

/** Moves one due song to `removed` (with its event); false when it was paid or claimed meanwhile. */
async function markRemoved(db: Db, songId: string, now: number): Promise<boolean> {
  const stillUnpaid = sql`s.status = 'pending' and not exists (select 1 from payments p where p.song_id = s.id and p.status in ${OPEN_OR_PAID})`;
  const [, updated] = await runBatch(db, [
    sql`insert into song_events (id, song_id, from_status, to_status, cause, at)
        select ${crypto.randomUUID()}, s.id, 'pending', 'removed', ${REMOVED_CAUSE}, ${now} from songs s where s.id = ${songId} and ${stillUnpaid}`,
    sql`update songs as s set status = 'removed' where s.id = ${songId} and ${stillUnpaid}`,
  ]);
  return updated.meta.changes === 1;
}

/** Stripe's client (the context's, built on first use) is needed only when a due song has an open payment to cancel. */
export async function removeUnpaidSongs(ctx: Ctx, options: RemovalOptions): Promise<RemovalReport> {
  const report: RemovalReport = { removed: [], kept: [], failed: [], unfinished: false };
  const due = await ctx.db
    .select({ id: songs.id, audioKey: songs.audioKey, coverKey: songs.coverKey })
    .from(songs)
    .where(and(eq(songs.status, "pending"), lt(songs.createdAt, options.now - options.expiryMs + 1)))
    .orderBy(asc(songs.createdAt))
    .limit(options.limit + 1);
  report.unfinished = due.length > options.limit;

  for (const song of due.slice(0, options.limit)) {
    if (await openPaymentOf(ctx, song.id)) {
      let closed;
      try {
        closed = await closeOpenPayment(ctx, song.id);
      } catch (error) {
        // One song's payment provider trouble must not hold back the others behind it.
        console.error(JSON.stringify({ level: "error", task: "songs.remove-unpaid", songId: song.id, ...loggableError(error) }));
        report.failed.push(song.id);
        continue;
      }
      if (closed === "busy" || closed === "paid") {
        report.kept.push(song.id);
        continue;
      }
    }
    if (!(await markRemoved(ctx.db, song.id, options.now))) {
      report.kept.push(song.id);
      continue;
    }
    await deleteMedia(ctx, song.coverKey ? [song.audioKey, song.coverKey] : [song.audioKey]);
    report.removed.push(song.id);
  }
  return report;
}
