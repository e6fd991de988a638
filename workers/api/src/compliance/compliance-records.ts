/**
 * Each release's compliance record at every facility, as both delivery feeds carry it: the decision
 * there (approved, overridden, held, blocked), who made it and when, the versions of the facility's
 * term lists the song was screened against, and the matches overridden with the reason. A facility's
 * review committee can audit a song without listening to it (docs/decisions/067-term-lists-screening-audit.md).
 * A match in the audio transcript names its term, never the transcript's words: a transcript stays
 * with operators (docs/decisions/075-speech-to-text-screening.md).
 */
import { sql } from "drizzle-orm";
import type { ComplianceRecord, ScreenedField } from "@jplay/schema/compliance";
import type { Ctx } from "../platform/context";
import { termKey } from "./facility-standing";

const inJson = (ids: string[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/** Song id → its records, one per facility (by facility id). Ids are bound as one JSON array, so a page of any size is one parameter. */
export async function complianceRecords(ctx: Ctx, songIds: string[]): Promise<Map<string, ComplianceRecord[]>> {
  const records = new Map<string, ComplianceRecord[]>();
  if (songIds.length === 0) return records;
  const { db } = ctx;
  const [facilityRows, lists, songRows, screenings, matches, reviews, blocks] = await Promise.all([
    db.all<{ id: string }>(sql`select id from facilities order by id`),
    db.all<{ facilityId: string; listId: string; name: string }>(
      sql`select f.facility_id as facilityId, f.list_id as listId, l.name from facility_term_lists f join term_lists l on l.id = f.list_id`,
    ),
    db.all<{ id: string; artistId: string | null; reviewedBy: string | null; reviewedAt: number | null }>(
      sql`select id, artist_id as artistId, reviewed_by as reviewedBy, reviewed_at as reviewedAt from songs where id in ${inJson(songIds)}`,
    ),
    db.all<{ songId: string; listVersions: string }>(
      sql`select song_id as songId, list_versions as listVersions from song_screenings where song_id in ${inJson(songIds)}`,
    ),
    db.all<{ songId: string; listId: string; term: string; field: ScreenedField; text: string }>(
      sql`select song_id as songId, list_id as listId, term, field, text from song_screening_matches where song_id in ${inJson(songIds)} order by song_id, field, start`,
    ),
    db.all<{ facilityId: string; songId: string; status: string; terms: string; reason: string | null; decidedBy: string | null; decidedAt: number | null }>(
      sql`select facility_id as facilityId, song_id as songId, status, terms, reason, decided_by as decidedBy, decided_at as decidedAt from facility_song_reviews where song_id in ${inJson(songIds)}`,
    ),
    db.all<{ facilityId: string; kind: string; targetId: string; reason: string; createdBy: string; createdAt: number }>(
      sql`select facility_id as facilityId, kind, target_id as targetId, reason, created_by as createdBy, created_at as createdAt from facility_blocks`,
    ),
  ]);
  const versionsBySong = new Map(screenings.map((s) => [s.songId, JSON.parse(s.listVersions) as Record<string, number>]));
  for (const song of songRows) {
    const screened = versionsBySong.get(song.id) ?? {};
    records.set(
      song.id,
      facilityRows.map(({ id: facilityId }): ComplianceRecord => {
        const facilityLists = lists.filter((l) => l.facilityId === facilityId);
        const listVersions = facilityLists
          .filter((l) => screened[l.listId] !== undefined)
          .map((l) => ({ listId: l.listId, listName: l.name, version: screened[l.listId]! }));
        const block = blocks.find(
          (b) => b.facilityId === facilityId && ((b.kind === "song" && b.targetId === song.id) || (b.kind === "artist" && b.targetId === song.artistId)),
        );
        if (block)
          return {
            facilityId,
            decision: "blocked",
            reviewer: block.createdBy,
            decidedAt: new Date(block.createdAt).toISOString(),
            listVersions,
            overriddenMatches: [],
            reason: block.reason,
          };
        const review = reviews.find((r) => r.facilityId === facilityId && r.songId === song.id);
        if (review?.status === "held")
          return { facilityId, decision: "held", reviewer: null, decidedAt: null, listVersions, overriddenMatches: [], reason: null };
        if (review?.status === "overridden") {
          const covered = new Set(JSON.parse(review.terms) as string[]);
          const overriddenMatches = matches
            .filter((m) => m.songId === song.id && covered.has(termKey(m)))
            .map((m) => ({
              listName: facilityLists.find((l) => l.listId === m.listId)?.name ?? m.listId,
              term: m.term,
              field: m.field,
              text: m.field === "transcript" ? m.term : m.text,
            }));
          return {
            facilityId,
            decision: "overridden",
            reviewer: review.decidedBy,
            decidedAt: review.decidedAt === null ? null : new Date(review.decidedAt).toISOString(),
            listVersions,
            overriddenMatches,
            reason: review.reason,
          };
        }
        return {
          facilityId,
          decision: "approved",
          reviewer: song.reviewedBy,
          decidedAt: song.reviewedAt === null ? null : new Date(song.reviewedAt).toISOString(),
          listVersions,
          overriddenMatches: [],
          reason: null,
        };
      }),
    );
  }
  return records;
}
