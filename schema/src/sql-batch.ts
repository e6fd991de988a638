/**
 * Runs drizzle `sql` statements as ONE D1 batch (one transaction), with their values bound. The
 * Worker's `runBatch` (workers/api/src/platform/db.ts) and the demo seed (Node, getPlatformProxy bindings)
 * both come here, so statements built once in schema/src (ledger postings, purchases) run the same
 * way in both. drizzle 0.45's own `db.batch` cannot take raw statements that bind values.
 * Imports only drizzle-orm, so Node scripts load it too.
 */
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/** The part of a D1 binding this needs; a Worker's D1Database and getPlatformProxy's both fit. */
export interface D1BatchTarget<Statement, Result> {
  prepare(query: string): { bind(...values: unknown[]): Statement };
  batch(statements: Statement[]): Promise<Result[]>;
}

const dialect = new SQLiteAsyncDialect();

export function runSqlBatch<Statement, Result>(d1: D1BatchTarget<Statement, Result>, statements: readonly SQL[]): Promise<Result[]> {
  return d1.batch(
    statements.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
