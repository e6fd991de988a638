/**
 * The queue's compliance jobs. `compliance.rescreen`: after a term list's change, re-screen only the
 * songs it can affect — those whose words (their audio transcript included) match a term the change added or removed, and those its
 * list already matched — a page of songs at a time, each page queueing the next; live songs that are
 * now flagged are held at the facilities applying the list (compliance/facility-standing.ts).
 * `compliance.facility`: a facility's lists changed, so its live songs' holds are brought in line.
 * Both are idempotent: a second delivery screens again and finds nothing to change.
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { facilitySongReviews, songScreeningMatches, songs, termListVersions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { refreshHolds } from "./facility-standing";
import { currentListTerms, screenSong, screenWords, songWordsColumns, type ListTerm } from "./screening";
import { termDifference } from "./term-lists";
import { compileTerms } from "./term-matcher";

/** Songs read per page of a re-screen. */
export const RESCREEN_PAGE_SIZE = 100;

/** Songs that may reach or are in the catalogue: awaiting payment or review, or live. */
export const SCREENED_STATUSES = ["pending", "approved", "distributed"] as const;

export async function rescreenAfterListChange(ctx: Ctx, job: { listId: string; version: number; after: string | null }): Promise<void> {
  const versions = await ctx.db
    .select()
    .from(termListVersions)
    .where(and(eq(termListVersions.listId, job.listId), inArray(termListVersions.version, [job.version - 1, job.version])));
  const now = versions.find((v) => v.version === job.version);
  if (!now) return;
  const before = versions.find((v) => v.version === job.version - 1);
  const { added, removed } = termDifference(before?.terms ?? [], now.terms);
  const changed: ListTerm[] = [...added, ...removed].map((t) => ({ ...t, listId: job.listId, listName: now.name, listVersion: job.version }));

  const page = await ctx.db
    .select({ id: songs.id, ...songWordsColumns })
    .from(songs)
    .where(and(inArray(songs.status, [...SCREENED_STATUSES]), job.after === null ? undefined : gt(songs.id, job.after)))
    .orderBy(asc(songs.id))
    .limit(RESCREEN_PAGE_SIZE);
  if (page.length === 0) return;

  const alreadyMatched = new Set(
    (
      await ctx.db
        .selectDistinct({ songId: songScreeningMatches.songId })
        .from(songScreeningMatches)
        .where(
          and(
            eq(songScreeningMatches.listId, job.listId),
            inArray(
              songScreeningMatches.songId,
              page.map((song) => song.id),
            ),
          ),
        )
    ).map((row) => row.songId),
  );
  const lists = await currentListTerms(ctx);
  const findChanged = compileTerms(changed);
  for (const song of page) {
    if (!alreadyMatched.has(song.id) && screenWords(changed, song, findChanged).length === 0) continue;
    await screenSong(ctx, song.id, lists);
    await refreshHolds(ctx, song.id);
  }
  if (page.length === RESCREEN_PAGE_SIZE)
    await ctx.jobs.send({ type: "compliance.rescreen", listId: job.listId, version: job.version, after: page.at(-1)!.id });
}

/** Holds or releases the live songs a facility's new set of lists flags or no longer flags. */
export async function refreshFacilityHolds(ctx: Ctx, facilityId: string): Promise<void> {
  const candidates = await ctx.db.all<{ songId: string }>(sql`
    select distinct m.song_id as songId from ${songScreeningMatches} m join ${songs} s on s.id = m.song_id where s.status = 'distributed'
    union select song_id from ${facilitySongReviews} where facility_id = ${facilityId} and status = 'held'`);
  for (const { songId } of candidates) await refreshHolds(ctx, songId);
}
