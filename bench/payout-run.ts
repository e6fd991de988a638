/**
 * Payout run at scale: --artists artists (default 100,000) written straight into the throw-away
 * server's local D1, each with an available balance in the ledger; then the 00:00 UTC Cron Trigger
 * (`cronTrigger`), whose run fans out through the JOBS queue (`payouts.page`, `payouts.artist`) and
 * pays through the in-process Stripe sandbox.
 *
 * Seeded artists (all paid daily), by `i % 20`: 0 → no connected account (held), 1 → a ready account
 * but 50 ¢ (below the $10.00 minimum), otherwise a ready account and 1,000–50,000 ¢. A ready account is a copy
 * of one Custom account made through the sandbox API (terms accepted, tax details, debit card), so transfers to it
 * go through the sandbox's real checks. Transfers draw on the platform's available Stripe balance, so
 * before the trigger it is funded as production funds it: a top-up of what the run pays, and the
 * sandbox's clock moved on the days Stripe takes to make it available.
 *
 * Complete: every seeded artist with a ready account and at least the minimum has a `paid` payout row
 * for the run's period and no seeded artist has a `pending` one. Figures: the time from the trigger to
 * the last such row being settled (its `updated_at`) and to the last queue invocation ending; jobs/s
 * and payouts/s over that time; queue invocations (one line per batch in `wrangler dev`'s log).
 * Checked after the run: payouts sent = payable artists, one payout and one transfer per artist,
 * amounts equal to the seeded balances, held and below-minimum balances untouched, every paid artist
 * at zero available and zero pending, the ledger sums to zero, one text per paid payout and none left
 * unsent, nothing dead-lettered.
 *
 * CPU per invocation: workerd's CPU time (all threads, from /proc schedstat, sampled every
 * --sample-ms) between each invocation's start and end, the window taken from the batch's log line
 * (end when it arrives, start = end − its duration). Under `wrangler dev` that CPU also holds the
 * local D1 (SQLite), the queue broker and the sandbox, which run in the same process and would not
 * count toward the Worker's CPU limit in production: an upper bound on the Worker's own CPU. The
 * window edges are off by the log line's delivery delay (a few ms), and when miniflare runs two
 * batches at once their windows overlap, so each is charged all CPU in its window (an upper bound
 * again). workerd's own per-invocation CPU (`cpuTime` in traces) is 0 locally, so it cannot be used;
 * local observability is switched off so its trace store does not add to the figures.
 *
 * A hard deadline (--deadline-minutes, counted from the start) stops the run and reports what had
 * completed by then. The local stack pays about 50 artists a second on a quiet 2-vCPU machine with
 * `--stripe-limit off` (every D1 call crosses miniflare in one workerd) and 25 at Stripe's default
 * limit, so the default deadline leaves room for 100,000 artists; `--artists 2000` is a check of a
 * few minutes.
 *
 * Stripe's rate limit (--stripe-limit, Transfers a second, default 25 as Stripe's default; `off` for
 * none): the sandbox answers 429 past it and the product paces its Transfers to it; the 429s the
 * sandbox answered are counted.
 *
 * Collaborators (docs/splits.md, Payouts): --collaborator-share (default 0.3) of the artists, those with
 * `i % 10` in 2..4 (all with ready accounts), have 3 collaborators each, every one accepted, on a phone
 * of their own (a payee each) with a ready account and 1,000–20,000 ¢ available. The same run pays them
 * (`payouts.collaborator_page`, `payouts.collaborator`); complete also means every such payee has a
 * `paid` collaborator payout. The D1 statements are counted for the whole run; the collaborators' share
 * per payee is that total less the artists' (their statements per artist measured with
 * --collaborator-share 0) over the payees paid.
 *
 *   node bench/payout-run.ts [--artists 100000] [--collaborator-share 0.3] [--deadline-minutes 150] [--sample-ms 5] [--stripe-limit 25|off]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PAYOUT_MINIMUM_CENTS } from "../schema/src/pricing.ts";
import { cronTrigger } from "../scripts/cron-trigger.ts";
import { runWrangler, sandboxConfigPath } from "../scripts/wrangler-env.ts";
import { numberFlag, stringFlag } from "./lib/args.ts";
import { openLocalD1 } from "./lib/local-d1.ts";
import { findWorkerd, threadsCpuNs } from "./lib/proc.ts";
import { withSession } from "./lib/session.ts";
import { percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const startedAt = Date.now();
const artistCount = numberFlag("artists", 100_000);
const deadlineAt = startedAt + numberFlag("deadline-minutes", 150) * 60_000;
const sampleMs = numberFlag("sample-ms", 5);
/**
 * Stripe's limit on Transfers a second (docs/decisions/078-payout-transfers-paced.md): the sandbox
 * refuses past it with 429s, and the product's pacer is told it. `off`: no limit and no pacing, the
 * Worker and D1 part alone.
 */
