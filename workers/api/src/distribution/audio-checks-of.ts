/**
 * What listening measured of songs (song_audio_checks, written by the audio-check job), by song id,
 * for the review queue and the artist's and operators' screens (docs/audio-checks.md).
 */
import { sql } from "drizzle-orm";
import type { StoredAudioCheck } from "@jplay/schema/audio-check";
import { songAudioChecks } from "@jplay/schema/tables";
import type { Db } from "../platform/db";

/** What listening measured of each of `songIds` (song_audio_checks), by song id; a song not yet listened to is absent. */
export async function audioChecksOf(db: Db, songIds: string[]): Promise<Map<string, StoredAudioCheck>> {
  if (songIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(songAudioChecks) // One bound parameter however many ids (D1 binds at most 100).
    .where(sql`${songAudioChecks.songId} in (select value from json_each(${JSON.stringify(songIds)}))`);
  return new Map(rows.map(({ songId, ...check }) => [songId, check]));
}
