/**
 * The orphan-media janitor. An upload stores its objects under `songs/{id}/` first and writes the
 * song row last; a Worker stopped in between (a crash, an eviction, a deploy) leaves objects no row
 * refers to, and no request is left to delete them. The 15-minute cron deletes every object under a
 * song folder that has no song row once it is older than a grace period: long enough that no upload
 * can still be about to write its row, so an upload in progress is never touched.
 *
 * Incomplete R2 multipart uploads are not objects (R2 lists only completed ones, and its bucket
 * lifecycle aborts abandoned multipart uploads), so a streamed upload is invisible here until it
 * completes, and then its row follows at once.
 *
 * Cost per run: one R2 list and one D1 query per 1,000 song folders (folders, not objects: the list
 * is delimited by "/"); the objects of a folder are listed only when its row is missing.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import type { Db } from "../platform/db";

export const SONG_MEDIA_PREFIX = "songs/";

/** Default grace period: a day. No upload takes that long between its objects and its row. */
const DEFAULT_GRACE_SECONDS = 24 * 60 * 60;
/** R2 lists at most 1,000 keys (here: song folders) per call. */
const FOLDERS_PER_PAGE = 1000;
/** A bound on one run's work: 200,000 song folders. A larger catalogue is logged as unfinished. */
const MAX_PAGES_PER_RUN = 200;

/**
 * The grace period in milliseconds from `MEDIA_ORPHAN_GRACE_SECONDS` (default a day). A test or a
 * local demo shortens it; a typo throws, so it is loud instead of deleting too early.
 */
export function orphanGraceMs(env: Pick<Env, "MEDIA_ORPHAN_GRACE_SECONDS">): number {
  const raw = env.MEDIA_ORPHAN_GRACE_SECONDS;
  if (raw === undefined || raw.trim() === "") return DEFAULT_GRACE_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`MEDIA_ORPHAN_GRACE_SECONDS must be a number of seconds above 0, got "${raw}"`);
  return Math.round(seconds * 1000);
}

export interface SweepOptions {
  /** Objects uploaded at or after `now - graceMs` are kept even without a row. */
  graceMs: number;
  /** The run's time (the cron's schedule). */
  now: number;
  /** Song folders per R2 list call (tests page with small values). */
  foldersPerPage?: number;
  maxPages?: number;
}

export interface SweepReport {
  foldersChecked: number;
  /** Keys deleted: objects of song folders without a row, older than the grace period. */
  deleted: string[];
  /** Objects without a row still inside the grace period (an upload may be about to write it). */
  keptYoung: number;
  /** True when the run stopped at `maxPages` before the end of the listing. */
  unfinished: boolean;
}

/**
 * The ids among `ids` that have no song row needing their files: no row at all, or a song removed
 * for want of payment (its files are deleted when it is removed; any left by a stopped Worker go here).
 */
async function idsWithoutRow(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: string }>(
    sql`select id from songs where id in (select value from json_each(${JSON.stringify(ids)})) and status != 'removed'`,
  );
  const present = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}

async function objectsUnder(media: R2Bucket, prefix: string): Promise<R2Object[]> {
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await media.list({ prefix, cursor });
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

/** Deletes the old objects of one song folder that has no row; answers the keys deleted and the young ones kept. */
async function sweepFolder(ctx: Ctx, songId: string, options: SweepOptions): Promise<{ deleted: string[]; keptYoung: number }> {
  const objects = await objectsUnder(ctx.media, `${SONG_MEDIA_PREFIX}${songId}/`);
  const oldEnough = objects.filter((object) => object.uploaded.getTime() < options.now - options.graceMs).map((object) => object.key);
  const keptYoung = objects.length - oldEnough.length;
  if (oldEnough.length === 0) return { deleted: [], keptYoung };
  // Asked again right before deleting: the row may have been written since the folder was listed.
  if ((await idsWithoutRow(ctx.db, [songId])).length === 0) return { deleted: [], keptYoung: 0 };
  await ctx.media.delete(oldEnough);
  return { deleted: oldEnough, keptYoung };
}

export async function sweepOrphanMedia(ctx: Ctx, options: SweepOptions): Promise<SweepReport> {
  const report: SweepReport = { foldersChecked: 0, deleted: [], keptYoung: 0, unfinished: false };
  const maxPages = options.maxPages ?? MAX_PAGES_PER_RUN;
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const listed = await ctx.media.list({ prefix: SONG_MEDIA_PREFIX, delimiter: "/", limit: options.foldersPerPage ?? FOLDERS_PER_PAGE, cursor });
    const songIds = listed.delimitedPrefixes.map((folder) => folder.slice(SONG_MEDIA_PREFIX.length, -1)).filter((id) => id !== "");
    report.foldersChecked += songIds.length;
    for (const songId of await idsWithoutRow(ctx.db, songIds)) {
      const swept = await sweepFolder(ctx, songId, options);
      report.deleted.push(...swept.deleted);
      report.keptYoung += swept.keptYoung;
    }
    if (!listed.truncated) return report;
    cursor = listed.cursor;
  }
  report.unfinished = true;
  return report;
}
