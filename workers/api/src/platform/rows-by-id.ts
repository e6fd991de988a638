/**
 * Plain reads of one row by its id, for the jobs and routes that need a song or an artist as it is
 * stored: one query each, kept here so SQL stays in services (docs/decisions/030-one-way-per-thing.md).
 */
import { eq, sql } from "drizzle-orm";
import type { StoredAudioCheck } from "@jplay/schema/audio-check";
import { artists, songAudioChecks, type SongStatus, songs } from "@jplay/schema/tables";
import type { Db } from "./db";

export type SongRow = typeof songs.$inferSelect;
export type ArtistRow = typeof artists.$inferSelect;

export async function songById(db: Db, songId: string): Promise<SongRow | undefined> {
  return (await db.select().from(songs).where(eq(songs.id, songId)).limit(1))[0];
}

/** The song's status, or null when there is no such song. */
export async function songStatusOf(db: Db, songId: string): Promise<SongStatus | null> {
  return (await db.select({ status: songs.status }).from(songs).where(eq(songs.id, songId)).limit(1))[0]?.status ?? null;
}

export async function artistById(db: Db, artistId: string): Promise<ArtistRow | undefined> {
  return (await db.select().from(artists).where(eq(artists.id, artistId)).limit(1))[0];
}

/** What listening measured of each of `songIds` (song_audio_checks), by song id; a song not yet listened to is absent. */
export async function audioChecksOf(db: Db, songIds: string[]): Promise<Map<string, StoredAudioCheck>> {
  if (songIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(songAudioChecks) // One bound parameter however many ids (D1 binds at most 100).
    .where(sql`${songAudioChecks.songId} in (select value from json_each(${JSON.stringify(songIds)}))`);
  return new Map(rows.map(({ songId, ...check }) => [songId, check]));
}
