/**
 * Each song's running purchase count (songs.purchase_count), kept by the batch that records a
 * provider's purchase report (schema/src/purchase-credit.ts): it grows by the purchases recorded, never
 * by a report sent again, also when two copies of a report arrive at once, and it is what the popular
 * list ranks by (catalogue/catalogue-snapshot.ts), so a cache miss never counts the purchases table.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import { resendTimestamp, signPost } from "../../../test/provider-signing";
import { insertArtist, insertSong } from "../../../test/song-fixtures";

const SECRET = "test-provider-secret-0123456789abcdef";

const purchase = (songId: string) => ({
  purchaseId: `count-${crypto.randomUUID()}`,
  songId,
  priceCents: 199,
  purchasedAt: new Date(Date.now() - 60_000).toISOString(),
});

async function report(purchases: ReturnType<typeof purchase>[]): Promise<PurchaseReportAnswer> {
  const body = JSON.stringify({ purchases });
  const timestamp = String(resendTimestamp(body));
  const signature = await signPost(SECRET, timestamp, "/api/provider/purchases", body);
  const response = await exports.default.fetch(
    new Request("http://jplay.test/api/provider/purchases", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature },
      body,
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

async function liveSong() {
  return insertSong({ artistId: await insertArtist(), status: "distributed", package: "expedited", priceCents: 199, audio: null });
}

/** The running count and the purchases actually recorded, for one song. */
async function counts(songId: string) {
  return env.DB.prepare("SELECT purchase_count AS running, (SELECT count(*) FROM purchases WHERE song_id = ?1) AS recorded FROM songs WHERE id = ?1")
    .bind(songId)
    .first<{ running: number; recorded: number }>();
}

describe("running purchase counts", () => {
  it("grow by the purchases recorded, and not when a report is sent again, in part or twice at once", async () => {
    const [a, b] = [await liveSong(), await liveSong()];
    const first = [purchase(a), purchase(a), purchase(b)];
    expect(await report(first)).toMatchObject({ recorded: 3 });
    expect(await counts(a)).toEqual({ running: 2, recorded: 2 });
    expect(await counts(b)).toEqual({ running: 1, recorded: 1 });

    // Redelivered whole, then again with one new purchase, then two copies of a new report at once.
    expect(await report(first)).toMatchObject({ recorded: 0, duplicates: 3 });
    expect(await report([...first, purchase(b)])).toMatchObject({ recorded: 1, duplicates: 3 });
    const racing = [purchase(a), purchase(b), purchase(b)];
    const answers = await Promise.all([report(racing), report(racing)]);
    expect(answers.map((answer) => answer.recorded).sort()).toEqual([0, 3]);
    expect(await counts(a)).toEqual({ running: 3, recorded: 3 });
    expect(await counts(b)).toEqual({ running: 4, recorded: 4 });
  });

  it("are what the popular list ranks by", async () => {
    const [less, more] = [await liveSong(), await liveSong()];
    await report([purchase(less), ...Array.from({ length: 40 }, () => purchase(more))]);
    const popular = await (await exports.default.fetch(new Request("http://jplay.test/api/songs/popular?limit=100"))).json<{ id: string }[]>();
    const at = (id: string) => popular.findIndex((song) => song.id === id);
    expect(at(more)).toBeGreaterThanOrEqual(0);
    expect(at(more)).toBeLessThan(at(less) === -1 ? Infinity : at(less));
    // The list is read from the running counts: changed there alone (and the catalogue's cache
    // started afresh by another purchase), the order follows.
    await env.DB.prepare("UPDATE songs SET purchase_count = 1000 WHERE id = ?1").bind(less).run();
    await report([purchase(less)]);
    const after = await (await exports.default.fetch(new Request("http://jplay.test/api/songs/popular?limit=100"))).json<{ id: string }[]>();
    expect(after.findIndex((song) => song.id === less)).toBeLessThan(after.findIndex((song) => song.id === more));
  });
});
