/**
 * Reading the compliance audit log (written by platform/audit-log.ts, append-only): filtered by
 * facility, action and a date range (UTC days, both ends included), newest first a page at a time,
 * and the same selection as CSV for a facility's review committee, written by the product's one CSV
 * writer (schema/src/csv.ts). A record about a song or a list counts for a facility's filter when it
 * names that facility, or names none and is a compliance record (list changes and takedowns concern
 * every facility; an operator's charge retry or settlement concerns none, and stays out of a committee's CSV).
 */
import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import { csvLine, csvText } from "@jplay/schema/csv";
import { COMPLIANCE_AUDIT_ACTIONS, type AuditAction, type AuditLogResponse, type AuditQuery, type AuditRecord } from "@jplay/schema/compliance";
import { auditLog } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

export const AUDIT_PAGE_SIZE = 100;
/** The most records one CSV holds; a committee asks for a shorter range past it. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const DAY_MS = 24 * 60 * 60 * 1000;

function where(query: AuditQuery): SQL | undefined {
  return and(
    query.facility !== undefined
      ? or(eq(auditLog.facilityId, query.facility), and(isNull(auditLog.facilityId), inArray(auditLog.action, [...COMPLIANCE_AUDIT_ACTIONS])))
      : undefined,
    query.action !== undefined ? eq(auditLog.action, query.action) : undefined,
    query.from !== undefined ? gte(auditLog.at, Date.parse(`${query.from}T00:00:00Z`)) : undefined,
    query.to !== undefined ? lt(auditLog.at, Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
    query.before !== undefined ? lt(auditLog.seq, query.before) : undefined,
  );
}

const toRecord = (row: typeof auditLog.$inferSelect): AuditRecord => ({
  seq: row.seq,
  at: new Date(row.at).toISOString(),
  actor: row.actor,
  action: row.action as AuditAction,
  facilityId: row.facilityId,
  songId: row.songId,
  artistId: row.artistId,
  listId: row.listId,
  detail: row.detail,
  listVersions: row.listVersions,
  matches: row.matches,
});

export async function readAuditLog(ctx: Ctx, query: AuditQuery): Promise<AuditLogResponse> {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(where(query))
    .orderBy(desc(auditLog.seq))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { records: page.map(toRecord), nextBefore: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.seq : null };
}

export const AUDIT_CSV_COLUMNS = [
  "Record",
  "Time (UTC)",
  "Who",
  "Action",
  "Facility",
  "Song",
  "Artist",
  "Term list",
  "What",
  "Term-list versions",
  "Matches",
] as const;

/** Oldest first, as a committee reads a record. */
export async function auditLogCsv(ctx: Ctx, query: AuditQuery): Promise<string> {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(where({ ...query, before: undefined }))
    .orderBy(auditLog.seq)
    .limit(AUDIT_CSV_MAX_ROWS);
  return csvText(
    [
      csvLine(AUDIT_CSV_COLUMNS),
      ...rows.map((row) =>
        csvLine([
          row.seq,
          new Date(row.at).toISOString(),
          row.actor,
          row.action,
          row.facilityId ?? "",
          row.songId ?? "",
          row.artistId ?? "",
          row.listId ?? "",
          row.detail,
          Object.entries(row.listVersions)
            .map(([list, version]) => `${list} v${version}`)
            .join("; "),
          row.matches.map((m) => `${m.listName}: "${m.text}" (${m.term}, ${m.field})`).join("; "),
        ]),
      ),
    ],
    { finalNewline: true },
  );
}
