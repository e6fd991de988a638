/**
 * A screened song's standing at each facility: the facilities whose term lists it matches, and what
 * an operator decided there. A live song a list change now flags is `held` at each such facility (it
 * leaves that facility's catalogue, catalogue/facility-exclusions.ts) until an operator overrides it
 * with a reason or blocks it there; an override covers the matched terms it saw, so a new term's
 * match holds the song again. Every hold, override and release is one D1 batch with its audit record
 * and the feed's row, so the provider reads the song's new compliance record
 * (docs/decisions/067-term-lists-screening-audit.md); the artist is texted why a song was held.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AuditMatch, TermMatch } from "@jplay/schema/compliance";
import { facilities, facilitySongReviews, facilityTermLists, songs } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { purgeCatalogue, recordCatalogueChanges } from "../catalogue/index";
import { textSongHeld } from "../texts/index";
import { storedMatches } from "./screening";

export interface FacilityFailure {
  facilityId: string;
  facilityName: string;
  listNames: string[];
  /** "listId:term" of each term matched in the facility's lists. */
  terms: string[];
  matches: TermMatch[];
}

export const termKey = (match: Pick<TermMatch, "listId" | "term">) => `${match.listId}:${match.term.toLowerCase()}`;

export const auditMatches = (matches: TermMatch[]): AuditMatch[] => matches.map((m) => ({ listName: m.listName, term: m.term, field: m.field, text: m.text }));

/** The facilities whose lists the song's stored matches fail, by facility name. */
export async function facilityFailures(ctx: Ctx, songId: string, matches?: TermMatch[]): Promise<FacilityFailure[]> {
  const found = matches ?? (await storedMatches(ctx, songId));
  if (found.length === 0) return [];
  const links = await ctx.db
    .select({ facilityId: facilityTermLists.facilityId, listId: facilityTermLists.listId, facilityName: facilities.name })
    .from(facilityTermLists)
    .innerJoin(facilities, eq(facilities.id, facilityTermLists.facilityId));
  const byFacility = new Map<string, FacilityFailure>();
  for (const link of links) {
    const hits = found.filter((match) => match.listId === link.listId);
    if (hits.length === 0) continue;
    const failure = byFacility.get(link.facilityId) ?? { facilityId: link.facilityId, facilityName: link.facilityName, listNames: [], terms: [], matches: [] };
    failure.listNames.push(hits[0]!.listName);
    failure.matches.push(...hits);
    failure.terms = [...new Set([...failure.terms, ...hits.map(termKey)])].sort();
    byFacility.set(link.facilityId, failure);
  }
  return [...byFacility.values()].sort((a, b) => a.facilityName.localeCompare(b.facilityName));
}

