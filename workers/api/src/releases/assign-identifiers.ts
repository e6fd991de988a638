/**
 * Gives a song the identifiers it is delivered with: an ISRC for the recording and a UPC for the
 * release (docs/decisions/042). A code the artist entered at upload is kept; a missing one is minted
 * under JPlay's prefixes (identifier-settings.ts) from the next number of its sequence
 * (identifier-sequences.ts). The ISRC's year of reference is the year it is assigned (UTC), per ISO 3901.
 *
 * Idempotent: a song that has its codes keeps them and takes no number. A number is taken only after
 * reading that the song lacks the code, and written only where it still lacks it (`where isrc is
 * null`), so a second run burns nothing. Two runs racing for the same song can both take a number:
 * the one whose write lands first wins and the other's number is burnt (never reused, never given
 * back) — the price of taking numbers without holding a lock across D1 calls.
 */
import { and, eq, isNull } from "drizzle-orm";
import { ISRC_MAX_DESIGNATION, mintIsrc, mintUpc, upcItemReferences } from "@jplay/schema/identifiers";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import type { IdentifierSettings } from "./identifier-settings";
import { isrcSequence, takeNextNumber, upcSequence } from "./identifier-sequences";

export interface ReleaseIdentifiers {
  /** Stored form, 12 characters. */
  isrc: string;
  /** 12 (UPC) or 13 (EAN) digits. */
  upc: string;
}

/** A sequence has no number left under the configured prefix: a person must get a new prefix. */
export class IdentifiersExhaustedError extends Error {
  override name = "IdentifiersExhaustedError";
}

type Column = "isrc" | "upc";

async function identifiersOf(ctx: Ctx, songId: string): Promise<{ isrc: string | null; upc: string | null }> {
  const [song] = await ctx.db.select({ isrc: songs.isrc, upc: songs.upc }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw new Error(`No song ${songId} to give identifiers to`);
  return song;
}

/** Writes `value` where the song still lacks the code; answers the song's code after (ours, or the winner's). */
async function writeIfMissing(ctx: Ctx, songId: string, column: Column, value: string): Promise<string> {
  const written = await ctx.db
    .update(songs)
    .set({ [column]: value })
    .where(and(eq(songs.id, songId), isNull(songs[column])))
    .returning({ id: songs.id });
  if (written.length === 1) return value;
  // Lost a race: another run gave the song its code first, and our number is burnt.
  const now = (await identifiersOf(ctx, songId))[column];
  if (now === null) throw new Error(`Song ${songId} has no ${column} after writing one`);
  return now;
}

async function mintNextIsrc(ctx: Ctx, settings: IdentifierSettings, now: number): Promise<string> {
  const year = new Date(now).getUTCFullYear();
  const designation = await takeNextNumber(ctx, isrcSequence(year));
  if (designation > ISRC_MAX_DESIGNATION) {
    throw new IdentifiersExhaustedError(
      `No ISRC left for ${year}: all ${ISRC_MAX_DESIGNATION} designation codes under ${settings.isrcPrefix.slice(0, 2)}-${settings.isrcPrefix.slice(2)} are used; ask the ISRC agency for another prefix (ISRC_PREFIX)`,
    );
  }
  return mintIsrc(settings.isrcPrefix, year, designation);
}

async function mintNextUpc(ctx: Ctx, settings: IdentifierSettings): Promise<string> {
  const prefix = settings.upcCompanyPrefix;
  // Sequence numbers start at 1; item references at 0, which GS1 lets a company use like any other.
  const item = (await takeNextNumber(ctx, upcSequence(prefix))) - 1;
  if (item >= upcItemReferences(prefix)) {
    throw new IdentifiersExhaustedError(
      `No UPC left: all ${upcItemReferences(prefix)} item references of the company prefix ${prefix} are used; license another prefix from GS1 (UPC_COMPANY_PREFIX)`,
    );
  }
  return mintUpc(prefix, item);
}

/**
 * The song's ISRC and UPC, minting whichever it lacks. Throws IdentifiersExhaustedError when a sequence
 * is used up.
 */
export async function assignIdentifiers(ctx: Ctx, settings: IdentifierSettings, songId: string, now: number): Promise<ReleaseIdentifiers> {
  const current = await identifiersOf(ctx, songId);
  const isrc = current.isrc ?? (await writeIfMissing(ctx, songId, "isrc", await mintNextIsrc(ctx, settings, now)));
  const upc = current.upc ?? (await writeIfMissing(ctx, songId, "upc", await mintNextUpc(ctx, settings)));
  return { isrc, upc };
}
