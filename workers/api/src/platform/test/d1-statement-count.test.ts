/**
 * The D1 counter the benchmarks read (src/platform/d1-statement-count.ts, GET /api/dev/d1-statements)
 * around the real local D1: every statement run counts, and writes are told from reads by what the
 * statement does, including a WITH that ends in a write, in a batch or through exec.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1, d1StatementsRun, d1WritesRun } from "../d1-statement-count";

describe("the D1 statement counter", () => {
  it("counts every statement run and, apart, the writes", async () => {
    const table = `counted_${crypto.randomUUID().replaceAll("-", "")}`;
    const d1 = countingD1(env.DB);
    const before = { statements: d1StatementsRun(), writes: d1WritesRun() };
    await d1.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, note TEXT)`);
    await d1.prepare(`INSERT INTO ${table} (id, note) VALUES (?, ?)`).bind(1, "replace(me)").run();
    await d1.prepare(`SELECT note, replace(note, 'me', 'you') AS updated FROM ${table}`).all();
    await d1.prepare(`WITH picked AS (SELECT id FROM ${table}) SELECT count(*) AS n FROM picked`).first();
    await d1.prepare(`WITH picked AS (SELECT id FROM ${table}) UPDATE ${table} SET note = 'x' WHERE id IN (SELECT id FROM picked)`).run();
    await d1.batch([d1.prepare(`DELETE FROM ${table} WHERE id = ?`).bind(2), d1.prepare(`SELECT * FROM ${table}`)]);
    // An update that changes no row is still a write D1 runs.
    await d1.prepare(`UPDATE ${table} SET note = 'y' WHERE id = -1`).run();
    await env.DB.exec(`DROP TABLE ${table}`);
    expect({ statements: d1StatementsRun() - before.statements, writes: d1WritesRun() - before.writes }).toEqual({ statements: 8, writes: 4 });
  });
});
