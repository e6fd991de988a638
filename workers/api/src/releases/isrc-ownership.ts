/**
 * Whether an ISRC an artist enters at upload already names another artist's recording: one ISRC is
 * one recording, so it is refused (the unique index on songs.isrc refuses any second song with it too,
 * the same artist's included; this question lets the upload say why before it tries).
 */
import { and, eq, isNull, ne, or } from "drizzle-orm";
import { normalizeIsrc } from "@jplay/schema/identifiers";
import { songs } from "@jplay/schema/tables";
import type { Db } from "../db";

/** `isrc` as typed or stored; true when a song of another artist (or of none) carries it. */
export async function isrcTakenByAnotherArtist(db: Db, isrc: string, artistId: string): Promise<boolean> {
  const stored = normalizeIsrc(isrc) ?? isrc;
  const [song] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.isrc, stored), or(isNull(songs.artistId), ne(songs.artistId, artistId))))
    .limit(1);
  return song !== undefined;
}
