/**
 * The audit log's hash chain (docs/decisions/087-audit-log-hash-chain.md). Each record gets one seal,
 * SHA-256 of the previous seal's hash and the record's canonical content, so a record changed, removed
 * or slipped in after it was sealed breaks the chain there, whoever holds the database.
 *
 * The chain is assigned in one place, here, after the records are written, not by the writes: a write
 * cannot know the hash of the record before it without a read that another operator's write can
 * overtake. The sealer reads the head seal and the records after it in one D1 batch (one snapshot),
 * computes their seals in `seq` order and adds them in one statement that holds only while the head is
 * still the one it read; two sealers at once compute the same seals and the second adds none. Records
 * are never renumbered (AUTOINCREMENT, one writer at a time in D1), so a sealed prefix stays a prefix.
 * The 15-minute cron and every verification run the sealer.
 */
import { sql } from "drizzle-orm";
import type { AuditChainResponse } from "@jplay/schema/compliance";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";

/** The "previous hash" of the first record. */
export const GENESIS_HASH = "0".repeat(64);
/** Records sealed per statement (one JSON parameter), and read per page by the verification. */
const SEAL_PAGE = 500;
const VERIFY_PAGE = 500;

/** A record as stored: the JSON columns as their stored text, so the content hashed is the database's own. */
interface StoredRecord {
  seq: number;
  at: number;
  actor: string;
  action: string;
  facility_id: string | null;
  song_id: string | null;
  artist_id: string | null;
  list_id: string | null;
  detail: string;
  list_versions: string;
  matches: string;
}

const RECORD_COLUMNS = sql.raw("a.seq, a.at, a.actor, a.action, a.facility_id, a.song_id, a.artist_id, a.list_id, a.detail, a.list_versions, a.matches");

/** Every column of the record in a fixed order, as one JSON array (strings escaped one way only). */
export const canonicalContent = (record: StoredRecord): string =>
  JSON.stringify([
    record.seq,
    record.at,
    record.actor,
    record.action,
    record.facility_id,
    record.song_id,
    record.artist_id,
    record.list_id,
    record.detail,
    record.list_versions,
    record.matches,
  ]);

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** SHA-256 (hex) of the previous seal's hash followed by the record's canonical content. */
export async function sealOf(previousHash: string, record: StoredRecord): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(previousHash + canonicalContent(record))));
}

/** Seals every record written since the last seal; answers how many this call sealed. */
export async function sealAuditLog(ctx: Ctx): Promise<number> {
  let sealed = 0;
  for (;;) {
    // One batch, one snapshot: the head and the records after it, as they were together.
    const [heads, pending] = await runBatch(ctx.db, [
      sql`select seq, hash from audit_log_seals order by seq desc limit 1`,
      sql`select ${RECORD_COLUMNS} from audit_log a where a.seq > (select coalesce(max(seq), 0) from audit_log_seals) order by a.seq limit ${SEAL_PAGE}`,
    ]);
    const records = pending.results as unknown as StoredRecord[];
    if (records.length === 0) return sealed;
    const head = (heads.results as unknown as { seq: number; hash: string }[])[0];
    const headSeq = head?.seq ?? 0;
    const seals: { seq: number; hash: string }[] = [];
    let previous = head?.hash ?? GENESIS_HASH;
    for (const record of records) {
      previous = await sealOf(previous, record);
      seals.push({ seq: record.seq, hash: previous });
    }
    // Added only while the head is the one read: another sealer that got there first made the same seals.
    const [added] = await runBatch(ctx.db, [
      sql`
        insert into audit_log_seals (seq, hash, sealed_at)
        select json_extract(value, '$.seq'), json_extract(value, '$.hash'), ${ctx.now()}
        from json_each(${JSON.stringify(seals)})
        where (select coalesce(max(seq), 0) from audit_log_seals) = ${headSeq}
        order by key`,
    ]);
    sealed += added.meta.changes;
  }
}

/** The cron's task (worker/run-scheduled.ts): records written since the last run are sealed. */
export async function sealAuditLogTask(ctx: Ctx): Promise<void> {
  const sealed = await sealAuditLog(ctx);
  if (sealed > 0) console.log(JSON.stringify({ level: "info", event: "audit_log_sealed", sealed }));
}

/**
 * Seals what is not sealed yet, then recomputes every seal from the first record on. The first break is
 * the first record whose seal is not what its content and the seal before it make (changed, or a record
 * before it removed), a record without a seal before sealed ones (slipped in), or a seal whose record
 * is gone. Records written while it runs, after the last seal, are `unsealed`, not broken.
 */
export async function verifyAuditChain(ctx: Ctx): Promise<AuditChainResponse> {
  await sealAuditLog(ctx);
  const [orphans] = await runBatch(ctx.db, [
    sql`select min(s.seq) as seq from audit_log_seals s where not exists (select 1 from audit_log a where a.seq = s.seq)`,
  ]);
  const orphan = (orphans.results[0] as { seq: number | null } | undefined)?.seq ?? null;

  let previous = GENESIS_HASH;
  let headHash: string | null = null;
  let rows = 0;
  let unsealed = 0;
  let firstUnsealed: number | null = null;
  let broken: number | null = null;
  let after = Number.MIN_SAFE_INTEGER;
  walk: for (;;) {
    const [page] = await runBatch(ctx.db, [
      sql`select ${RECORD_COLUMNS}, s.hash from audit_log a left join audit_log_seals s on s.seq = a.seq where a.seq > ${after} order by a.seq limit ${VERIFY_PAGE}`,
    ]);
    const records = page.results as unknown as (StoredRecord & { hash: string | null })[];
    for (const record of records) {
      if (orphan !== null && record.seq > orphan) {
        broken = orphan;
        break walk;
      }
      if (record.hash === null) {
        firstUnsealed ??= record.seq;
        unsealed += 1;
        continue;
      }
      if (firstUnsealed !== null || (await sealOf(previous, record)) !== record.hash) {
        broken = firstUnsealed ?? record.seq;
        break walk;
      }
      previous = record.hash;
      headHash = record.hash;
      rows += 1;
    }
    if (records.length < VERIFY_PAGE) break;
    after = records.at(-1)!.seq;
  }
  // A seal past every record: the newest records were removed with their seals left behind.
  broken ??= orphan;
  if (broken !== null) console.error(JSON.stringify({ level: "error", event: "audit_chain_broken", firstBrokenId: broken, intactRows: rows }));
  return { ok: broken === null, rows, firstBrokenId: broken, headHash, unsealed: broken === null ? unsealed : 0 };
}