/** The statements that record an operator's override at a facility (an upsert of its standing and the audit record). */
export function overrideStatements(failure: FacilityFailure, override: { songId: string; reason: string; actor: string; at: number }, when?: SQL): SQL[] {
  const condition = when ?? sql`1`;
  return [
    sql`insert into facility_song_reviews (facility_id, song_id, status, terms, reason, decided_by, decided_at, held_at)
        select ${failure.facilityId}, ${override.songId}, 'overridden', ${JSON.stringify(failure.terms)}, ${override.reason}, ${override.actor}, ${override.at}, null where ${condition}
        on conflict (facility_id, song_id) do update set status = 'overridden', terms = excluded.terms, reason = excluded.reason, decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
    auditEntry(
      {
        at: override.at,
        actor: override.actor,
        action: "override",
        facilityId: failure.facilityId,
        songId: override.songId,
        detail: `Allowed at "${failure.facilityName}" despite matches of ${failure.listNames.map((n) => `"${n}"`).join(", ")}: ${override.reason}`,
        matches: auditMatches(failure.matches),
      },
      condition,
    ),
  ];
}

/**
 * Brings a live song's holds in line with its stored matches: held where a facility's lists now flag
 * terms no override covers, released where nothing flags it any more. Answers whether anything changed.
 */
export async function refreshHolds(ctx: Ctx, songId: string, actor = "system"): Promise<boolean> {
  const [song] = await ctx.db.select({ status: songs.status, title: songs.title }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (song?.status !== "distributed") return false;
  const failures = await facilityFailures(ctx, songId);
  const standing = await ctx.db.select().from(facilitySongReviews).where(eq(facilitySongReviews.songId, songId));
  const now = ctx.now();
  const statements: SQL[] = [];
  /** Facilities where the song was not held before this change: the artist is texted once the batch is in. */
  const newlyHeld: FacilityFailure[] = [];
  for (const failure of failures) {
    const row = standing.find((r) => r.facilityId === failure.facilityId);
    const covered = row !== undefined && failure.terms.every((term) => row.terms.includes(term));
    if (row?.status === "overridden" && covered) continue;
    if (row?.status === "held" && covered && row.terms.length === failure.terms.length) continue;
    if (row?.status !== "held") newlyHeld.push(failure);
    statements.push(
      sql`insert into facility_song_reviews (facility_id, song_id, status, terms, reason, decided_by, decided_at, held_at)
          values (${failure.facilityId}, ${songId}, 'held', ${JSON.stringify(failure.terms)}, null, null, null, ${now})
          on conflict (facility_id, song_id) do update set status = 'held', terms = excluded.terms, reason = null, decided_by = null, decided_at = null,
            held_at = coalesce(case when facility_song_reviews.status = 'held' then facility_song_reviews.held_at end, excluded.held_at)`,
      auditEntry({
        at: now,
        actor,
        action: "held",
        facilityId: failure.facilityId,
        songId,
        detail: `"${song.title}" held at "${failure.facilityName}" for review: it matches ${failure.listNames.map((n) => `"${n}"`).join(", ")}`,
        matches: auditMatches(failure.matches),
      }),
    );
  }
  for (const row of standing) {
    if (row.status !== "held" || failures.some((f) => f.facilityId === row.facilityId)) continue;
    statements.push(
      sql`delete from facility_song_reviews where facility_id = ${row.facilityId} and song_id = ${songId} and status = 'held'`,
      auditEntry({
        at: now,
        actor,
        action: "held",
        facilityId: row.facilityId,
        songId,
        detail: `"${song.title}" released: it no longer matches the facility's term lists`,
      }),
    );
  }
  if (statements.length === 0) return false;
  await runBatch(ctx.db, [
    ...statements,
    recordCatalogueChanges(JSON.stringify([songId]), "release", now, sql`s.status = 'distributed' and s.taken_down_at is null`),
  ] as SQL[]);
  await purgeCatalogue();
  for (const failure of newlyHeld) {
    await textSongHeld(ctx, { songId, facilityId: failure.facilityId, facilityName: failure.facilityName, listNames: failure.listNames, heldAt: now });
  }
  return true;
}

/** An operator decides on a live song held at a facility: `override` puts it back there, `block` keeps it out (compliance/facility-blocks.ts). */
export async function overrideHeldSong(ctx: Ctx, songId: string, facilityId: string, { reason, actor }: { reason: string; actor: string }): Promise<void> {
  const [row] = await ctx.db
    .select({ status: facilitySongReviews.status })
    .from(facilitySongReviews)
    .where(and(eq(facilitySongReviews.songId, songId), eq(facilitySongReviews.facilityId, facilityId)))
    .limit(1);
  if (row?.status !== "held") throw new AppError(409, "not_held", "This song is not held at this facility: there is nothing to decide.");
  const failure = (await facilityFailures(ctx, songId)).find((f) => f.facilityId === facilityId);
  if (!failure) throw notFound("This song no longer matches the facility's term lists.");
  const now = ctx.now();
  const stillHeld = sql`exists (select 1 from facility_song_reviews where facility_id = ${facilityId} and song_id = ${songId} and status = 'held')`;
  // The audit record first, while the row still says `held`: a second operator's repeat writes neither.
  const [audited] = await runBatch(ctx.db, [
    ...overrideStatements(failure, { songId, reason, actor, at: now }, stillHeld).reverse(),
    recordCatalogueChanges(JSON.stringify([songId]), "release", now, sql`s.status = 'distributed' and s.taken_down_at is null`),
  ] as SQL[]);
  if (audited?.meta.changes !== 1) throw new AppError(409, "not_held", "This song is not held at this facility: there is nothing to decide.");
  await purgeCatalogue();
}
