/**
 * D1 writes an artist's own traffic costs, counted by the Worker itself (GET /api/dev/d1-statements,
 * workers/api/src/platform/d1-statement-count.ts) on a throw-away local server:
 * - N loads of the artist page (what the page asks on each load: /api/me, the page, its card, Pro
 *   and statements), with the artist's session cookie: a session's use and a link's renewal are
 *   written at most every five minutes, so the goal is at most 20 writes for 1,000 loads;
 * - N requests refused by a rate limit (a new private link asked for past its hourly limit): a
 *   refusal writes nothing, goal 0.
 * Every answer is checked (200 for the loads, 429 for the refusals).
 *
 *   node bench/artist-d1-writes.ts [--loads 1000]
 */
import { numberFlag } from "./lib/args.ts";
import { ArtistClient } from "./lib/artist-client.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const loads = numberFlag("loads", 1000);

await withSession(async ({ server }) => {
  const counted = async () => await (await fetch(`${server.baseURL}/api/dev/d1-statements`)).json<{ statements: number; writes: number }>();
  const artist = new ArtistClient(server.baseURL);
  await artist.saveCard("+15550301234");
  const expect = async (path: string, status: number, init?: RequestInit) => {
    const answer = await artist.fetch(path, init);
    await answer.arrayBuffer();
    if (answer.status !== status) throw new Error(`${path}: ${answer.status}, expected ${status}`);
  };
  const linked = await (await artist.fetch("/api/me/artist-link", { method: "POST" })).json<{ artistPageUrl: string }>();
  const token = linked.artistPageUrl.split("/").pop()!;
  const page = `/api/artist/${encodeURIComponent(token)}`;

  const beforeLoads = await counted();
  const started = performance.now();
  for (let load = 0; load < loads; load++) {
    await Promise.all([`/api/me`, page, `${page}/card`, `${page}/pro`, `${page}/statements`].map((path) => expect(path, 200)));
  }
  const loadMs = performance.now() - started;
  const afterLoads = await counted();

  // Links are limited per artist and hour: use up the rest of the hour's, then count the refusals.
  let refusedFirst = 0;
  while (refusedFirst === 0) {
    const answer = await artist.fetch("/api/me/artist-link", { method: "POST" });
    await answer.arrayBuffer();
    if (answer.status === 429) refusedFirst = 1;
    else if (answer.status !== 200) throw new Error(`artist-link: ${answer.status}`);
  }
  const beforeRefusals = await counted();
  for (let refusal = 0; refusal < loads; refusal++) await expect("/api/me/artist-link", 429, { method: "POST" });
  const afterRefusals = await counted();

  printTable(`D1 writes for one artist's traffic (${loads} of each)`, ["figure", "value"], [
    ["artist page loads", loads],
    ["D1 statements for them", afterLoads.statements - beforeLoads.statements],
    ["D1 writes for them (goal ≤ 20)", afterLoads.writes - beforeLoads.writes],
    ["wall ms per page load", (loadMs / loads).toFixed(2)],
    ["refused requests (429)", loads],
    ["D1 statements for them", afterRefusals.statements - beforeRefusals.statements],
    ["D1 writes for them (goal 0)", afterRefusals.writes - beforeRefusals.writes],
  ]);
});