const stripeLimitFlag = stringFlag("stripe-limit", "25");
const stripeLimit = stripeLimitFlag === "off" ? null : Number(stripeLimitFlag);
if (stripeLimit !== null && !(Number.isInteger(stripeLimit) && stripeLimit > 0))
  throw new Error(`--stripe-limit: a whole number of Transfers a second, or off (got ${stripeLimitFlag})`);
const collaboratorShare = numberFlag("collaborator-share", 0.3);
if (!(collaboratorShare >= 0 && collaboratorShare <= 0.3 && Number.isInteger(collaboratorShare * 10)))
  throw new Error(`--collaborator-share: 0, 0.1, 0.2 or 0.3 (whole tenths of the artists whose i % 10 is 2, 3, 4), got ${collaboratorShare}`);
/** Artists with collaborators: `i % 10` from 2 up to 2 + tenths − 1 (never held nor below the minimum, i % 20 in 0, 1). */
const COLLABORATING_SQL = `(i % 10) BETWEEN 2 AND ${1 + Math.round(collaboratorShare * 10)}`;
const hasCollaborators = (i: number) => i % 10 >= 2 && i % 10 <= 1 + Math.round(collaboratorShare * 10);
const COLLABORATORS_EACH = 3;
/** What collaborator `k` of artist `i` has available (above the $10.00 minimum). */
const COLLABORATOR_CENTS_SQL = `1000 + ((i * 31 + k * 7) % 19001)`;
const collaboratorCents = (i: number, k: number) => 1000 + ((i * 31 + k * 7) % 19_001);
const DAILY_CRON = "0 0 * * *";
const JOBS_QUEUE = "jplay-jobs";

// The local trace store would record every D1 call of the run in the same process; off for this run.
process.env.X_LOCAL_OBSERVABILITY = "false";

/** What seeded artist `i` is given (see the header). */
function seededArtist(i: number): { ready: boolean; cents: number } {
  if (i % 20 === 0) return { ready: false, cents: 1000 + ((i * 7919) % 49_001) };
  if (i % 20 === 1) return { ready: true, cents: 50 };
  return { ready: true, cents: 1000 + ((i * 7919) % 49_001) };
}
const SEEDED_CENTS_SQL = `CASE i % 20 WHEN 1 THEN 50 ELSE 1000 + ((i * 7919) % 49001) END`;

const numbers = () => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${artistCount})`;
/** Every collaborator: artist `i`'s `k`-th (1..3), for the artists that have them. */
const collaboratorNumbers = () =>
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${artistCount}), c(i, k) AS (SELECT i, k FROM n, (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) WHERE ${COLLABORATING_SQL})`;
const COLLABORATOR_ID = `'bench-collab-' || printf('%06d', i) || '-' || k`;

/** The ready accounts, in the sandbox's own database: copies of the template account. */
function sandboxSeedSql(templateAccountId: string): string {
  return `
${numbers()}
INSERT INTO sandbox_objects (id, object, data)
SELECT 'acct_bench_' || i, 'account', replace((SELECT data FROM sandbox_objects WHERE id = '${templateAccountId}'), '${templateAccountId}', 'acct_bench_' || i)
FROM n WHERE i % 20 != 0;
${collaboratorNumbers()}
INSERT INTO sandbox_objects (id, object, data)
SELECT 'acct_bench_c' || i || '_' || k, 'account', replace((SELECT data FROM sandbox_objects WHERE id = '${templateAccountId}'), '${templateAccountId}', 'acct_bench_c' || i || '_' || k)
FROM c;
`;
}

