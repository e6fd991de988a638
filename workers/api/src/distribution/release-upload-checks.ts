/**
 * The rules of an upload's release metadata that need the catalogue (schema/src/release-metadata.ts
 * holds the ones that do not): a clean version names one of the same artist's explicit songs and
 * says No to explicit content itself; an ISRC the artist typed is not on another artist's song (nor
 * on another of theirs: one recording, one ISRC); a UPC the artist typed names no other release; and
 * neither is under JPlay's own prefixes, whose numbers only JPlay hands out (a typed one could take
 * a number JPlay mints later).
 */
import { sql } from "drizzle-orm";
import { METADATA_MESSAGES } from "@jplay/schema/release-metadata";
import type { Ctx } from "../platform/context";
import { badRequest } from "../platform/errors";

/** JPlay's own prefixes (stored forms), where configured: ISRCs and UPCs under them are JPlay's to mint. */
export interface OwnPrefixes {
  isrcPrefix: string | null;
  upcCompanyPrefix: string | null;
}

export interface ReleaseToCheck {
  explicit: boolean;
  cleanVersionOf: string | null;
  isrc: string | null;
  upc: string | null;
}

export async function checkReleaseAgainstCatalogue(ctx: Ctx, artistId: string, release: ReleaseToCheck, own: OwnPrefixes): Promise<void> {
  const { db } = ctx;
  if (release.cleanVersionOf !== null) {
    if (release.explicit) throw badRequest(METADATA_MESSAGES.cleanVersionExplicit);
    const [original] = await db.all<{ id: string }>(sql`
      select id from songs
      where id = ${release.cleanVersionOf} and artist_id = ${artistId} and explicit = 1 and clean_version_of is null
        and status not in ('rejected', 'removed')`);
    if (!original) throw badRequest(METADATA_MESSAGES.cleanVersionOriginal);
  }
  if (release.isrc !== null && own.isrcPrefix !== null && release.isrc.startsWith(own.isrcPrefix)) throw badRequest(METADATA_MESSAGES.isrcOwnPrefix);
  if (release.upc !== null && own.upcCompanyPrefix !== null && upcUnderPrefix(release.upc, own.upcCompanyPrefix))
    throw badRequest(METADATA_MESSAGES.upcOwnPrefix);
  if (release.isrc !== null) {
    const [taken] = await db.all<{ id: string }>(sql`select id from songs where isrc = ${release.isrc} limit 1`);
    if (taken) throw badRequest(METADATA_MESSAGES.isrcTaken);
  }
  if (release.upc !== null) {
    const [taken] = await db.all<{ id: string }>(sql`select id from songs where upc = ${release.upc} limit 1`);
    if (taken) throw badRequest(METADATA_MESSAGES.upcTaken);
  }
}

/** A GTIN-12 under the prefix, or the same number written as a GTIN-13 (a leading 0). */
const upcUnderPrefix = (upc: string, prefix: string) => upc.startsWith(prefix) || upc.startsWith(`0${prefix}`);
