/**
 * An operator's correction of a song's genre, language of the lyrics and credits, after listening
 * in review or later (docs/decisions/042-release-identifiers-and-metadata.md). Written in one batch
 * with its song_events row, which says who changed what from what, as review decisions are logged, and
 * its audit record (docs/decisions/087-audit-log-hash-chain.md).
 * A live song's correction is also a change in the delivery feeds (a new `release` entry describing
 * it as it now is), so the provider's copy follows. A correction that changes nothing writes nothing.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Credit, ReleaseCorrection } from "@jplay/schema/release-metadata";
import { songCredits, songs } from "@jplay/schema/tables";
import { songSearchEntry } from "@jplay/schema/song-search-index";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { recordCatalogueChanges } from "../catalogue/index";
import { refreshHolds, screenSong } from "../compliance/index";
import { insertSongCredits } from "./song-credits";

const creditsText = (credits: readonly Credit[]) => credits.map((credit) => `${credit.name} (${credit.role})`).join(", ");

/** "genre Pop → Latin; credits A (performer) → A (performer), B (composer)": what changed, for the log. */
function changesText(before: ReleaseCorrection, after: ReleaseCorrection): string[] {
  const changes: string[] = [];
  if (before.genre !== after.genre) changes.push(`genre ${before.genre} → ${after.genre}`);
  if (before.lyricsLanguage !== after.lyricsLanguage) changes.push(`language of the lyrics ${before.lyricsLanguage} → ${after.lyricsLanguage}`);
  if (creditsText(before.credits) !== creditsText(after.credits)) changes.push(`credits ${creditsText(before.credits)} → ${creditsText(after.credits)}`);
  return changes;
}

export async function correctReleaseDetails(ctx: Ctx, songId: string, correction: ReleaseCorrection, actor: string): Promise<{ changed: boolean }> {
  const { db } = ctx;
  const [song] = await db
    .select({ status: songs.status, genre: songs.genre, lyricsLanguage: songs.lyricsLanguage })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  if (!song) throw notFound("No song with this id.");
  if (song.status === "removed" || song.status === "rejected")
    throw new AppError(409, "not_correctable", `This song was ${song.status}: its details can no longer be corrected.`);
  const credits = await db
    .select({ name: songCredits.name, role: songCredits.role })
    .from(songCredits)
    .where(eq(songCredits.songId, songId))
    .orderBy(asc(songCredits.position));
  const changes = changesText(
    { genre: song.genre as ReleaseCorrection["genre"], lyricsLanguage: song.lyricsLanguage as ReleaseCorrection["lyricsLanguage"], credits },
    correction,
  );
  if (changes.length === 0) return { changed: false };

  const now = ctx.now();
  const cause = `Release details corrected by ${actor}: ${changes.join("; ")}`;
  const instrumental = correction.lyricsLanguage === "zxx";
  await runBatch(db, [
    sql`update songs set genre = ${correction.genre}, lyrics_language = ${correction.lyricsLanguage}, instrumental = ${instrumental ? 1 : 0},
      lyrics = case when ${instrumental ? 1 : 0} = 1 then null else lyrics end
      where id = ${songId}`,
    sql`delete from song_credits where song_id = ${songId}`,
    insertSongCredits(songId, correction.credits),
    ...songSearchEntry(songId),
    sql`insert into song_events (id, song_id, from_status, to_status, cause, actor, at)
      select ${crypto.randomUUID()}, id, status, status, ${cause}, ${actor}, ${now} from songs where id = ${songId}`,
    recordCatalogueChanges(JSON.stringify([songId]), "release", now, sql`s.status = 'distributed' and s.taken_down_at is null`),
    auditEntry({ at: now, actor, action: "release_corrected", songId, detail: cause }),
  ]);
  // The credits are screened words: a corrected credit may match a term list, or no longer.
  await screenSong(ctx, songId);
  await refreshHolds(ctx, songId, actor);
  return { changed: true };
}