/** Artists and their balances, in the product's database. */
function seedSql(): string {
  const id = `'bench-artist-' || printf('%06d', i)`;
  return `
${numbers()}
INSERT INTO artists (id, phone, payment_frequency, stripe_account_id, payouts_enabled, created_at)
SELECT ${id}, '+1556' || printf('%07d', i), 'daily', CASE WHEN i % 20 = 0 THEN NULL ELSE 'acct_bench_' || i END, i % 20 != 0, 1700000000000 + i FROM n;
${numbers()}
INSERT INTO ledger_transactions (id, kind, ref, created_at)
SELECT 'bench-tx-' || i, 'bench.credit', ${id}, 1700000000000 + i FROM n;
${numbers()}
INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at)
SELECT 'bench-debit-' || i, 'bench-tx-' || i, 'provider:receivable', NULL, -(${SEEDED_CENTS_SQL}), 1700000000000 + i FROM n
UNION ALL
SELECT 'bench-credit-' || i, 'bench-tx-' || i, 'artist:' || ${id} || ':available', ${id}, ${SEEDED_CENTS_SQL}, 1700000000000 + i FROM n;
${collaboratorNumbers()}
INSERT INTO collaborators (id, artist_id, phone, name, accepted_at, created_at)
SELECT ${COLLABORATOR_ID}, ${id}, '+1557' || printf('%06d', i) || k, 'Bench collaborator ' || k, 1700000000000, 1700000000000 FROM c;
${collaboratorNumbers()}
INSERT INTO collaborator_payees (id, phone, confirmed_at, stripe_account_id, payouts_enabled, payout_requirements, created_at)
SELECT 'bench-payee-' || printf('%06d', i) || '-' || k, '+1557' || printf('%06d', i) || k, 1700000000000, 'acct_bench_c' || i || '_' || k, 1, '[]', 1700000000000 FROM c;
${collaboratorNumbers()}
INSERT INTO ledger_transactions (id, kind, ref, created_at)
SELECT 'bench-ctx-' || i || '-' || k, 'bench.credit', ${COLLABORATOR_ID}, 1700000000000 FROM c;
${collaboratorNumbers()}
INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at)
SELECT 'bench-cdebit-' || i || '-' || k, 'bench-ctx-' || i || '-' || k, 'provider:receivable', NULL, -(${COLLABORATOR_CENTS_SQL}), 1700000000000 FROM c
UNION ALL
SELECT 'bench-ccredit-' || i || '-' || k, 'bench-ctx-' || i || '-' || k, 'collaborator:' || ${COLLABORATOR_ID} || ':available', NULL, ${COLLABORATOR_CENTS_SQL}, 1700000000000 FROM c;
`;
}

/** A Custom connected account the sandbox can pay (terms accepted, the tax id Stripe asks for, a debit card), made through its API. */
async function createTemplateAccount(baseURL: string): Promise<string> {
  const answer = await fetch(`${baseURL}/api/stripe-sandbox/v1/accounts`, {
    method: "POST",
    headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      type: "custom",
      country: "US",
      business_type: "individual",
      "individual[id_number]": "000000000",
      "capabilities[transfers][requested]": "true",
      external_account: "tok_visa_debit",
      "tos_acceptance[date]": String(Math.floor(Date.now() / 1000)),
      "tos_acceptance[ip]": "203.0.113.7",
    }).toString(),
  });
  const account = await answer.json<{ id?: string; payouts_enabled?: boolean }>();
  if (!answer.ok || !account.id || !account.payouts_enabled) throw new Error(`template account: ${answer.status} ${JSON.stringify(account).slice(0, 300)}`);
  return account.id;
}

