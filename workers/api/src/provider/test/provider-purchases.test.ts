/**
 * POST /api/provider/purchases through the Worker's fetch handler with real local D1: only signed,
 * fresh reports count; each purchaseId is recorded and credited once; every package's split gives the
 * documented cents; bad input is refused whole with a message; and after any sequence of reports
 * (property-based) the ledger sums to zero and no balance is negative.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AdminPurchaseMismatchesResponse } from "@jplay/schema/admin";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import type { SongPackage } from "@jplay/schema/tables";
import worker from "../../index";
import { accountBalance, ACCOUNTS, artistAvailableBalances, ledgerTotal } from "../../ledger/ledger";
import { resendTimestamp, signPost } from "../../../test/provider-signing";
import { signedInOperator } from "../../../test/admin-support";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";

const SECRET = "test-provider-secret-0123456789abcdef";
const testCtx = testContext();
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Purchase {
  purchaseId: string;
  songId: string;
  priceCents: number;
  purchasedAt: string;
}

let purchaseSequence = 0;
const purchase = (songId: string, priceCents = 199, purchaseId = `pur-${++purchaseSequence}-${crypto.randomUUID().slice(0, 8)}`): Purchase => ({
  purchaseId,
  songId,
  priceCents,
  purchasedAt: new Date(Date.now() - 60_000).toISOString(),
});

async function send(
  body: unknown,
  options: { timestamp?: number; secret?: string; signature?: string; headers?: Record<string, string>; raw?: boolean } = {},
): Promise<Response> {
  const rawBody = options.raw ? (body as string) : JSON.stringify(body);
  const timestamp = String(options.timestamp ?? resendTimestamp(rawBody));
  const signature = options.signature ?? (await signPost(options.secret ?? SECRET, timestamp, "/api/provider/purchases", rawBody));
  const headers = options.headers ?? { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature };
  return exports.default.fetch(new Request("http://jplay.test/api/provider/purchases", { method: "POST", headers, body: rawBody }));
}

async function report(purchases: Purchase[]): Promise<PurchaseReportAnswer> {
  const response = await send({ purchases });
  expect(response.status).toBe(200);
  return response.json();
}

async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json<{ error: { code: string; message: string } }>()).error };
}

async function liveSong(songPackage: SongPackage | null = "expedited", priceCents = 199) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, status: "distributed", package: songPackage, priceCents, audio: null });
  return { artistId, songId };
}

/** Everything a refused report must leave untouched. */
async function moneySnapshot() {
  const count = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n")) ?? 0;
  return { purchases: await count("purchases"), transactions: await count("ledger_transactions"), entries: await count("ledger_entries") };
}

const balance = async (artistId: string) => (await artistAvailableBalances(testCtx, [artistId])).get(artistId);

describe("signature and freshness", () => {
  it("signs HMAC-SHA256 over `${timestamp}.POST ${path}.${provider}.${sha256hex(rawBody)}`, hex (a fixed test vector; docs/catalogue-and-provider-api.md's openssl gives the same)", async () => {
    expect(await signPost(SECRET, "1700000000", "/api/provider/purchases", '{"purchases":[]}')).toBe(
      "9f9decf880488ac9339269d0b49062d9c047879383db9f1ce9fde2ad244c03ca",
    );
  });

  it("refuses unsigned, wrongly signed, tampered, stale and future reports, crediting nothing", async () => {
    const { songId } = await liveSong();
    const body = { purchases: [purchase(songId)] };
    const before = await moneySnapshot();
    const timestamp = nowSeconds();
    const goodSignature = await signPost(SECRET, String(timestamp), "/api/provider/purchases", JSON.stringify(body));

    expect(await errorOf(await send(body, { headers: { "Content-Type": "application/json" } }))).toMatchObject({ status: 401, code: "missing_signature" });
    expect(await errorOf(await send(body, { secret: "not-the-shared-secret" }))).toMatchObject({ status: 401, code: "invalid_signature" });
    expect(await errorOf(await send(body, { signature: "zz" }))).toMatchObject({ status: 401, code: "invalid_signature" });
    // The signature of one body does not authenticate another (here: a higher price).
    const tampered = { purchases: [{ ...body.purchases[0]!, priceCents: 150 }] };
    expect(await errorOf(await send(tampered, { timestamp, signature: goodSignature }))).toMatchObject({ status: 401, code: "invalid_signature" });
    // Nor a different timestamp (a replay re-dated).
    expect(await errorOf(await send(body, { timestamp: timestamp + 1, signature: goodSignature }))).toMatchObject({ status: 401, code: "invalid_signature" });
    const stale = await errorOf(await send(body, { timestamp: nowSeconds() - 5 * 60 - 5 }));
    expect(stale).toMatchObject({ status: 401, code: "stale_timestamp" });
    expect(stale.message).toContain("more than 5 minutes ago");
    expect(await errorOf(await send(body, { timestamp: nowSeconds() + 120 }))).toMatchObject({ status: 401, code: "timestamp_in_future" });
    expect(await errorOf(await send(body, { timestamp: -5 }))).toMatchObject({ status: 401 });

    expect(await moneySnapshot()).toEqual(before);
    // A report signed a little while ago (within 5 minutes) still counts.
    const fresh = await send(body, { timestamp: nowSeconds() - 4 * 60 });
    expect(fresh.status).toBe(200);
    expect((await fresh.json<PurchaseReportAnswer>()).recorded).toBe(1);
  });

  it("refuses every report while no shared secret is configured", async () => {
    const request = new Request("http://jplay.test/api/provider/purchases", {
      method: "POST",
      headers: { "X-JPlay-Timestamp": String(nowSeconds()), "X-JPlay-Signature": "0".repeat(64) },
      body: "{}",
    });
    const response = await worker.fetch(request, { ...env, PROVIDER_WEBHOOK_SECRET: undefined }, createExecutionContext());
    expect(await errorOf(response)).toMatchObject({ status: 503, code: "not_configured" });
  });
});

