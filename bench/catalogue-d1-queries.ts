/**
 * D1 queries per Home load: N Home loads' catalogue calls (popular, recent and featured at once, as
 * Home asks them), cycling through the scopes tablets use (none, each demo facility, the clean
 * catalogue), against a fresh server whose edge cache starts empty. The queries are counted by the
 * Worker itself: a local server counts every D1 statement it runs (GET /api/dev/d1-statements,
 * workers/api/src/platform/d1-statement-count.ts), read before and after. Every answer is checked
 * (200, JSON of the expected shape), and how each was answered (X-Edge-Cache) is tallied.
 *
 *   node bench/catalogue-d1-queries.ts [--loads 1000]
 */
import { numberFlag } from "./lib/args.ts";
import { openLocalD1 } from "./lib/local-d1.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const loads = numberFlag("loads", 1000);

await withSession(async ({ server }) => {
  const d1 = openLocalD1(server.persistDir, "facilities");
  const facilityIds = (d1.prepare("select id from facilities order by id").all() as { id: string }[]).map((row) => row.id);
  d1.close();
  const scopes = ["", ...facilityIds.map((id) => `?facility=${encodeURIComponent(id)}`), "?catalogue=clean"];
  const statementsRun = async () => (await (await fetch(`${server.baseURL}/api/dev/d1-statements`)).json<{ statements: number }>()).statements;

  const answeredBy = new Map<string, number>();
  const get = async (path: string, valid: (body: unknown) => boolean) => {
    const answer = await fetch(`${server.baseURL}${path}`);
    const body: unknown = await answer.json();
    if (answer.status !== 200 || !valid(body)) throw new Error(`${path}: ${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
    const by = answer.headers.get("X-Edge-Cache") ?? "not cached";
    answeredBy.set(by, (answeredBy.get(by) ?? 0) + 1);
  };
  const list = (body: unknown) => Array.isArray(body) && body.length > 0;
  const featured = (body: unknown) => body === null || (typeof body === "object" && "title" in body);

  const before = await statementsRun();
  const started = performance.now();
  for (let load = 0; load < loads; load++) {
    const scope = scopes[load % scopes.length]!;
    await Promise.all([get(`/api/songs/popular${scope}`, list), get(`/api/songs/recent${scope}`, list), get(`/api/songs/featured${scope}`, featured)]);
  }
  const wallMs = performance.now() - started;
  const statements = (await statementsRun()) - before;

  printTable(
    `D1 queries for ${loads} Home loads (popular + recent + featured at once; scopes: ${scopes.map((s) => s || "none").join(", ")})`,
    ["figure", "value"],
    [
      ["catalogue calls", loads * 3],
      ["D1 statements run", statements],
      ["D1 statements per 1,000 Home loads", ((statements * 1000) / loads).toFixed(2)],
      ...[...answeredBy].map(([by, count]): [string, number] => [`answers: ${by}`, count]),
      ["wall ms per Home load", (wallMs / loads).toFixed(2)],
    ],
  );
});
