/**
 * D1 writes an artist's own traffic costs, and what a flood from one address costs D1, counted by
 * the Worker itself (GET /api/dev/d1-statements, workers/api/src/platform/d1-statement-count.ts) on
 * a throw-away local server:
 * - N loads of the artist page (what the page asks on each load: /api/me, the page, its card, Pro
 *   and statements), with the artist's session cookie: a session's use and a link's renewal are
 *   written at most every five minutes, so the goal is at most 20 writes for 1,000 loads;
 * - N requests refused by a rate limit (a new private link asked for past its hourly limit): a
 *   refusal writes nothing, goal 0;
 * - a flood of N `POST /api/create-setup-intent` from one client address, begun with a fresh window
 *   of the Rate Limiting binding (wrangler.toml `CLIENT_BURSTS`, locally whole wall-clock minutes):
 *   the first CLIENT_BURST_PER_MINUTE (30) reach D1 and the Stripe sandbox (this server's hourly limit
 *   per address is raised), every later one is refused by the binding alone, goal 0 D1 statements.
 * Every answer is checked (200 for the loads, 429 for the refusals, the binding's own 429 past the burst).
 *
 *   node bench/artist-d1-writes.ts [--loads 1000]
 */
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { repoRoot } from "../scripts/wrangler-env.ts";
import { numberFlag } from "./lib/args.ts";
import { ArtistClient } from "./lib/artist-client.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const loads = numberFlag("loads", 1000);
/** The binding's limit a minute, as wrangler.toml gives it (CLIENT_BURST_PER_MINUTE in the Worker, held equal by a test). */
const rateLimits: Array<{ name: string; simple: { limit: number } }> = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml") }).ratelimits;
const burst = rateLimits.find((binding) => binding.name === "CLIENT_BURSTS")!.simple.limit;

// The browser tests' server turns the burst count off (scripts/dev-vars.ts); this flood measures it, so it is on.
await withSession(
  async ({ server }) => {
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

    // A flood from one address (kept apart from the artist's 127.0.0.1: wrangler dev keeps a client's
    // CF-Connecting-IP), begun with a fresh window so that it ends in the same one.
    const flood = () =>
      fetch(`${server.baseURL}/api/create-setup-intent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.baseURL, "CF-Connecting-IP": "203.0.113.9" },
        body: JSON.stringify({ paymentFrequency: "weekly" }),
      });
    const minute = () => Math.floor(Date.now() / 60_000);
    await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 100));
    const floodMinute = minute();
    const beforeFlood = await counted();
    for (let request = 0; request < burst; request++) {
      const answer = await flood();
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`create-setup-intent ${request + 1}: ${answer.status}, expected 200 under the burst`);
    }
    // Whatever the served requests left running (the sandbox's webhooks, if any) lands before the refusals are counted.
    let settled = await counted();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const now = await counted();
      if (now.statements === settled.statements) break;
      settled = now;
    }
    const refusedStarted = performance.now();
    for (let request = burst; request < loads; request++) {
      const answer = await flood();
      const body = await answer.json<{ error?: { code: string } }>();
      // The binding's refusal: the D1 limits answer Retry-After to the end of their hour.
      if (answer.status !== 429 || body.error?.code !== "rate_limited" || answer.headers.get("Retry-After") !== "60") {
        throw new Error(`create-setup-intent ${request + 1}: ${answer.status} ${JSON.stringify(body)}, expected the binding's 429`);
      }
    }
    const refusedMs = performance.now() - refusedStarted;
    const afterFlood = await counted();
    if (minute() !== floodMinute) throw new Error("the binding's window turned during the flood: run again");
    const refused = loads - burst;

    printTable(
      `D1 statements and writes: one artist's traffic, and a flood from one address (${loads} of each)`,
      ["figure", "value"],
      [
        ["artist page loads", loads],
        ["D1 statements for them", afterLoads.statements - beforeLoads.statements],
        ["D1 writes for them (goal ≤ 20)", afterLoads.writes - beforeLoads.writes],
        ["wall ms per page load", (loadMs / loads).toFixed(2)],
        ["refused requests (429)", loads],
        ["D1 statements for them", afterRefusals.statements - beforeRefusals.statements],
        ["D1 writes for them (goal 0)", afterRefusals.writes - beforeRefusals.writes],
        ["create-setup-intent requests, one address, one minute", loads],
        ["D1 statements / writes for them in all", `${afterFlood.statements - beforeFlood.statements} / ${afterFlood.writes - beforeFlood.writes}`],
        ["served (200), under the burst", burst],
        ["D1 statements / writes for them", `${settled.statements - beforeFlood.statements} / ${settled.writes - beforeFlood.writes}`],
        ["refused by the binding (429)", refused],
        ["D1 statements for them (goal 0)", afterFlood.statements - settled.statements],
        ["D1 writes for them (goal 0)", afterFlood.writes - settled.writes],
        ["wall ms per refused request", (refusedMs / refused).toFixed(2)],
      ],
    );
  },
  { vars: { CLIENT_BURST_CHECK: "on" } },
);
