/**
 * A collaborator's page (docs/splits.md, Accepting): every share on every song of every artist that
 * named their phone, with what is held for it and what is available, and accepting them all. An
 * accept moves each held share to available in one D1 batch (a `split.accepted` posting per
 * collaborator and song), marks them accepted so later sales are credited as available directly,
 * and audits it; a second accept moves nothing.
 */
import { sql } from "drizzle-orm";
import { LEDGER_KINDS, POSTINGS, postingStatements } from "@jplay/schema/ledger-postings";
import type { CreditRole } from "@jplay/schema/release-metadata";
import type { CollaboratorPageResponse } from "@jplay/schema/splits";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";

/** Credits neither refunded nor returned to the artist. */
const LIVE = sql`sc.refunded_at is null and sc.returned_at is null`;

/** The shares named on this phone: the latest version of each song that names it, by song title. */
export async function collaboratorShares(ctx: Ctx, phone: string): Promise<Pick<CollaboratorPageResponse, "accepted" | "availableCents" | "shares">> {
  const rows = await ctx.db.all<{
    songId: string;
    songTitle: string;
    artistName: string;
    role: CreditRole;
    basisPoints: number;
    heldCents: number;
    availableCents: number;
  }>(
    sql`select s.id as songId, s.title as songTitle, s.artist_name as artistName, sh.role, sh.basis_points as basisPoints,
        (select coalesce(sum(sc.cents), 0) from split_credits sc where sc.collaborator_id = c.id and sc.song_id = s.id and sc.held = 1 and ${LIVE}) as heldCents,
        (select coalesce(sum(sc.cents), 0) from split_credits sc where sc.collaborator_id = c.id and sc.song_id = s.id and sc.held = 0 and ${LIVE}) as availableCents
      from collaborators c
      join song_split_shares sh on sh.collaborator_id = c.id
      join song_split_versions v on v.id = sh.version_id
      join songs s on s.id = v.song_id
      where c.phone = ${phone}
        and v.version = (select max(v2.version) from song_split_versions v2 where v2.song_id = v.song_id)
      order by s.title, s.id`,
  );
  const pending = await ctx.db.all<{ id: string }>(sql`select id from collaborators where phone = ${phone} and accepted_at is null limit 1`);
  const [balance] = await ctx.db.all<{ cents: number }>(
    sql`select coalesce(sum(e.amount_cents), 0) as cents from collaborators c join ledger_entries e on e.account = 'collaborator:' || c.id || ':available'
      where c.phone = ${phone}`,
  );
  return { accepted: pending.length === 0, availableCents: balance!.cents, shares: rows };
}

/** Accepts every naming of this phone; answers the cents this call moved from held to available. */
export async function acceptShares(ctx: Ctx, phone: string, now = ctx.now()): Promise<number> {
  const pending = await ctx.db.all<{ id: string; artistId: string }>(
    sql`select id, artist_id as artistId from collaborators where phone = ${phone} and accepted_at is null order by id`,
  );
  if (pending.length === 0) return 0;
  const ids = JSON.stringify(pending.map((row) => row.id));
  const held = await ctx.db.all<{ id: string; collaboratorId: string; songId: string; cents: number }>(
    sql`select sc.id, sc.collaborator_id as collaboratorId, sc.song_id as songId, sc.cents from split_credits sc
      where sc.collaborator_id in (select value from json_each(${ids})) and sc.held = 1 and ${LIVE}`,
  );
  const bySong = new Map<string, { collaboratorId: string; songId: string; cents: number }>();
  for (const credit of held) {
    const key = `${credit.collaboratorId}:${credit.songId}`;
    const move = bySong.get(key) ?? { collaboratorId: credit.collaboratorId, songId: credit.songId, cents: 0 };
    move.cents += credit.cents;
    bySong.set(key, move);
  }
  const acceptedNow = (collaboratorId: string) => sql`exists (select 1 from collaborators where id = ${collaboratorId} and accepted_at = ${now})`;
  const moves = [...bySong.values()].filter((move) => move.cents > 0);
  const ledger = postingStatements(moves.map(POSTINGS.splitAccepted), now, {
    // Only for a collaborator this batch accepted: the ref starts with their id.
    onlyIf: (ref) => sql`exists (select 1 from collaborators where id = substr(${ref}, 1, instr(${ref}, ':') - 1) and accepted_at = ${now})`,
  });
  const [accepted] = await runBatch(ctx.db, [
    sql`update collaborators set accepted_at = ${now} where id in (select value from json_each(${ids})) and accepted_at is null`,
    ...ledger.statements,
    sql`update split_credits set held = 0
      where id in (select value from json_each(${JSON.stringify(held.map((credit) => credit.id))}))
        and exists (select 1 from ledger_transactions t where t.kind = ${LEDGER_KINDS.splitAccepted} and t.ref = split_credits.collaborator_id || ':' || split_credits.song_id
          and t.id in (select value from json_each(${JSON.stringify([...ledger.transactionIds.values()])})))`,
    ...pending.map((row) =>
      auditEntry(
        {
          at: now,
          actor: `collaborator:${row.id}`,
          action: "split_shares_accepted",
          artistId: row.artistId,
          detail: JSON.stringify({ moved: moves.filter((move) => move.collaboratorId === row.id).map(({ songId, cents }) => ({ songId, cents })) }),
        },
        acceptedNow(row.id),
      ),
    ),
  ]);
  // A concurrent accept that came first wrote the postings' rows: this one moved nothing.
  return accepted.meta.changes > 0 ? moves.reduce((sum, move) => sum + move.cents, 0) : 0;
}
