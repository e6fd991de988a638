/**
 * Writes one record of the compliance audit log, as a statement to run in the same D1 batch as the
 * change it records (so a change and its record land together or not at all). The log is
 * append-only: the database refuses UPDATE and DELETE on it (migration 0018's triggers). Each record
 * carries the term-list versions in force when it was written, read by the insert itself.
 * Kernel, not a domain: every module that makes a decision a facility may audit writes here
 * (docs/decisions/067-term-lists-screening-audit.md).
 */
import { sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditMatch } from "@jplay/schema/compliance";

export interface AuditEntry {
  at: number;
  actor: string;
  action: AuditAction;
  detail: string;
  facilityId?: string | null;
  songId?: string | null;
  artistId?: string | null;
  listId?: string | null;
  matches?: AuditMatch[];
}

/** The insert; `when` (optional) makes it conditional, e.g. on the claim row of the change it records. */
export function auditEntry(entry: AuditEntry, when?: SQL): SQL {
  return sql`
    insert into audit_log (at, actor, action, facility_id, song_id, artist_id, list_id, detail, list_versions, matches)
    select ${entry.at}, ${entry.actor}, ${entry.action}, ${entry.facilityId ?? null}, ${entry.songId ?? null}, ${entry.artistId ?? null}, ${entry.listId ?? null},
      ${entry.detail}, (select coalesce(json_group_object(id, version), '{}') from term_lists), ${JSON.stringify(entry.matches ?? [])}
    ${when ? sql`where ${when}` : sql``}`;
}
