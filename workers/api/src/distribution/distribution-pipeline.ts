/**
 * The distribution pipeline's status changes, each a conditional UPDATE in one D1 batch with the
 * song_events row that records it (time and cause, for the admin's details view). Statuses only move
 * forward (approved → distributed, approved → rejected); a condition that no longer holds changes
 * nothing, so a redelivered or duplicated job, or a job racing the cron sweep, acts once.
 */
import { sql } from "drizzle-orm";
import type { SongPackage } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import type { AudioFacts } from "./check-audio";
import { textSongOutcome } from "../texts/index";
import { recordCatalogueChanges, purgeCatalogue } from "../catalogue/index";
import { queueRefundsOfSong, refundOnRejection } from "../refunds/index";
import { songHeldByDispute } from "../disputes/index";

/** How many songs one delivery statement moves; a sweep repeats it a bounded number of times. */
const DELIVERY_CHUNK = 100;
const MAX_DELIVERY_ROUNDS = 50;

const minutesSeconds = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** e.g. "3:12, 128 kbps, 44.1 kHz". */
export const describeAudio = (facts: AudioFacts) =>
  `${minutesSeconds(facts.durationMs)}, ${Math.round(facts.bitrate / 1000)} kbps, ${facts.sampleRate / 1000} kHz`;

/**
 * Records the decoded audio facts and the delivery time of an approved song not yet scheduled.
 * The song stays `approved`; the event (approved → approved) tells the admin when it will go live.
 * Returns true when this call scheduled it.
 */
export async function scheduleDelivery(ctx: Ctx, song: { id: string; package: SongPackage }, facts: AudioFacts, dueAt: number): Promise<boolean> {
  const now = ctx.now();
  const cause = `Audio checked (${describeAudio(facts)}); delivery scheduled for ${new Date(dueAt).toISOString()} (${song.package} package)`;
  const [, scheduled] = await runBatch(ctx.db, [
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, at)
      select ${crypto.randomUUID()}, id, 'approved', 'approved', ${cause}, ${now}
      from songs where id = ${song.id} and status = 'approved' and deliver_at is null`,
    sql`
      update songs set duration_ms = ${facts.durationMs}, bitrate = ${facts.bitrate}, sample_rate = ${facts.sampleRate}, deliver_at = ${dueAt}
      where id = ${song.id} and status = 'approved' and deliver_at is null`,
  ]);
  return scheduled.meta.changes === 1;
}

/**
 * A rejection: `reason` is what the artist reads (text, page, refund); `cause` is the song_events
 * history line the admin sees, naming who rejected it (the audio check or an operator). `actor` is the
 * operator's identity (null for the audio check); `code` the operator's reason code (REJECTION_REASONS
 * in schema/src/song-rejection.ts).
 */
export interface Rejection {
  reason: string;
  cause: string;
  actor?: string | null;
  code?: string | null;
}

/** The audio check's rejection of a song whose stored audio is missing or does not decode. */
export const audioCheckRejection = (reason: string): Rejection => ({ reason, cause: `Audio check failed: ${reason}` });

/**
 * Rejects an approved song, and records the refund of its fee in the same batch (docs/decisions/025).
 * Then the artist is told by text and the refund's Stripe call is queued (the cron re-queues a lost
 * one). Every rejection goes through here: the audio check's (jobs/process-distribution.ts) and an
 * operator's (operator-rejection.ts, which says why a song it could not reject was not). Returns true
 * when this call rejected it.
 */
export async function rejectApprovedSong(ctx: Ctx, songId: string, { reason, cause, actor = null, code = null }: Rejection): Promise<boolean> {
  const now = ctx.now();
  const refund = await refundOnRejection(ctx, songId, reason, "approved", now);
  const results = await runBatch(ctx.db, [
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, actor, at)
      select ${crypto.randomUUID()}, id, status, 'rejected', ${cause}, ${actor}, ${now}
      from songs where id = ${songId} and status = 'approved'`,
    ...refund,
    sql`update songs set status = 'rejected', rejection_reason = ${reason}, rejection_code = ${code} where id = ${songId} and status = 'approved'`,
  ]);
  // The status change is the batch's last statement.
  if (results[results.length - 1]!.meta.changes !== 1) return false;
  await textSongOutcome(ctx, songId);
  await queueRefundsOfSong(ctx, songId);
  return true;
}

