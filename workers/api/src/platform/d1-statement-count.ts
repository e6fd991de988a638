/**
 * Development and tests only: counts the D1 statements the Worker runs, so a benchmark can report the
 * queries a workload really cost (bench/catalogue-d1-queries.ts) instead of assuming them. Each
 * `first`, `run`, `all` and `raw` of a statement counts one, a batch counts each of its statements,
 * `exec` counts one. Writes (INSERT, UPDATE, DELETE, REPLACE, and a WITH that ends in one) are
 * counted apart, whether or not they change a row: each is a write D1 has to run on the primary.
 * Production never wraps its binding (index.ts).
 */
let statements = 0;
let writes = 0;

/** Whether `query` writes: its first keyword, or the statement after a WITH's last common table. */
const WRITE = /^\s*(?:insert|update|delete|replace)\b|^\s*with\b[\s\S]*\)\s*(?:insert|update|delete|replace)\b/i;
const countRun = (query: string | undefined) => {
  statements++;
  if (query !== undefined && WRITE.test(query)) writes++;
};

/** Only a local server (`wrangler dev`, APP_ENV "development") counts its D1 statements. */
export const countsD1Statements = (env: { APP_ENV?: unknown }) => env.APP_ENV === "development";

/** Statements run by this isolate since it started. */
export const d1StatementsRun = () => statements;
/** Of those, the writes. */
export const d1WritesRun = () => writes;

const RUNS = new Set<PropertyKey>(["first", "run", "all", "raw"]);
/** The binding's own statement behind each counting one, and its SQL, for `batch`. */
const unwrapped = new WeakMap<object, { statement: D1PreparedStatement; query: string }>();

function countingStatement(statement: D1PreparedStatement, query: string): D1PreparedStatement {
  const counting = new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      if (property === "bind") return (...values: unknown[]) => countingStatement(target.bind(...values), query);
      if (RUNS.has(property)) {
        return (...args: unknown[]) => {
          countRun(query);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  unwrapped.set(counting, { statement, query });
  return counting;
}

/** `d1`, counting what runs through it. */
export function countingD1(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => countingStatement(target.prepare(query), query);
      if (property === "batch") {
        return (batch: D1PreparedStatement[]) => {
          for (const statement of batch) countRun(unwrapped.get(statement)?.query);
          return target.batch(batch.map((statement) => unwrapped.get(statement)?.statement ?? statement));
        };
      }
      if (property === "exec") {
        return (query: string) => {
          countRun(query);
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
