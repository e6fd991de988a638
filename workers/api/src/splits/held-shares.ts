/**
 * Held split shares (docs/splits.md, The hold), run by the daily cron (jobs/return-held-shares.ts): a share credited to a
 * collaborator who has not accepted is held for SPLIT_HOLD_DAYS (default 180). Fourteen days before
 * its hold ends the artist is texted, once per song, collaborator and day; once the hold has ended,
 * and the artist was told at least that long before, each held credit goes back to the artist
 * (`split.returned`, once per credit however often this runs). Shares a refund gave back are left alone.
 */
import { sql } from "drizzle-orm";
import { LEDGER_KINDS, POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { textSplitShareReturning } from "../texts/index";

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_SPLIT_HOLD_DAYS = 180;
/** How long before a hold ends the artist is told. */
export const SPLIT_RETURN_WARNING_DAYS = 14;
const MAX_HOLD_DAYS = 3650;
/** Credits returned per D1 batch. */
const RETURN_CHUNK = 50;

/** SPLIT_HOLD_DAYS (whole days 1–3650), else 180. */
export function splitHoldDays(env: { SPLIT_HOLD_DAYS?: string | undefined }): number {
  const days = Number(env.SPLIT_HOLD_DAYS);
  return Number.isInteger(days) && days >= 1 && days <= MAX_HOLD_DAYS ? days : DEFAULT_SPLIT_HOLD_DAYS;
}

/** Held, unaccepted, neither returned nor refunded: the credits this task looks after. */
const STILL_HELD = sql`sc.held = 1 and sc.returned_at is null and sc.refunded_at is null
  and not exists (select 1 from collaborators c where c.id = sc.collaborator_id and c.accepted_at is not null)`;

/** Warns the artists whose held shares end their hold soon, then returns those whose hold ended. */
export async function settleHeldShares(ctx: Ctx, now: number): Promise<void> {
  const holdMs = splitHoldDays(ctx.env) * DAY;
  const warningMs = Math.min(SPLIT_RETURN_WARNING_DAYS * DAY, holdMs);
  await warnArtists(ctx, now, holdMs, warningMs);
  await returnShares(ctx, now, holdMs, warningMs);
}

/** Texts each artist whose held shares end their hold within the warning time, and marks them warned. */
async function warnArtists(ctx: Ctx, now: number, holdMs: number, warningMs: number): Promise<void> {
  const due = await ctx.db.all<{
    artistId: string;
    songId: string;
    songTitle: string;
    collaboratorId: string;
    collaboratorName: string;
    cents: number;
    firstAt: number;
  }>(
    sql`select sc.artist_id as artistId, sc.song_id as songId, s.title as songTitle, sc.collaborator_id as collaboratorId, c.name as collaboratorName,
        sum(sc.cents) as cents, min(sc.created_at) as firstAt
      from split_credits sc join songs s on s.id = sc.song_id join collaborators c on c.id = sc.collaborator_id
      where ${STILL_HELD} and sc.warned_at is null and sc.created_at <= ${now - holdMs + warningMs}
      group by sc.artist_id, sc.song_id, sc.collaborator_id`,
  );
  const warnedOn = new Date(now).toISOString().slice(0, 10);
  for (const group of due) {
    await textSplitShareReturning(ctx, {
      ...group,
      amountCents: group.cents,
      returnsOn: new Date(Math.max(group.firstAt + holdMs, now + warningMs)).toISOString().slice(0, 10),
      warnedOn,
    });
    await ctx.db.run(sql`update split_credits as sc set warned_at = ${now}
      where sc.song_id = ${group.songId} and sc.collaborator_id = ${group.collaboratorId} and sc.warned_at is null and sc.created_at <= ${now - holdMs + warningMs} and ${STILL_HELD}`);
  }
}

/** Gives each credit whose hold ended, and whose artist was told in time, back to the artist. */
async function returnShares(ctx: Ctx, now: number, holdMs: number, warningMs: number): Promise<void> {
  for (;;) {
    const credits = await ctx.db.all<{ id: string; artistId: string; collaboratorId: string; songId: string; cents: number }>(
      sql`select sc.id, sc.artist_id as artistId, sc.collaborator_id as collaboratorId, sc.song_id as songId, sc.cents
        from split_credits sc
        where ${STILL_HELD} and sc.created_at <= ${now - holdMs} and sc.warned_at <= ${now - warningMs}
        limit ${RETURN_CHUNK}`,
    );
    if (credits.length === 0) return;
    const postings = postingStatements(
      credits.map((credit) => POSTINGS.splitReturned(credit)),
      now,
    );
    await runBatch(ctx.db, [
      ...postings.statements,
      sql`update split_credits set returned_at = ${now}
        where id in (select value from json_each(${JSON.stringify(credits.map((credit) => credit.id))}))
          and exists (select 1 from ledger_transactions t where t.kind = ${LEDGER_KINDS.splitReturned} and t.ref = split_credits.id)`,
    ]);
  }
}
