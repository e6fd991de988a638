/**
 * Development and tests only: counts the D1 statements the Worker runs, so a benchmark can report the
 * queries a workload really cost (bench/catalogue-d1-queries.ts) instead of assuming them. Each
 * `first`, `run`, `all` and `raw` of a statement counts one, a batch counts each of its statements,
 * `exec` counts one. Production never wraps its binding (index.ts).
 */
let statements = 0;

/** Only a local server (`wrangler dev`, APP_ENV "development") counts its D1 statements. */
export const countsD1Statements = (env: { APP_ENV?: unknown }) => env.APP_ENV === "development";

/** Statements run by this isolate since it started. */
export const d1StatementsRun = () => statements;

const RUNS = new Set<PropertyKey>(["first", "run", "all", "raw"]);
/** The binding's own statement behind each counting one, for `batch`. */
const unwrapped = new WeakMap<object, D1PreparedStatement>();

function countingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const counting = new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      if (property === "bind") return (...values: unknown[]) => countingStatement(target.bind(...values));
      if (RUNS.has(property)) {
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  unwrapped.set(counting, statement);
  return counting;
}

/** `d1`, counting what runs through it. */
export function countingD1(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => countingStatement(target.prepare(query));
      if (property === "batch") {
        return (batch: D1PreparedStatement[]) => {
          statements += batch.length;
          return target.batch(batch.map((statement) => unwrapped.get(statement) ?? statement));
        };
      }
      if (property === "exec") {
        return (query: string) => {
          statements++;
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
