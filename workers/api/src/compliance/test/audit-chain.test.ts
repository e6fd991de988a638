/**
 * The audit log's hash chain (docs/decisions/087-audit-log-hash-chain.md), through the Worker's fetch
 * and scheduled handlers on local D1: every record is sealed with SHA-256 of the previous seal and its
 * own content, also when two operators act at once and sealers run side by side; the 15-minute cron
 * seals what was written since; the seals are append-only like the log; and a record edited or removed
 * in D1 behind the triggers' back (dropped and put back, as someone with the database could) is reported
 * by `GET /api/admin/audit/verify` as the first break. It breaks its audit log on purpose;
 * the next file's world starts with an empty one.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditChainResponse } from "@jplay/schema/compliance";
import worker from "../../index";
import { DELIVERY_CRON } from "../../worker/crons";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { Browser } from "../../../test/support";

const verify = async (operator: Browser) => {
  const response = await operator.fetch("/api/admin/audit/verify");
  expect(response.status).toBe(200);
  return await response.json<AuditChainResponse>();
};

const count = async (table: "audit_log" | "audit_log_seals") => (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;

/** Two operators' changes, all at once. */
async function twoOperatorsAtOnce(first: Browser, second: Browser, label: string) {
  const writes = [first, second].flatMap((operator, who) =>
    Array.from({ length: 4 }, (_, i) => [
      adminWrite(operator, "POST", "/api/admin/settlements", {
        amountCents: 1000 + i,
        settledOn: "2026-02-01",
        reference: `${label}-${who}-${i}-${crypto.randomUUID()}`,
      }),
      adminWrite(operator, "POST", "/api/admin/facilities", { name: `${label} Facility ${who}-${i}`, state: "TX", cleanOnly: false }),
    ]).flat(),
  );
  for (const response of await Promise.all(writes)) expect(response.status).toBe(201);
}

const sha256 = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) => b.toString(16).padStart(2, "0")).join("");

/** Runs `change` with the named triggers dropped, and puts them back as they were. */
async function behindTheTriggers(names: string[], change: () => Promise<unknown>) {
  const saved: string[] = [];
  for (const name of names) {
    const row = await env.DB.prepare("select sql from sqlite_master where type = 'trigger' and name = ?1").bind(name).first<{ sql: string }>();
    saved.push(row!.sql);
    await env.DB.prepare(`drop trigger ${name}`).run();
  }
  try {
    await change();
  } finally {
    for (const sql of saved) await env.DB.prepare(sql).run();
  }
}

describe("GET /api/admin/audit/verify", () => {
  it("seals every record, also when two operators act at once and sealers run side by side, and finds the chain intact (for operators only)", async () => {
    const [first, second] = await Promise.all([signedInOperator(), signedInOperator()]);
    await twoOperatorsAtOnce(first, second, "Concurrent");
    // Three verifications at once, each running the sealer first: each seals what it finds, none twice.
    const answers = await Promise.all([verify(first), verify(second), verify(first)]);
    const records = await count("audit_log");
    expect(records).toBeGreaterThanOrEqual(16);
    for (const answer of answers) expect(answer).toMatchObject({ ok: true, firstBrokenId: null, rows: records, unsealed: 0 });
    expect(await count("audit_log_seals")).toBe(records);

    // Each seal is SHA-256 of the previous seal's hash and the record's columns as one JSON array.
    const rows = (
      await env.DB.prepare("select a.*, s.hash from audit_log a join audit_log_seals s on s.seq = a.seq order by a.seq limit 3").all<
        Record<string, string | number | null>
      >()
    ).results;
    let previous = "0".repeat(64);
    for (const row of rows) {
      const content = JSON.stringify([
        row.seq,
        row.at,
        row.actor,
        row.action,
        row.facility_id,
        row.song_id,
        row.artist_id,
        row.list_id,
        row.detail,
        row.list_versions,
        row.matches,
      ]);
      expect(row.hash).toBe(await sha256(previous + content));
      previous = row.hash as string;
    }
    expect((await verify(first)).headHash).toBe(
      (await env.DB.prepare("select hash from audit_log_seals order by seq desc limit 1").first<{ hash: string }>())!.hash,
    );
    expect((await new Browser().fetch("/api/admin/audit/verify")).status).toBe(401);
  });

  it("leaves the records written since to the 15-minute cron, which seals them", async () => {
    const operator = await signedInOperator();
    await verify(operator);
    expect((await adminWrite(operator, "POST", "/api/admin/facilities", { name: "Cron Facility", state: "OH", cleanOnly: true })).status).toBe(201);
    expect(await count("audit_log_seals")).toBe((await count("audit_log")) - 1);
    await worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime: Date.now() }), env, createExecutionContext());
    expect(await count("audit_log_seals")).toBe(await count("audit_log"));
  });

  it("keeps the seals append-only: a seal is never changed, removed, replaced or added below the head", async () => {
    const operator = await signedInOperator();
    await verify(operator);
    const seals = async () => (await env.DB.prepare("select * from audit_log_seals order by seq").all()).results;
    const before = await seals();
    const [first] = before as { seq: number }[];
    for (const statement of [
      "update audit_log_seals set hash = 'forged' where seq = ?1",
      "delete from audit_log_seals where seq = ?1",
      "insert or replace into audit_log_seals (seq, hash, sealed_at) values (?1, 'forged', 0)",
    ]) {
      await expect(env.DB.prepare(statement).bind(first!.seq).run(), statement).rejects.toThrow(/append-only/);
    }
    expect(await seals()).toEqual(before);
  });

  it("reports a record edited in D1 as the first break, and one removed with its seal at the record after it", async () => {
    const operator = await signedInOperator();
    expect((await verify(operator)).ok).toBe(true);
    const seqs = (await env.DB.prepare("select seq from audit_log order by seq").all<{ seq: number }>()).results.map((r) => r.seq);
    expect(seqs.length).toBeGreaterThan(10);
    const [edited, removed] = [seqs[3]!, seqs[8]!];

    // A record removed with its seal, as someone with the database and no triggers could.
    await behindTheTriggers(["audit_log_no_delete", "audit_log_seals_no_delete"], () =>
      env.DB.batch([
        env.DB.prepare("delete from audit_log_seals where seq = ?1").bind(removed),
        env.DB.prepare("delete from audit_log where seq = ?1").bind(removed),
      ]),
    );
    expect(await verify(operator)).toMatchObject({ ok: false, firstBrokenId: seqs[9], rows: 8 });

    // An earlier record's words changed: the break is reported there.
    await behindTheTriggers(["audit_log_no_update"], () =>
      env.DB.prepare("update audit_log set detail = detail || ' (amended)' where seq = ?1").bind(edited).run(),
    );
    expect(await verify(operator)).toMatchObject({ ok: false, firstBrokenId: edited, rows: 3 });
    // The triggers are back: nobody can repair the record through SQL's front door.
    await expect(env.DB.prepare("update audit_log set detail = 'repaired' where seq = ?1").bind(edited).run()).rejects.toThrow(/append-only/);
  });
});
