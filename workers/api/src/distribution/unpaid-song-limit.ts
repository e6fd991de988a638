/**
 * At most a few songs awaiting payment per artist (MAX_UNPAID_SONGS_PER_ARTIST in src/platform/limits.ts):
 * an upload is free until it is paid for, so without a bound one saved card could fill R2 with songs
 * nobody pays for. The route checks before reading the body (a refused upload costs nothing), and
 * the song row is written only while the artist is still under the limit (submit-song.ts), so two
 * uploads racing each other cannot both take the last place.
 */
import { and, count, eq } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError } from "../platform/errors";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UnpaidSongRules {
  max: number;
  /** How long an unpaid song is kept (the message says so). */
  expiryMs: number;
}

/** How long an unpaid song is kept, as the message says it: whole days ("7 days", "1 day"), or hours for a shortened test setting. */
function describeWait(ms: number): { unit: "day" | "days" | "hour" | "hours"; count: number } {
  if (ms >= DAY_MS && ms % DAY_MS === 0) return ms === DAY_MS ? { unit: "day", count: 1 } : { unit: "days", count: ms / DAY_MS };
  const hours = Math.max(1, Math.round(ms / (60 * 60 * 1000)));
  return hours === 1 ? { unit: "hour", count: 1 } : { unit: "hours", count: hours };
}

/**
 * One whole sentence per form of "song" and of the wait, so each reads right in every language
 * (messages have placeholders only, no plural rules: platform/errors.ts); `{max}` and `{count}` are filled in.
 */
const TOO_MANY_UNPAID = {
  one: {
    day: /*i18n*/ "You already have {max} song waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed 1 day after upload.",
    days: /*i18n*/ "You already have {max} song waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed {count} days after upload.",
    hour: /*i18n*/ "You already have {max} song waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed 1 hour after upload.",
    hours:
      /*i18n*/ "You already have {max} song waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed {count} hours after upload.",
  },
  many: {
    day: /*i18n*/ "You already have {max} songs waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed 1 day after upload.",
    days: /*i18n*/ "You already have {max} songs waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed {count} days after upload.",
    hour: /*i18n*/ "You already have {max} songs waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed 1 hour after upload.",
    hours:
      /*i18n*/ "You already have {max} songs waiting for payment. Complete the payment for one of them before uploading another. Unpaid songs are removed {count} hours after upload.",
  },
} as const;

export const tooManyUnpaidSongs = (rules: UnpaidSongRules) => {
  const wait = describeWait(rules.expiryMs);
  const message = TOO_MANY_UNPAID[rules.max === 1 ? "one" : "many"][wait.unit];
  return new AppError(409, "too_many_unpaid_songs", message, {}, { max: rules.max, count: wait.count });
};

export async function unpaidSongCount(ctx: Ctx, artistId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(songs)
    .where(and(eq(songs.artistId, artistId), eq(songs.status, "pending")));
  return row?.n ?? 0;
}

/** Refuses (409) an upload by an artist who already holds the maximum of unpaid songs. */
export async function assertUnderUnpaidLimit(ctx: Ctx, artistId: string, rules: UnpaidSongRules): Promise<void> {
  if ((await unpaidSongCount(ctx, artistId)) >= rules.max) throw tooManyUnpaidSongs(rules);
}
