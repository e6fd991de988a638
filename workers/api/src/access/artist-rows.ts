/**
 * An artist as stored, read by its id, for the routes of later modules that need the whole row: one
 * query, kept with the access module that opens artists' pages (docs/decisions/030-one-way-per-thing.md).
 */
import { eq } from "drizzle-orm";
import { artists } from "@jplay/schema/tables";
import type { Db } from "../platform/db";

export type ArtistRow = typeof artists.$inferSelect;

export async function artistById(db: Db, artistId: string): Promise<ArtistRow | undefined> {
  return (await db.select().from(artists).where(eq(artists.id, artistId)).limit(1))[0];
}
