/**
 * An operator taking a live song out of the catalogue, and putting it back
 * (docs/decisions/052-takedowns.md). Each is one D1 batch: the song_events row naming the
 * operator, the song's update and the provider's delivery-feed row (`takedown`, or `release` on a
 * restore). The event row is the claim: the update and the feed row happen only when this call wrote
 * it, so a repeat or two operators at once change the song once. The status stays `distributed`:
 * purchases made before a takedown still credit the artist, and the earnings stay theirs. Its kind
 * (`content` or `rights`) decides what becomes of the song's buyers' receipts (provider/receipts/).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { TakedownKind } from "@jplay/schema/catalogue-control";
import { songs, type SongStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { recordCatalogueChanges } from "./catalogue-changes";
import { auditEntry } from "../platform/audit-log";
import { purgeCatalogue } from "./edge-cache";
import { textSongRestored, textSongTakenDown } from "../texts/index";

/** Why a song that never went live can be neither taken down nor restored (409). */
const NOT_LIVE: Record<Exclude<SongStatus, "distributed">, string> = {
  pending: "This song is not in the catalogue: it has not been paid for.",
  approved: "This song is not live yet: it is waiting for review or its delivery time. Reject it instead.",
  rejected: "This song was rejected: it never went live.",
  removed: "This song was removed: it never went live.",
};

async function songState(ctx: Ctx, songId: string) {
  const [song] = await ctx.db
    .select({ status: songs.status, takenDownAt: songs.takenDownAt, takedownReason: songs.takedownReason })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  if (!song) throw notFound("No song with this id.");
  if (song.status !== "distributed") throw new AppError(409, "not_live", NOT_LIVE[song.status]);
  return song;
}

const alreadyTakenDown = (reason: string | null) =>
  new AppError(409, "already_taken_down", `This song is already taken down: ${reason ?? "no reason recorded"}`);
const notTakenDown = () => new AppError(409, "not_taken_down", "This song is live: there is nothing to restore.");

/** The three statements of a takedown or restore, each after the event row `eventId` that claims it. */
async function changeOnce(
  ctx: Ctx,
  songId: string,
  change: { eventId: string; cause: string; actor: string; wasTakenDown: boolean; set: SQL; kind: "takedown" | "release" },
  now: number,
) {
  const claimed = sql`exists (select 1 from song_events where id = ${change.eventId})`;
  const [event] = await runBatch(ctx.db, [
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, actor, at)
      select ${change.eventId}, id, 'distributed', 'distributed', ${change.cause}, ${change.actor}, ${now}
      from songs where id = ${songId} and status = 'distributed' and taken_down_at is ${change.wasTakenDown ? sql`not null` : sql`null`}`,
    sql`update songs set ${change.set} where id = ${songId} and ${claimed}`,
    recordCatalogueChanges(JSON.stringify([songId]), change.kind, now, claimed),
    auditEntry({ at: now, actor: change.actor, action: change.kind === "takedown" ? "takedown" : "restore", songId, detail: change.cause }, claimed),
  ]);
  return event.meta.changes === 1;
}

/** Takes a live song down; the artist is texted the reason. 409 when it is not live or already down. */
export async function takeDownSong(
  ctx: Ctx,
  songId: string,
  { reason, actor, kind = "content" }: { reason: string; actor: string; kind?: TakedownKind },
  now: number,
): Promise<void> {
  const song = await songState(ctx, songId);
  if (song.takenDownAt !== null) throw alreadyTakenDown(song.takedownReason);
  const eventId = crypto.randomUUID();
  const set = sql`taken_down_at = ${now}, takedown_reason = ${reason}, takedown_kind = ${kind}`;
  if (!(await changeOnce(ctx, songId, { eventId, cause: `Taken down by ${actor}: ${reason}`, actor, wasTakenDown: false, set, kind: "takedown" }, now))) {
    // Another operator was quicker: say what they did.
    throw alreadyTakenDown((await songState(ctx, songId)).takedownReason);
  }
  await purgeCatalogue();
  await textSongTakenDown(ctx, { songId, eventId, reason });
}

/** Puts a taken-down song back in the catalogue (a new `release` in the feed); the artist is texted. 409 when it is not down. */
export async function restoreSong(ctx: Ctx, songId: string, { actor }: { actor: string }, now: number): Promise<void> {
  const song = await songState(ctx, songId);
  if (song.takenDownAt === null) throw notTakenDown();
  const eventId = crypto.randomUUID();
  const set = sql`taken_down_at = null, takedown_reason = null, takedown_kind = null`;
  if (!(await changeOnce(ctx, songId, { eventId, cause: `Restored to the catalogue by ${actor}`, actor, wasTakenDown: true, set, kind: "release" }, now))) {
    throw notTakenDown();
  }
  await purgeCatalogue();
  await textSongRestored(ctx, { songId, eventId });
}
