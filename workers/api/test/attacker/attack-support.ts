/**
 * The attacker's suite's means of attack and of proof (docs/decisions/091-the-attackers-suite.md):
 * sends one request to the Worker's own fetch handler and reports what it answered and what it
 * wrote — every D1 statement that changed a row, every R2 object put or deleted, every queued job —
 * so a refused request is proven to have written nothing, statement by statement; the D1 row counts
 * of every table and the R2 object count are compared around each property too. Also: the odd
 * values an attacker tries (JavaScript's built-in names, empty, very long, unicode, path tricks),
 * and fast-check's bounded, replayable runs.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import worker from "../../src/index";
import { CROSS_SITE_MESSAGE } from "../../src/platform/middleware/same-origin";
import { CapturingQueue } from "../song-fixtures";

export const SITE = "http://jplay.test";

// ---- fast-check: bounded and replayable -------------------------------------------------------

/** This run's seed: ATTACKER_SEED's when given (a replay), else a new one; fast-check prints it with a failure. */
const runSeed = env.ATTACKER_SEED && Number.isInteger(Number(env.ATTACKER_SEED)) ? Number(env.ATTACKER_SEED) : Math.floor(Math.random() * 2 ** 31);
/** The seed every property and its examples are drawn with, so the printed seed replays both. */
export const exampleSeed = () => runSeed;

/**
 * Runs per property: few, so the whole suite stays under two minutes on a busy two-core machine.
 * `ATTACKER_RUNS=200 pnpm test --project worker test/attacker` tries harder; a failure prints its
 * seed, and `ATTACKER_SEED=<seed>` replays it (the values generated do not depend on the world).
 */
export const propertyOptions = (numRuns = 8): fc.Parameters<unknown> => {
  const runs = Number(env.ATTACKER_RUNS);
  return {
    numRuns: Number.isInteger(runs) && runs > 0 ? runs : numRuns,
    seed: exampleSeed(),
    // Requests through workerd, D1 and R2: a failure is reported as found, not shrunk for minutes.
    endOnFailure: true,
  };
};

/** `options` with `examples` tried first; fast-check counts them in numRuns, so the random runs come on top. */
export const withExamples = <T>(options: fc.Parameters<unknown>, examples: T[]): fc.Parameters<T> => ({
  ...(options as fc.Parameters<T>),
  numRuns: (options.numRuns ?? 0) + examples.length,
  examples,
});

// ---- Odd values -------------------------------------------------------------------------------

/** Every name a plain object answers without owning it (`constructor`, `__proto__`, `toString`, …). */
export const BUILT_IN_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** The text of the member a built-in name finds on a plain object: public text anyone can sign with. */
export const publicTextOf = (name: string) => String((Object.prototype as unknown as Record<string, unknown>)[name]);

const ODD_WORDS = ["prototype", "", " ", "null", "undefined", "NaN", "0", "-1", "1e309", "[]", "{}", "true", "primary", "link", "admin", "*", "%", "%25"];
const PATH_TRICKS = ["../", "../../etc/passwd", "..%2F..%2F", "%2e%2e%2f", "..\\..\\windows", "a/../b", "./.", "%00", "\u0000", "/", "//", "songs/../admin"];
const UNICODE = ["é", "\u202e", "😀", "ＡＢＣ", "\u0130", "ß", "\ufeff", "\u200b", "ａｄｍｉｎ", "ﬁ"];

/** An id as an attacker sends it: a built-in name, an odd word, a path trick, unicode, very long, or a random one that exists nowhere. */
export const oddId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BUILT_IN_NAMES),
  fc.constantFrom(...ODD_WORDS),
  fc.constantFrom(...PATH_TRICKS),
  fc.oneof(fc.constantFrom(...UNICODE), fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 })),
  fc.integer({ min: 256, max: 12_000 }).map((n) => "a".repeat(n)),
  fc.uuid(),
  fc.string({ maxLength: 24 }),
);

/** A path segment carrying `value` as one segment (never `.` or `..`, which a URL resolves away). */
export const pathSegment = (value: string) => encodeURIComponent(value).replace(/^\.{1,2}$/, (dots) => dots.replace(/\./g, "%2E"));

/** `value` as a header can carry it: as it is when it can, else percent-encoded (a Request refuses other bytes). */
export const headerValue = (value: string) => (/^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value) || value === "" ? value : encodeURIComponent(value));

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Bodies every route that reads a JSON body is sent on every run: not JSON, JSON that is no object,
 * objects keyed by built-in names. Each must be refused, and nothing may reach `Object.prototype`
 * (a route whose fields are all optional is sent only those that are not JSON: attack-route.ts).
 */
