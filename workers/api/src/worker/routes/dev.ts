/**
 * /api/dev: counters a local `wrangler dev` exposes to the benchmarks (bench/catalogue-d1-queries.ts,
 * bench/artist-d1-writes.ts): D1 statements run, and how many of them were writes.
 * Answers only where the D1 binding is counted (APP_ENV "development", index.ts); 404 elsewhere.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/env";
import { notFound } from "../../platform/errors";
import { countsD1Statements, d1StatementsRun, d1WritesRun } from "../../platform/d1-statement-count";

export const devRoutes = new Hono<AppEnv>().get("/d1-statements", (c) => {
  if (!countsD1Statements(c.env)) throw notFound("No such counter here");
  return c.json({ statements: d1StatementsRun(), writes: d1WritesRun() });
});