describe("recording and crediting", () => {
  it("records a purchase once however often it is reported, and the popular list ranks by purchases", async () => {
    const { artistId, songId } = await liveSong("expedited");
    const other = await liveSong("expedited");
    const first = [purchase(songId), purchase(songId)];
    expect(await report(first)).toEqual({
      recorded: 2,
      duplicates: 0,
      rejected: 0,
      results: first.map((p) => ({ purchaseId: p.purchaseId, status: "recorded" })),
    });
    const afterFirst = await moneySnapshot();
    // The provider retries the same report, and then sends it again with one new purchase.
    expect(await report(first)).toMatchObject({ recorded: 0, duplicates: 2 });
    const third = purchase(songId);
    expect(await report([...first, third, purchase(other.songId)])).toMatchObject({ recorded: 2, duplicates: 2 });

    expect(await balance(artistId)).toBe(3 * 180);
    const snapshot = await moneySnapshot();
    expect(snapshot.purchases - afterFirst.purchases).toBe(2);
    expect(snapshot.transactions - afterFirst.transactions).toBe(2);
    expect(snapshot.entries - afterFirst.entries).toBe(6);
    const { results: rows } = await env.DB.prepare("select id, price_cents, purchased_at from purchases where song_id = ?1 order by purchased_at")
      .bind(songId)
      .all();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ price_cents: 199, purchased_at: Date.parse(first[0]!.purchasedAt) });

    const popular = await (await exports.default.fetch(new Request("http://jplay.test/api/songs/popular"))).json<{ id: string }[]>();
    expect(popular.map((song) => song.id)).toEqual(expect.arrayContaining([songId, other.songId]));
    expect(popular.findIndex((song) => song.id === songId)).toBeLessThan(popular.findIndex((song) => song.id === other.songId));
  });

  it.each([
    // [package, price, provider cents, artist cents]: provider share rounded down, the artist gets the rest.
    ["standard", 199, 3, 196],
    ["standard", 70, 1, 69],
    ["expedited", 199, 19, 180],
    ["expedited", 70, 7, 63],
    ["recovery_1", 199, 59, 140],
    ["recovery_1", 70, 21, 49],
    ["recovery_2", 199, 79, 120],
    ["recovery_2", 70, 28, 42],
    ["pro", 199, 15, 184],
    ["pro", 70, 5, 65],
    // Songs without a split (the demo catalogue) are credited like the standard package.
    [null, 199, 3, 196],
  ] as const)("a %s sale at %i¢ gives the provider %i¢ and the artist %i¢", async (songPackage, price, providerCents, artistCents) => {
    const { artistId, songId } = await liveSong(songPackage, price);
    const revenueBefore = await accountBalance(testCtx, ACCOUNTS.platformRevenue);
    const receivableBefore = await accountBalance(testCtx, ACCOUNTS.providerReceivable);
    expect(await report([purchase(songId, price)])).toMatchObject({ recorded: 1 });
    expect(await balance(artistId)).toBe(artistCents);
    expect((await accountBalance(testCtx, ACCOUNTS.platformRevenue)) - revenueBefore).toBe(providerCents);
    expect((await accountBalance(testCtx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(-price);
    expect(await ledgerTotal(testCtx)).toBe(0);
  });

  it("credits a purchase only at the song's own price; another price is refused, credits nobody and is listed for operators once", async () => {
    const { artistId, songId } = await liveSong("expedited", 149);
    const before = await moneySnapshot();
    const mispriced = purchase(songId, 99);
    const answer = await report([mispriced]);
    expect(answer).toMatchObject({ recorded: 0, rejected: 1 });
    expect(answer.results[0]).toEqual({
      purchaseId: mispriced.purchaseId,
      status: "rejected",
      code: "price_mismatch",
      reason: `Song ${songId} sells at 149 cents, not 99: not credited; kept for an operator to settle`,
    });
    expect(await moneySnapshot()).toEqual(before);
    expect(await balance(artistId)).toBe(0);
    // Sent again: still refused, still one row for operators.
    expect(await report([mispriced])).toMatchObject({ rejected: 1 });
    const operator = await signedInOperator();
    const listed = await (await operator.fetch("/api/admin/purchase-mismatches")).json<AdminPurchaseMismatchesResponse>();
    expect(listed.mismatches.filter((row) => row.purchaseId === mispriced.purchaseId)).toEqual([
      expect.objectContaining({ songId, reportedPriceCents: 99, cataloguePriceCents: 149, purchasedAt: mispriced.purchasedAt }),
    ]);
    // At the song's price it is credited.
    expect(await report([purchase(songId, 149)])).toMatchObject({ recorded: 1 });
    expect(await balance(artistId)).toBe(149 - Math.floor((149 * 1000) / 10_000));
  });

  it("answers each purchase: songs that are unknown, unpaid or not yet live are refused, the rest recorded", async () => {
    const live = await liveSong("pro");
    const artistId = await insertArtist();
    const pending = await insertSong({ artistId, audio: null });
    const approved = await insertSong({ artistId, status: "approved", package: "pro", audio: null });
    const artistless = await insertSong({ artistId: null, status: "distributed", audio: null });
    const purchases = [purchase(live.songId), purchase("no-such-song"), purchase(pending), purchase(approved), purchase(artistless)];
    const future = { ...purchase(live.songId), purchasedAt: new Date(Date.now() + 3_600_000).toISOString() };
    const answer = await report([...purchases, future]);
    expect(answer).toMatchObject({ recorded: 1, duplicates: 0, rejected: 5 });
    expect(answer.results.map((r) => [r.status, "code" in r ? r.code : null])).toEqual([
      ["recorded", null],
      ["rejected", "unknown_song"],
      ["rejected", "song_not_distributed"],
      ["rejected", "song_not_distributed"],
      ["rejected", "song_has_no_artist"],
      ["rejected", "purchased_in_future"],
    ]);
    expect(answer.results[2]).toMatchObject({ reason: `Song ${pending} is not in the catalogue (status pending)` });
    expect(await env.DB.prepare("select count(*) as n from purchases where song_id in (?1, ?2, ?3)").bind(pending, approved, artistless).first("n")).toBe(0);
    expect(await balance(live.artistId)).toBe(184);
  });

  it.each([
    ["a body that is not JSON", "{purchases:", 400, "The body is not valid JSON"],
    ["no purchases field", {}, 400, "purchases"],
    ["an empty batch", { purchases: [] }, 400, "purchases: purchases must hold at least one purchase"],
    ["a fractional price", { purchases: [{ ...purchase("s"), priceCents: 1.5 }] }, 400, "purchases.0.priceCents: priceCents must be a whole number of cents"],
    ["a price above $1.99", { purchases: [purchase("s", 250)] }, 400, "priceCents must be between 1 and 199"],
    ["a price as a string", { purchases: [{ ...purchase("s"), priceCents: "199" }] }, 400, "priceCents must be a number"],
    ["a date without a time zone", { purchases: [{ ...purchase("s"), purchasedAt: "2026-11-23 04:05" }] }, 400, "purchasedAt must be an ISO 8601 timestamp"],
    ["a missing purchaseId", { purchases: [{ songId: "s", priceCents: 199, purchasedAt: new Date().toISOString() }] }, 400, "purchases.0.purchaseId"],
    ["a purchaseId with spaces", { purchases: [purchase("s", 199, "a b")] }, 400, "purchaseId may contain only"],
    ["the same purchaseId twice", { purchases: [purchase("s", 199, "twice"), purchase("s", 199, "twice")] }, 400, "purchaseId twice appears more than once"],
    ["501 purchases", { purchases: Array.from({ length: 501 }, () => purchase("s")) }, 400, "at most 500 purchases"],
  ] as const)("refuses %s with a message and stores nothing", async (_name, body, status, message) => {
    const { songId } = await liveSong();
    const withSong = JSON.parse(JSON.stringify(body).replaceAll('"songId":"s"', `"songId":"${songId}"`));
    const before = await moneySnapshot();
    const response = typeof body === "string" ? await send(body, { raw: true }) : await send(withSong);
    const error = await errorOf(response);
    expect(error.status).toBe(status);
    expect(error.message).toContain(message);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses a body over 256 KB before reading it (413)", async () => {
    const response = await send({ purchases: [], padding: "x".repeat(300 * 1024) });
    expect(await errorOf(response)).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("takes a full batch of 500 purchases in one report", async () => {
    const { artistId, songId } = await liveSong("expedited", 199);
    const answer = await report(Array.from({ length: 500 }, () => purchase(songId)));
    expect(answer).toMatchObject({ recorded: 500, duplicates: 0, rejected: 0 });
    expect(await balance(artistId)).toBe(500 * 180);
  });
});

describe("ledger invariants", () => {
  it("after any sequence of reports, retries and duplicates, the ledger sums to zero and no balance is negative", async () => {
    const songPrice = (i: number) => 70 + i * 25;
    const songs = await Promise.all((["standard", "expedited", "recovery_1", "recovery_2", "pro", null] as const).map((pkg, i) => liveSong(pkg, songPrice(i))));
    const splitBps: Record<string, number> = { standard: 200, expedited: 1000, recovery_1: 3000, recovery_2: 4000, pro: 800, null: 200 };
    const packages = ["standard", "expedited", "recovery_1", "recovery_2", "pro", null] as const;
    // What each artist must have been credited: every distinct purchase once.
    const credited = new Map<string, number>();
    const seen = new Set<string>();
    let run = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.record({
              song: fc.nat({ max: songs.length - 1 }),
              // Mostly the song's own price (null); now and then another, which is never credited.
              price: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 199 }) }),
              id: fc.nat({ max: 30 }),
            }),
            { minLength: 1, maxLength: 12 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (reports) => {
          run++;
          for (const items of reports) {
            // Ids repeat across reports (retries) but not inside one report.
            const unique = [...new Map(items.map((item) => [item.id, item])).values()];
            const priceOf = (item: (typeof unique)[number]) => item.price ?? songPrice(item.song);
            const purchases = unique.map((item) => purchase(songs[item.song]!.songId, priceOf(item), `prop-${run % 7}-${item.id}`));
            const answer = await report(purchases);
            for (const [i, result] of answer.results.entries()) {
              const item = unique[i]!;
              const key = purchases[i]!.purchaseId;
              const price = priceOf(item);
              if (price !== songPrice(item.song)) {
                expect(result).toMatchObject({ status: "rejected", code: "price_mismatch" });
                continue;
              }
              expect(result.status).toBe(seen.has(key) ? "duplicate" : "recorded");
              if (result.status === "recorded") {
                seen.add(key);
                const provider = Math.floor((price * splitBps[String(packages[item.song])]!) / 10_000);
                const artistId = songs[item.song]!.artistId;
                credited.set(artistId, (credited.get(artistId) ?? 0) + price - provider);
              }
            }
          }
          expect(await ledgerTotal(testCtx)).toBe(0);
          const balances = await artistAvailableBalances(
            testCtx,
            songs.map((song) => song.artistId),
          );
          for (const song of songs) {
            expect(balances.get(song.artistId)).toBeGreaterThanOrEqual(0);
            expect(balances.get(song.artistId)).toBe(credited.get(song.artistId) ?? 0);
          }
          const negative = await env.DB.prepare(
            "select account, sum(amount_cents) as total from ledger_entries where account like 'artist:%' group by account having total < 0",
          ).all();
          expect(negative.results).toEqual([]);
          const purchaseTransactions = await env.DB.prepare(
            "select (select count(*) from purchases) - (select count(*) from ledger_transactions where kind = 'purchase') as gap",
          ).first("gap");
          expect(purchaseTransactions).toBe(0);
        },
      ),
      { numRuns: 25, seed: 20261123 },
    );
  });
});