export const MALFORMED_BODIES = [
  "",
  "{",
  "nul",
  "[1,2",
  "{'a': 1}",
  "\u0000",
  "<xml/>",
  "null",
  "[]",
  "0",
  '"text"',
  "true",
  '{"__proto__": {"polluted": "yes"}}',
  '{"constructor": {"prototype": {"polluted": "yes"}}}',
  ...BUILT_IN_NAMES.map((name) => `{"${name}": {"admin": true}}`),
];

/** Text that is not JSON, nor empty. */
export const notJson: fc.Arbitrary<string> = fc.string({ minLength: 1, maxLength: 60 }).filter((text) => !isJson(text) && text.trim() !== "");

/** A body a route reads as JSON: the fixed ones, objects keyed by built-in names, and text that is not JSON. */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...MALFORMED_BODIES),
  fc
    .dictionary(fc.constantFrom(...BUILT_IN_NAMES), fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 })), {
      minKeys: 1,
      maxKeys: 3,
    })
    .map((value) => JSON.stringify(value)),
  notJson,
);

/** Whether a body is JSON at all (a body that is not must be refused). */
export { isJson };

// ---- Sending, and what a request wrote ---------------------------------------------------------

export interface AttackRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData;
  /** Settings changed for this request (e.g. Cloudflare Access configured). */
  env?: Partial<Env>;
}

export interface Answer {
  status: number;
  text: string;
  /** Every write the request made: D1 statements that changed rows, R2 puts and deletes, queued jobs. */
  writes: string[];
}

/** Statements that write (their first keyword, or after a WITH): run through first()/raw(), which carry no row counts. */
const WRITE_SQL = /^\s*(?:insert|update|delete|replace)\b|^\s*with\b[\s\S]*\)\s*(?:insert|update|delete|replace)\b/i;

/** Whether a statement changed the database: D1 says so (`rows_written` is not it: a statement's first run can count one without a change). */
const changedRows = (result: unknown) => {
  const meta = (result as { meta?: { changes?: number; changed_db?: boolean } } | null)?.meta;
  return (meta?.changes ?? 0) > 0 || meta?.changed_db === true;
};

