/** drizzle over the D1 binding; built per request because bindings arrive with the request. */
import { drizzle } from "drizzle-orm/d1";
import type { SQL } from "drizzle-orm";
import { runSqlBatch } from "@jplay/schema/sql-batch";
import * as tables from "@jplay/schema/tables";

export const createDb = (d1: D1Database) => drizzle(d1, { schema: tables });
export type Db = ReturnType<typeof createDb>;

/**
 * Runs raw SQL statements in one D1 batch (one transaction). drizzle 0.45's `db.batch` cannot take
 * `db.run(sql\`…\`)` statements that bind values (its raw query has no prepared statement and the
 * batch throws "Cannot read properties of undefined (reading 'bind')"), so conditional raw writes
 * that must land together go through here (schema/src/sql-batch.ts, which the demo seed uses too).
 */
export function runBatch<const T extends readonly SQL[]>(db: Db, statements: T): Promise<{ [K in keyof T]: D1Result }> {
  return runSqlBatch(db.$client, statements) as Promise<{ [K in keyof T]: D1Result }>;
}