/** A secret-key call to the sandbox through the server's pass-through (what an operator does in Stripe). */
async function sandboxCall(baseURL: string, path: string, fields: Record<string, string>): Promise<void> {
  const answer = await fetch(`${baseURL}/api/stripe-sandbox${path}`, {
    method: "POST",
    headers: { Authorization: "Bearer sk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${(await answer.text()).slice(0, 300)}`);
}

/** Tops up the platform's Stripe balance by `cents` and lets the ten days pass that make it available. */
async function fundPlatform(baseURL: string, cents: number): Promise<void> {
  await sandboxCall(baseURL, "/v1/topups", { amount: String(cents), currency: "usd", description: "Payout run benchmark" });
  await sandboxCall(baseURL, "/v1/test_helpers/advance_clock", { seconds: String(10 * 24 * 60 * 60) });
}

interface Invocation {
  queue: string;
  acked: number;
  messages: number;
  startMs: number;
  endMs: number;
}

/** `QUEUE jplay-jobs 10/10 (123ms)`: one line per batch the local queue hands to the Worker. */
class QueueLog {
  readonly invocations: Invocation[] = [];
  lastEndMs = 0;
  private partial = "";

  onOutput = (chunk: string) => {
    const now = performance.now();
    const lines = (this.partial + chunk).split("\n");
    this.partial = lines.pop() ?? "";
    for (const raw of lines) {
      const line = raw.replace(/\x1b\[[0-9;]*m/g, "");
      const match = /QUEUE (\S+) (\d+)\/(\d+) \((\d+)ms\)/.exec(line);
      if (!match) continue;
      const durationMs = Number(match[4]);
      this.invocations.push({ queue: match[1]!, acked: Number(match[2]), messages: Number(match[3]), startMs: now - durationMs, endMs: now });
      if (match[1] === JOBS_QUEUE) this.lastEndMs = now;
    }
  };
}

/** workerd's CPU time sampled on a timer, so the CPU of any past window can be read back. */
class CpuSampler {
  private readonly times: number[] = [];
  private readonly cpuNs: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly pid: number;

  constructor(pid: number) {
    this.pid = pid;
  }

  start(everyMs: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  stop() {
    clearInterval(this.timer);
    this.sample();
  }

  private sample() {
    this.times.push(performance.now());
    this.cpuNs.push(threadsCpuNs(this.pid));
  }

  /** CPU ns used by `at` (linear between samples). */
  private cpuAt(at: number): number {
    let low = 0;
    let high = this.times.length - 1;
    if (at <= this.times[0]!) return this.cpuNs[0]!;
    if (at >= this.times[high]!) return this.cpuNs[high]!;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (this.times[middle]! <= at) low = middle;
      else high = middle;
    }
    const share = (at - this.times[low]!) / (this.times[high]! - this.times[low]!);
    return this.cpuNs[low]! + share * (this.cpuNs[high]! - this.cpuNs[low]!);
  }

  cpuMsBetween(from: number, to: number): number {
    return (this.cpuAt(to) - this.cpuAt(from)) / 1e6;
  }
}

/** Windows that overlap another one (miniflare sometimes runs two batches at once). */
function overlapping(invocations: Invocation[]): Set<Invocation> {
  const sorted = [...invocations].sort((a, b) => a.startMs - b.startMs);
  const result = new Set<Invocation>();
  let latest: Invocation | undefined;
  for (const invocation of sorted) {
    if (latest && invocation.startMs < latest.endMs) {
      result.add(invocation);
      result.add(latest);
    }
    if (!latest || invocation.endMs > latest.endMs) latest = invocation;
  }
  return result;
}

const payable = { artists: 0, cents: 0 };
const untouched = { artists: 0, cents: 0 };
const collaboratorPayable = { payees: 0, cents: 0 };
for (let i = 1; i <= artistCount; i++) {
  if (hasCollaborators(i))
    for (let k = 1; k <= COLLABORATORS_EACH; k++) {
      collaboratorPayable.payees++;
      collaboratorPayable.cents += collaboratorCents(i, k);
    }
  const artist = seededArtist(i);
  if (artist.ready && artist.cents >= PAYOUT_MINIMUM_CENTS) {
    payable.artists++;
    payable.cents += artist.cents;
  } else {
    untouched.artists++;
    untouched.cents += artist.cents;
  }
}

const queueLog = new QueueLog();

await withSession(
  async ({ server }) => {
    const templateAccount = await createTemplateAccount(server.baseURL);
    await fundPlatform(server.baseURL, payable.cents + collaboratorPayable.cents);
    let seedingSeconds = 0;
    const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-payout-seed-"));
    try {
      const file = path.join(folder, "seed.sql");
      const sandboxFile = path.join(folder, "sandbox-seed.sql");
      await writeFile(file, seedSql());
      await writeFile(sandboxFile, sandboxSeedSql(templateAccount));
      const seeding = performance.now();
      // The sandbox is a Worker of its own with its own D1 (docs/decisions/018-stripe-sandbox-worker.md).
      await runWrangler([
        "d1",
        "execute",
        "jplay-stripe-sandbox",
        "--local",
        "--persist-to",
        server.persistDir,
        "--file",
        sandboxFile,
        "-c",
        sandboxConfigPath,
      ]);
      await runWrangler(["d1", "execute", "jplay", "--local", "--persist-to", server.persistDir, "--file", file]);
      seedingSeconds = (performance.now() - seeding) / 1000;
      console.error(
        `seeded ${artistCount} artists (${payable.artists} payable) and ${collaboratorPayable.payees} collaborator payees in ${seedingSeconds.toFixed(1)} s`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    const d1 = openLocalD1(server.persistDir, "payouts");
    const sandboxD1 = openLocalD1(server.persistDir, "sandbox_objects");
    const seeded = d1.prepare("SELECT count(*) AS n FROM artists WHERE id LIKE 'bench-artist-%'").get() as { n: number };
    if (seeded.n !== artistCount) throw new Error(`seeded ${seeded.n} of ${artistCount} artists`);

    const workerd = findWorkerd(server.pid);
    const sampler = new CpuSampler(workerd);
    await new Promise((r) => setTimeout(r, 2_000)); // let the seeding's aftermath settle
    const invocationsBefore = queueLog.invocations.length;

    const statementsRun = async () => await (await fetch(`${server.baseURL}/api/dev/d1-statements`)).json<{ statements: number; writes: number }>();
    const statementsBefore = await statementsRun();
    const loadAtStart = os.loadavg()[0]!;
    const triggerEpochMs = Date.now();
    const period = new Date(triggerEpochMs).toISOString().slice(0, 10);
    if (stripeLimit !== null)
      await sandboxCall(server.baseURL, "/v1/test_helpers/rate_limits", { global: String(Math.max(100, stripeLimit)), endpoint: String(stripeLimit) });
    sampler.start(sampleMs);
    const triggeredAt = performance.now();
    const trigger = await cronTrigger(server.baseURL, DAILY_CRON, triggerEpochMs);
    if (!trigger.ok) throw new Error(`the daily cron: ${trigger.status} ${await trigger.text()}`);

    const progress = d1.prepare(`
      SELECT count(*) FILTER (WHERE status = 'paid') AS paid, count(*) FILTER (WHERE status = 'failed') AS failed,
        count(*) FILTER (WHERE status = 'pending') AS pending, max(updated_at) AS lastSettledAt
      FROM payouts WHERE period = ? AND artist_id LIKE 'bench-artist-%'`);
    const collaboratorProgress = d1.prepare(`
      SELECT count(*) FILTER (WHERE status = 'paid') AS paid, count(*) FILTER (WHERE status = 'failed') AS failed,
        count(*) FILTER (WHERE status = 'pending') AS pending, max(updated_at) AS lastSettledAt
      FROM collaborator_payouts WHERE period = ? AND payee_id LIKE 'bench-payee-%'`);
    type Progress = { paid: number; failed: number; pending: number; lastSettledAt: number | null };
    let state = progress.get(period) as Progress;
    let collaboratorState = collaboratorProgress.get(period) as Progress;
    const done = () =>
      state.paid + state.failed >= payable.artists &&
      state.pending === 0 &&
      collaboratorState.paid + collaboratorState.failed >= collaboratorPayable.payees &&
      collaboratorState.pending === 0;
    let lastReport = performance.now();
    while (!done() && Date.now() < deadlineAt) {
      await new Promise((r) => setTimeout(r, 1_000));
      state = progress.get(period) as Progress;
      collaboratorState = collaboratorProgress.get(period) as Progress;
      if (performance.now() - lastReport > 60_000) {
        lastReport = performance.now();
        const elapsed = (lastReport - triggeredAt) / 1000;
        const eta = state.paid > 0 ? ((payable.artists - state.paid) * elapsed) / state.paid / 60 : Number.NaN;
        console.error(
          `${elapsed.toFixed(0)} s: ${state.paid} paid, ${state.failed} failed, ${state.pending} pending; ${collaboratorState.paid} collaborators paid; ${(state.paid / elapsed).toFixed(1)} payouts/s, about ${eta.toFixed(0)} min to go`,
        );
      }
    }
    const complete = done();
    // The run's last page jobs may still be walking the artist ids after the last payout: wait for the
    // queue to fall quiet (no batch for 5 s, longer than the 2 s batch timeout), within the deadline.
    while (complete && performance.now() - Math.max(queueLog.lastEndMs, triggeredAt) < 5_000 && Date.now() < deadlineAt) {
      await new Promise((r) => setTimeout(r, 500));
    }
    sampler.stop();
    const stoppedAt = performance.now();
    const rateLimits = await (
      await fetch(`${server.baseURL}/api/stripe-sandbox/v1/test_helpers/rate_limits`, { headers: { Authorization: "Bearer sk_test_jplay_sandbox" } })
    ).json<{ refused: Record<string, number> }>();
    const statementsAfter = await statementsRun();
    const statements = statementsAfter.statements - statementsBefore.statements;
    const writes = statementsAfter.writes - statementsBefore.writes;
    // Linear or not: how fast the first fifth of the payouts settled against the last fifth.
    const settledTimes = (
      d1
        .prepare("SELECT updated_at AS at FROM payouts WHERE period = ? AND artist_id LIKE 'bench-artist-%' AND status = 'paid' ORDER BY updated_at")
        .all(period) as { at: number }[]
    ).map((row) => row.at);
    const fifth = Math.floor(settledTimes.length / 5);
    const fifthRate = (from: number) => (fifth > 1 ? (fifth / ((settledTimes[from + fifth - 1]! - settledTimes[from]!) / 1000)).toFixed(0) : "—");

    const lastSettledAt = Math.max(state.lastSettledAt ?? 0, collaboratorState.lastSettledAt ?? 0);
    const settledSeconds = lastSettledAt ? (lastSettledAt - triggerEpochMs) / 1000 : Number.NaN;
    const payeesPaid = state.paid + collaboratorState.paid;
    const invocations = queueLog.invocations.slice(invocationsBefore).filter((invocation) => invocation.queue === JOBS_QUEUE);
    const deadLettered = queueLog.invocations.slice(invocationsBefore).filter((invocation) => invocation.queue !== JOBS_QUEUE);
    const messages = invocations.reduce((sum, invocation) => sum + invocation.messages, 0);
    const retried = invocations.reduce((sum, invocation) => sum + invocation.messages - invocation.acked, 0);
    const lastInvocationSeconds = (queueLog.lastEndMs - triggeredAt) / 1000;
    const cpu = invocations.map((invocation) => ({ invocation, cpuMs: sampler.cpuMsBetween(invocation.startMs, invocation.endMs) }));
    const overlapped = overlapping(invocations);
    const largest = cpu.reduce((best, entry) => (entry.cpuMs > best.cpuMs ? entry : best), { invocation: undefined as Invocation | undefined, cpuMs: 0 });
    const largestAlone = cpu.filter((entry) => !overlapped.has(entry.invocation)).reduce((best, entry) => Math.max(best, entry.cpuMs), 0);
    const totalCpuMs = sampler.cpuMsBetween(triggeredAt, stoppedAt);
    const durations = invocations.map((invocation) => invocation.endMs - invocation.startMs);

    // Correctness, read straight from D1.
    const one = <T>(sql: string, ...params: (string | number)[]) => d1.prepare(sql).get(...params) as T;
    const checks: [string, boolean, string][] = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push([name, ok, detail]);
    const paidRows = one<{ n: number; artists: number; cents: number | null }>(
      "SELECT count(*) AS n, count(DISTINCT artist_id) AS artists, sum(amount_cents) AS cents FROM payouts WHERE artist_id LIKE 'bench-artist-%' AND status = 'paid'",
    );
    check("payouts paid = payable artists", paidRows.n === payable.artists, `${paidRows.n} of ${payable.artists}`);
    check("no artist paid twice", paidRows.artists === paidRows.n, `${paidRows.n} payouts, ${paidRows.artists} artists`);
    check("amounts = seeded balances", (paidRows.cents ?? 0) === payable.cents, `${paidRows.cents ?? 0} of ${payable.cents} ¢`);
    const unpayablePaid = one<{ n: number }>(
      "SELECT count(*) AS n FROM payouts WHERE artist_id LIKE 'bench-artist-%' AND CAST(substr(artist_id, 14) AS INTEGER) % 20 IN (0, 1)",
    );
    check("held and below-minimum artists not paid", unpayablePaid.n === 0, `${unpayablePaid.n} payouts`);
    const transfers = sandboxD1
      .prepare(
        "SELECT count(*) AS n, count(DISTINCT json_extract(data, '$.destination')) AS destinations, sum(json_extract(data, '$.amount')) AS cents FROM sandbox_objects WHERE object = 'transfer' AND json_extract(data, '$.destination') LIKE 'acct_bench_%' AND json_extract(data, '$.destination') NOT LIKE 'acct_bench_c%'",
      )
      .get() as { n: number; destinations: number; cents: number | null };
    check(
      "one sandbox transfer per paid artist",
      transfers.n === paidRows.n && transfers.destinations === transfers.n,
      `${transfers.n} transfers to ${transfers.destinations} accounts`,
    );
    check("transferred = paid", (transfers.cents ?? 0) === (paidRows.cents ?? 0), `${transfers.cents ?? 0} ¢`);
    // The top-up covered the run exactly: every transfer drew on it, and nothing was refused for funds.
    const waiting = one<{ n: number }>("SELECT count(*) AS n FROM payouts WHERE artist_id LIKE 'bench-artist-%' AND funding_waits > 0");
    check("no payout waited for funds", waiting.n === 0, `${waiting.n} payouts`);
    const balances = one<{ paidLeft: number; untouchedCents: number | null; pendingLeft: number }>(
      `SELECT
         (SELECT count(*) FROM (SELECT p.artist_id FROM payouts p JOIN ledger_entries e ON e.artist_id = p.artist_id AND e.account = 'artist:' || p.artist_id || ':available'
            WHERE p.artist_id LIKE 'bench-artist-%' AND p.status = 'paid' GROUP BY p.artist_id HAVING sum(e.amount_cents) != 0)) AS paidLeft,
         (SELECT sum(e.amount_cents) FROM ledger_entries e WHERE e.artist_id LIKE 'bench-artist-%' AND e.account = 'artist:' || e.artist_id || ':available'
            AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.artist_id = e.artist_id)) AS untouchedCents,
         (SELECT count(*) FROM (SELECT artist_id FROM ledger_entries WHERE artist_id LIKE 'bench-artist-%' AND account LIKE '%:payout_pending' GROUP BY artist_id HAVING sum(amount_cents) != 0)) AS pendingLeft`,
    );
    check("paid artists at zero available", balances.paidLeft === 0, `${balances.paidLeft} not zero`);
    check("paid artists at zero pending", balances.pendingLeft === 0, `${balances.pendingLeft} not zero`);
    check("unpaid balances untouched", (balances.untouchedCents ?? 0) === untouched.cents, `${balances.untouchedCents ?? 0} of ${untouched.cents} ¢`);
    const ledger = one<{ total: number; sent: number | null }>(
      "SELECT sum(amount_cents) AS total, (SELECT sum(amount_cents) FROM ledger_entries WHERE account = 'payouts:sent') AS sent FROM ledger_entries",
    );
    check("ledger sums to zero", ledger.total === 0, `sum ${ledger.total} ¢`);
    const collaboratorsSent = one<{ cents: number | null }>("SELECT sum(amount_cents) AS cents FROM collaborator_payouts WHERE status = 'paid'");
    check(
      "payouts:sent = paid (artists and collaborators)",
      (ledger.sent ?? 0) === (paidRows.cents ?? 0) + (collaboratorsSent.cents ?? 0),
      `${ledger.sent ?? 0} ¢`,
    );
    // Each payout's text is written in the payout's own batch and sent by one job per batch.
    const texts = one<{ n: number; payouts: number; unsent: number }>(
      `SELECT count(*) AS n, count(DISTINCT p.id) AS payouts, count(*) FILTER (WHERE t.status = 'queued') AS unsent
         FROM text_messages t JOIN payouts p ON t.dedupe_key = 'payout_sent:' || p.id WHERE p.artist_id LIKE 'bench-artist-%' AND p.status = 'paid'`,
    );
    check(
      "one text per paid payout, none left queued",
      texts.n === paidRows.n && texts.payouts === paidRows.n && texts.unsent === 0,
      `${texts.n} texts for ${texts.payouts} payouts, ${texts.unsent} queued`,
    );
    const collaboratorRows = one<{ n: number; payees: number; cents: number | null }>(
      "SELECT count(*) AS n, count(DISTINCT payee_id) AS payees, sum(amount_cents) AS cents FROM collaborator_payouts WHERE payee_id LIKE 'bench-payee-%' AND status = 'paid'",
    );
    check(
      "collaborator payouts paid = payees, once each",
      collaboratorRows.n === collaboratorPayable.payees && collaboratorRows.payees === collaboratorRows.n,
      `${collaboratorRows.n} payouts to ${collaboratorRows.payees} of ${collaboratorPayable.payees} payees`,
    );
    check(
      "collaborator amounts = seeded balances",
      (collaboratorRows.cents ?? 0) === collaboratorPayable.cents,
      `${collaboratorRows.cents ?? 0} of ${collaboratorPayable.cents} ¢`,
    );
    const collaboratorTransfers = sandboxD1
      .prepare(
        "SELECT count(*) AS n, sum(json_extract(data, '$.amount')) AS cents FROM sandbox_objects WHERE object = 'transfer' AND json_extract(data, '$.destination') LIKE 'acct_bench_c%'",
      )
      .get() as { n: number; cents: number | null };
    check(
      "one transfer per paid collaborator payee",
      collaboratorTransfers.n === collaboratorRows.n && (collaboratorTransfers.cents ?? 0) === (collaboratorRows.cents ?? 0),
      `${collaboratorTransfers.n} transfers, ${collaboratorTransfers.cents ?? 0} ¢`,
    );
    const collaboratorsLeft = one<{ n: number }>(
      "SELECT count(*) AS n FROM (SELECT account FROM ledger_entries WHERE account LIKE 'collaborator:bench-collab-%:available' GROUP BY account HAVING sum(amount_cents) != 0)",
    );
    check("paid collaborators at zero available", collaboratorsLeft.n === 0, `${collaboratorsLeft.n} not zero`);
    const failedJobs = one<{ n: number }>("SELECT count(*) AS n FROM failed_jobs");
    check(
      "nothing dead-lettered",
      failedJobs.n === 0 && deadLettered.length === 0 && retried === 0,
      `${failedJobs.n} failed jobs, ${retried} retried messages`,
    );
    d1.close();
    sandboxD1.close();

    const seconds = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "—");
    const rate = (count: number, over: number) => (over > 0 ? (count / over).toFixed(0) : "—");
    printTable(
      `Payout run: ${artistCount} artists (${payable.artists} payable), ${collaboratorPayable.payees} collaborator payees, period ${period}, workerd pid ${workerd}${complete ? "" : " — DEADLINE REACHED, INCOMPLETE"}`,
      ["figure", "value"],
      [
        ["trigger → last payout settled, s", seconds(settledSeconds)],
        ["trigger → last queue invocation ended, s", seconds(lastInvocationSeconds)],
        ["payouts paid / failed / pending", `${state.paid} / ${state.failed} / ${state.pending}`],
        ["collaborator payouts paid / failed / pending", `${collaboratorState.paid} / ${collaboratorState.failed} / ${collaboratorState.pending}`],
        ["queue invocations (batches)", invocations.length],
        ["jobs (messages) run", messages],
        ["jobs/s", rate(messages, lastInvocationSeconds)],
        ["payouts/s (artists and collaborators)", rate(payeesPaid, settledSeconds)],
        ["payouts/s, first / last fifth of the payouts", `${fifthRate(0)} / ${fifthRate(settledTimes.length - fifth)}`],
        ["Stripe's Transfer limit a second (sandbox)", stripeLimit === null ? "off, no pacing" : stripeLimit],
        ["Stripe 429s answered: endpoint / global", `${rateLimits.refused["endpoint-rate"] ?? 0} / ${rateLimits.refused["global-rate"] ?? 0}`],
        ["Worker's D1 statements (writes), whole run", `${statements} (${writes})`],
        ["D1 statements (writes) per payee paid", payeesPaid > 0 ? `${(statements / payeesPaid).toFixed(1)} (${(writes / payeesPaid).toFixed(1)})` : "—"],
        [
          "invocation wall ms, p50 / p99 / max",
          `${percentile(durations, 50).toFixed(0)} / ${percentile(durations, 99).toFixed(0)} / ${Math.max(0, ...durations).toFixed(0)}`,
        ],
        ["largest invocation's workerd CPU, ms", `${largest.cpuMs.toFixed(1)} (${largest.invocation?.messages ?? 0} messages)`],
        ["largest not overlapping another, ms", `${largestAlone.toFixed(1)} (${invocations.length - overlapped.size} of ${invocations.length} alone)`],
        [
          "workerd CPU per invocation, p50 / p99, ms",
          `${percentile(
            cpu.map((c) => c.cpuMs),
            50,
          ).toFixed(1)} / ${percentile(
            cpu.map((c) => c.cpuMs),
            99,
          ).toFixed(1)}`,
        ],
        ["workerd CPU, whole run, s", (totalCpuMs / 1000).toFixed(1)],
        ["workerd CPU per payout, ms", payeesPaid > 0 ? (totalCpuMs / payeesPaid).toFixed(2) : "—"],
        ["seeding through wrangler d1 execute, s", seedingSeconds.toFixed(1)],
        [`machine load (1 min) at trigger / end, ${os.cpus().length} CPUs`, `${loadAtStart.toFixed(1)} / ${os.loadavg()[0]!.toFixed(1)}`],
      ],
    );
    printTable(
      "Payout run: correctness",
      ["check", "result", "detail"],
      checks.map(([name, ok, detail]) => [name, ok ? "ok" : "FAILED", detail]),
    );
    if (!complete || checks.some(([, ok]) => !ok)) process.exitCode = 1;
  },
  {
    logLevel: "info",
    onOutput: queueLog.onOutput,
    // The sandbox limits as live mode does (global ≥ 100): the product is told both limits, and paces to 80% of each.
    vars: {
      STRIPE_TRANSFERS_PER_SECOND: String(stripeLimit ?? 1_000_000),
      STRIPE_REQUESTS_PER_SECOND: String(stripeLimit === null ? 1_000_000 : Math.max(100, stripeLimit)),
    },
  },
);
