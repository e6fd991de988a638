/**
 * A song as it is stored, read by its id, for the jobs and routes of later modules that need the
 * whole row or its status: one query each, kept with the catalogue that owns the songs
 * (docs/decisions/030-one-way-per-thing.md).
 */
import { eq } from "drizzle-orm";
import { type SongStatus, songs } from "@jplay/schema/tables";
import type { Db } from "../platform/db";

export type SongRow = typeof songs.$inferSelect;

export async function songById(db: Db, songId: string): Promise<SongRow | undefined> {
  return (await db.select().from(songs).where(eq(songs.id, songId)).limit(1))[0];
}

/** The song's status, or null when there is no such song. */
export async function songStatusOf(db: Db, songId: string): Promise<SongStatus | null> {
  return (await db.select({ status: songs.status }).from(songs).where(eq(songs.id, songId)).limit(1))[0]?.status ?? null;
}
