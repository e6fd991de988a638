/**
 * The rules of an upload's release metadata that need the catalogue (schema/src/release-metadata.ts
 * holds the ones that do not): a clean version names one of the same artist's explicit songs and
 * says No to explicit content itself; an ISRC the artist typed is not on another artist's song (nor
 * on another of theirs: one recording, one ISRC); a UPC the artist typed names no other release.
 */
import { sql } from "drizzle-orm";
import { METADATA_MESSAGES } from "@jplay/schema/release-metadata";
import type { Db } from "../db";
import { badRequest } from "../errors";

export interface ReleaseToCheck {
  explicit: boolean;
  cleanVersionOf: string | null;
  isrc: string | null;
  upc: string | null;
}

export async function checkReleaseAgainstCatalogue(db: Db, artistId: string, release: ReleaseToCheck): Promise<void> {
  if (release.cleanVersionOf !== null) {
    if (release.explicit) throw badRequest(METADATA_MESSAGES.cleanVersionExplicit);
    const [original] = await db.all<{ id: string }>(sql`
      select id from songs
      where id = ${release.cleanVersionOf} and artist_id = ${artistId} and explicit = 1 and clean_version_of is null
        and status not in ('rejected', 'removed')`);
    if (!original) throw badRequest(METADATA_MESSAGES.cleanVersionOriginal);
  }
  if (release.isrc !== null) {
    const [taken] = await db.all<{ id: string }>(sql`select id from songs where isrc = ${release.isrc} limit 1`);
    if (taken) throw badRequest(METADATA_MESSAGES.isrcTaken);
  }
  if (release.upc !== null) {
    const [taken] = await db.all<{ id: string }>(sql`select id from songs where upc = ${release.upc} limit 1`);
    if (taken) throw badRequest(METADATA_MESSAGES.upcTaken);
  }
}
