/**
 * Plain reads of one row by its id, for the jobs and routes that need a song or an artist as it is
 * stored: one query each, kept here so SQL stays in services (docs/decisions/030-one-way-per-thing.md).
 */
import { eq } from "drizzle-orm";
import { artists, type SongStatus, songs } from "@jplay/schema/tables";
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
