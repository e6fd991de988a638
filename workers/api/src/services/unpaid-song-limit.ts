/**
 * At most a few songs awaiting payment per artist (MAX_UNPAID_SONGS_PER_ARTIST in src/limits.ts):
 * an upload is free until it is paid for, so without a bound one saved card could fill R2 with songs
 * nobody pays for. The route checks before reading the body (a refused upload costs nothing), and
 * the song row is written only while the artist is still under the limit (submit-song.ts), so two
 * uploads racing each other cannot both take the last place.
 */
import { and, count, eq } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { Db } from "../db";
import { AppError } from "../errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "7 days", "1 day", or hours for a shortened test setting. */
function describeWait(ms: number): string {
  if (ms >= DAY_MS && ms % DAY_MS === 0) return ms === DAY_MS ? "1 day" : `${ms / DAY_MS} days`;
  const hours = Math.max(1, Math.round(ms / (60 * 60 * 1000)));
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

export interface UnpaidSongRules {
  max: number;
  /** How long an unpaid song is kept (the message says so). */
  expiryMs: number;
}

export const tooManyUnpaidSongs = (rules: UnpaidSongRules) =>
  new AppError(
    409,
    "too_many_unpaid_songs",
    `You already have ${rules.max} ${rules.max === 1 ? "song" : "songs"} waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed ${describeWait(rules.expiryMs)} after upload.`,
  );

export async function unpaidSongCount(db: Db, artistId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(songs)
    .where(and(eq(songs.artistId, artistId), eq(songs.status, "pending")));
  return row?.n ?? 0;
}

/** Refuses (409) an upload by an artist who already holds the maximum of unpaid songs. */
export async function assertUnderUnpaidLimit(db: Db, artistId: string, rules: UnpaidSongRules): Promise<void> {
  if ((await unpaidSongCount(db, artistId)) >= rules.max) throw tooManyUnpaidSongs(rules);
}