/** `d1` that records, in `writes`, every statement that changed a row. */
function recordingD1(d1: D1Database, writes: string[]): D1Database {
  const sqlOf = new WeakMap<object, { statement: D1PreparedStatement; query: string }>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const recording = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), query);
        if (property === "run" || property === "all") {
          return async (...args: unknown[]) => {
            const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            if (changedRows(result)) writes.push(`D1: ${query}`);
            return result;
          };
        }
        // A write read back (RETURNING) through first() or raw() carries no row counts: it is run through
        // all() instead, which does, and its rows handed back in the shape asked for.
        if ((property === "first" || property === "raw") && WRITE_SQL.test(query)) {
          return async (options?: unknown) => {
            const result = await target.all<Record<string, unknown>>();
            if (changedRows(result)) writes.push(`D1: ${query}`);
            const rows = result.results;
            if (property === "first") return typeof options === "string" ? (rows[0]?.[options] ?? null) : (rows[0] ?? null);
            const arrays = rows.map((row) => Object.values(row));
            return (options as { columnNames?: boolean } | undefined)?.columnNames ? [Object.keys(rows[0] ?? {}), ...arrays] : arrays;
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    sqlOf.set(recording, { statement, query });
    return recording;
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((statement) => sqlOf.get(statement)?.statement ?? statement));
          results.forEach((result, index) => {
            if (changedRows(result)) writes.push(`D1: ${sqlOf.get(statements[index]!)?.query ?? "batch statement"}`);
          });
          return results;
        };
      }
      if (property === "exec") {
        return (query: string) => {
          writes.push(`D1: ${query}`);
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `bucket` that records every put, delete and multipart upload in `writes`. */
function recordingR2(bucket: R2Bucket, writes: string[]): R2Bucket {
  return new Proxy(bucket, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      if (property === "put" || property === "delete" || property === "createMultipartUpload" || property === "resumeMultipartUpload") {
        return (...args: unknown[]) => {
          writes.push(`R2 ${String(property)}: ${String(args[0])}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

let addressSequence = 0;
/** A client address of its own for every request (an IPv6 /64 each), so no per-client burst limit answers instead of the identity check. */
const freshAddress = () => `2001:db8:${(++addressSequence % 65_536).toString(16)}:${Math.floor(Math.random() * 65_536).toString(16)}::1`;

/**
 * Sends `request` to the Worker's fetch handler with recording D1 and R2 and a queue that keeps
 * what it is sent, waits for the work it handed to waitUntil, and answers the status, the body's
 * text and every write.
 */
export async function send(request: AttackRequest): Promise<Answer> {
  const writes: string[] = [];
  const jobs = new CapturingQueue();
  const requestEnv = { ...env, ...request.env } as Env;
  const recordedEnv = { ...requestEnv, DB: recordingD1(requestEnv.DB, writes), MEDIA: recordingR2(requestEnv.MEDIA, writes), JOBS: jobs.asQueue() };
  const headers = new Headers(request.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", freshAddress());
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${SITE}${request.path}`, { method: request.method, headers, body: request.body }), recordedEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  for (const message of jobs.take()) writes.push(`job queued: ${message.body.type}`);
  return { status: response.status, text, writes };
}

/** The JSON error an answer carries, if any. */
export function errorIn(answer: Answer): { code?: string; message?: string } {
  try {
    return (JSON.parse(answer.text) as { error?: { code?: string; message?: string } }).error ?? {};
  } catch {
    return {};
  }
}

/** Statuses a refusal may have: the request is bad (400), unauthenticated (401), forbidden (403), names nothing (404) or is too large (413). */
export const REFUSALS = [400, 401, 403, 404, 413];

/**
 * What every attack must get: a refusal (never 2xx, never 5xx) and not one write. `label` names the
 * attack in the failure, with the answer.
 */
export function expectRefusedWithoutWrites(answer: Answer, label: string, refusals = REFUSALS): void {
  const seen = { attack: label, status: answer.status, writes: answer.writes, answer: answer.text.slice(0, 300) };
  expect(seen).toEqual({ ...seen, status: expect.toBeOneOf(refusals), writes: [] });
}

/** The refusal of a change sent from another site's page (platform/middleware/same-origin.ts). */
export const isCrossSiteRefusal = (answer: Answer) => answer.status === 403 && errorIn(answer).message === CROSS_SITE_MESSAGE;

/** The API's own 404 for a path no route has: a request that never reached the route it meant proves nothing. */
export const isNoRoute = (answer: Answer) => answer.status === 404 && (errorIn(answer).message ?? "").startsWith("No API route for");

// ---- What is stored --------------------------------------------------------------------------

let tableNames: string[] | undefined;

/** Rows in every D1 table, in one statement. */
export async function rowCounts(): Promise<Record<string, number>> {
  tableNames ??= (
    await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%' order by name",
    ).all<{ name: string }>()
  ).results
    .map(({ name }) => name)
    // FTS5's shadow tables change with their index table, which is counted. The provider's replay
    // guard records every authenticated POST before its route runs (provider/signature-replay.ts):
    // its rows are the rightful caller's, and a forged call's write there is caught request by request.
    .filter((name) => !/^song_search_/.test(name) && name !== "provider_signatures");
  const columns = tableNames.map((name) => `(select count(*) from "${name}") as "${name}"`).join(", ");
  return (await env.DB.prepare(`select ${columns}`).first<Record<string, number>>())!;
}

/** Objects in the R2 bucket. */
export async function objectCount(): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ cursor, limit: 1000 });
    count += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return count;
}

export const storedNow = async () => ({ rows: await rowCounts(), objects: await objectCount() });

/**
 * Waits until nothing is being written in the background any more (webhooks the Stripe sandbox
 * still delivers, jobs the local queue still runs): the counts hold still for `quietMs`. A world's
 * set-up waits longer, once (attack-world.ts, quietWorld): the queue takes a batch up to 2 s after
 * its first message (wrangler.toml).
 */
export async function settled(quietMs = 300): Promise<Awaited<ReturnType<typeof storedNow>>> {
  let last = JSON.stringify(await storedNow());
  let stillSince = Date.now();
  for (let look = 0; look < 300 && Date.now() - stillSince < quietMs; look++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = JSON.stringify(await storedNow());
    if (now !== last) stillSince = Date.now();
    last = now;
  }
  return JSON.parse(last) as Awaited<ReturnType<typeof storedNow>>;
}

/** Runs `attacks` and proves the row count of every table and the object count unchanged by them. */
export async function storedUnchangedBy(attacks: () => Promise<void>): Promise<void> {
  const before = await settled();
  await attacks();
  expect(await storedNow()).toEqual(before);
}