/**
 * Delivers approved songs an operator has reviewed and whose time has come (all of them, or only `songIds`): status → distributed,
 * distributed_at = `now` (the context's time, or the cron's schedule), so they join the public catalogue, and each artist is texted.
 * `by` names the caller in the event's cause.
 * A song a dispute holds is not delivered (src/disputes/). A song without its ISRC and UPC is not delivered: it waits until the pipeline or the cron's backfill gives them
 * (releases/prepare-release.ts). Returns the ids this call delivered.
 */
export async function deliverDueSongs(ctx: Ctx, now: number, by: string, songIds?: string[]): Promise<string[]> {
  const { db } = ctx;
  const delivered: string[] = [];
  for (let round = 0; round < MAX_DELIVERY_ROUNDS; round++) {
    const candidates = await db.all<{ id: string }>(sql`
      select id from songs
      where status = 'approved' and deliver_at <= ${now} and reviewed_at is not null and isrc is not null and upc is not null
        and not ${songHeldByDispute(sql`songs.id`)}
        ${songIds ? sql`and id in (select value from json_each(${JSON.stringify(songIds)}))` : sql``}
      order by deliver_at limit ${DELIVERY_CHUNK}`);
    if (candidates.length === 0) break;
    const rows = JSON.stringify(candidates.map((candidate) => ({ songId: candidate.id, eventId: crypto.randomUUID() })));
    const [, moved] = await runBatch(db, [
      sql`
        insert into song_events (id, song_id, from_status, to_status, cause, at)
        select json_extract(r.value, '$.eventId'), s.id, 'approved', 'distributed',
          'Delivered to the catalogue by ' || ${by} || ': the ' || coalesce(s.package, 'unknown') || ' delivery window was reached', ${now}
        from json_each(${rows}) r join songs s on s.id = json_extract(r.value, '$.songId')
        where s.status = 'approved' and s.deliver_at <= ${now} and s.reviewed_at is not null and s.isrc is not null and s.upc is not null
          and not ${songHeldByDispute(sql`s.id`)}`,
      sql`
        update songs set status = 'distributed', distributed_at = ${now}
        where id in (select json_extract(value, '$.songId') from json_each(${rows}))
          and status = 'approved' and deliver_at <= ${now} and reviewed_at is not null and isrc is not null and upc is not null
          and not ${songHeldByDispute(sql`songs.id`)}
        returning id`,
      recordCatalogueChanges(
        JSON.stringify(candidates.map((candidate) => candidate.id)),
        "release",
        now,
        sql`s.status = 'distributed' and s.distributed_at = ${now} and not exists (select 1 from catalogue_changes c where c.song_id = s.id)`,
      ),
    ]);
    const movedIds = (moved.results as { id: string }[]).map((row) => row.id);
    for (const songId of movedIds) await textSongOutcome(ctx, songId);
    delivered.push(...movedIds);
    if (candidates.length < DELIVERY_CHUNK) break;
  }
  if (delivered.length > 0) await purgeCatalogue();
  return delivered;
}

/**
 * Approved songs whose audio check never ran (paid more than `olderThanMs` ago, no delivery time),
 * leaving out those whose check already ended in the dead-letter queue: an operator looks at those.
 */
export async function findStalledSongs(ctx: Ctx, now: number, olderThanMs: number, limit: number): Promise<string[]> {
  const rows = await ctx.db.all<{ id: string }>(sql`
    select s.id from songs s
    where s.status = 'approved' and s.deliver_at is null and s.paid_at < ${now - olderThanMs}
      and not exists (select 1 from failed_jobs f where f.song_id = s.id and f.job_type = 'distribution.process')
    order by s.paid_at limit ${limit}`);
  return rows.map((row) => row.id);
}
