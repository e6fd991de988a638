/**
 * Writes records of the audit log, as a statement to run in the same D1 batch as the change it
 * records (so a change and its record land together or not at all). The log is append-only: the
 * database refuses UPDATE, DELETE and an INSERT OR REPLACE over a record (migrations 0018 and 0024),
 * and the sealer chains every record to the one before (compliance/audit-chain.ts) — never here, so two
 * operators' writes at once need no coordination. Each record carries the term-list versions in force
 * when it was written, read by the insert itself.
 * Kernel, not a domain: every module that makes a decision a facility may audit, or moves money or
 * access for an operator, writes here (docs/decisions/067-term-lists-screening-audit.md,
 * docs/decisions/087-audit-log-hash-chain.md).
 */
import { sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditMatch } from "@jplay/schema/compliance";

/** A value, or an SQL expression the insert evaluates (a count, a column of the rows it reads `from`). */
type Field<T> = T | SQL;

export interface AuditEntry {
  at: number;
  actor: string;
  action: AuditAction;
  detail: Field<string>;
  facilityId?: Field<string> | null;
  songId?: Field<string> | null;
  artistId?: Field<string> | null;
  listId?: Field<string> | null;
  matches?: AuditMatch[];
}

/**
 * The insert; `when` (optional) makes it conditional, e.g. on the claim row of the change it records;
 * `from` (optional) writes one record per row it reads (e.g. `json_each(…)` of a batch's items), the
 * entry's SQL fields reading that row.
 */
export function auditEntry(entry: AuditEntry, when?: SQL, from?: SQL): SQL {
  return sql`
    insert into audit_log (at, actor, action, facility_id, song_id, artist_id, list_id, detail, list_versions, matches)
    select ${entry.at}, ${entry.actor}, ${entry.action}, ${entry.facilityId ?? null}, ${entry.songId ?? null}, ${entry.artistId ?? null}, ${entry.listId ?? null},
      ${entry.detail}, (select coalesce(json_group_object(term_lists.id, term_lists.version), '{}') from term_lists), ${JSON.stringify(entry.matches ?? [])}
    ${from ? sql`from ${from}` : sql``}
    ${when ? sql`where ${when}` : sql``}`;
}
