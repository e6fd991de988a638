/**
 * The catalogue from the edge cache (docs/decisions/032-edge-cache.md), through the Worker's real
 * fetch handler, local D1, R2 and Cache API: a repeated read is answered from the cache (a row
 * changed behind the product's back stays unseen), and each change the product makes to the
 * catalogue (a delivery, a purchase, the featured song, a takedown, a facility's clean-only flag)
 * makes the next read fresh. Media: a hit is served from the cache, ranges included, and never for a
 * song taken down.
 */
import { env, exports } from "cloudflare:workers";
import type { SongDto } from "@jplay/schema/song";
import { beforeEach, describe, expect, it } from "vitest";
import { deliverDueSongs } from "../../distribution/distribution-pipeline";
import { createFacility, updateFacility } from "../facilities";
import { setFeaturedSong } from "../featured-song";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { restoreSong, takeDownSong } from "../song-takedown";
import { CapturingQueue, catalogueRowsWritten, identifiersAssigned, insertArtist, insertSong, TEST_OPERATOR } from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";

const api = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`https://jplay.test${path}`, init));
const read = async <T>(path: string) => {
  const answer = await api(path);
  expect(answer.status, path).toBe(200);
  return { body: (await answer.json()) as T, cache: answer.headers.get("X-Edge-Cache"), cacheControl: answer.headers.get("Cache-Control") };
};
const ids = async (path: string) => (await read<SongDto[]>(path)).body.map((song) => song.id);
const jobs = new CapturingQueue();

/** A song changed in D1 directly, as nothing in the product does: the cache cannot know. */
const renameBehindTheProductsBack = (songId: string, title: string) => env.DB.prepare("update songs set title = ?1 where id = ?2").bind(title, songId).run();

let explicitSong: string;
let cleanSong: string;

beforeEach(async () => {
  const artistId = await insertArtist();
  cleanSong = await insertSong({ artistId, status: "distributed", distributedAt: Date.now() - 2_000 });
  explicitSong = await insertSong({ artistId, status: "distributed", distributedAt: Date.now() - 1_000 });
  await env.DB.batch([
    env.DB.prepare("update songs set explicit = 0 where id = ?1").bind(cleanSong),
    env.DB.prepare("update songs set explicit = 1 where id = ?1").bind(explicitSong),
  ]);
  await catalogueRowsWritten();
});

describe("catalogue answers from the edge cache", () => {
  it("answers a repeated read from the cache, with s-maxage and no stale copy for browsers, without reading D1", async () => {
    for (const path of ["/api/songs/recent?limit=100", "/api/songs/popular?limit=100", "/api/songs/featured", `/api/songs/${cleanSong}`]) {
      const first = await read<unknown>(path);
      expect(first.cache, path).toBe("miss");
      expect(first.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    }
    await renameBehindTheProductsBack(cleanSong, "Renamed In D1");
    const recent = await read<SongDto[]>("/api/songs/recent?limit=100");
    expect(recent.cache).toBe("hit");
    expect(recent.body.find((song) => song.id === cleanSong)?.title).not.toBe("Renamed In D1");
    const detail = await read<SongDto>(`/api/songs/${cleanSong}`);
    expect(detail.cache).toBe("hit");
    expect(detail.body.title).not.toBe("Renamed In D1");
    // Each scope is its own entry: the clean one is built now, from the row as it is.
    const clean = await read<SongDto[]>("/api/songs/recent?limit=100&catalogue=clean");
    expect(clean.cache).toBe("miss");
    expect(clean.body.map((song) => song.id)).toContain(cleanSong);
    expect(clean.body.map((song) => song.id)).not.toContain(explicitSong);
  });

  it("lists a song the pipeline delivers at the next read", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, status: "approved", package: "standard" });
    await env.DB.prepare("update songs set reviewed_at = ?1, deliver_at = ?1, explicit = 0 where id = ?2")
      .bind(Date.now() - 1, songId)
      .run();
    await identifiersAssigned(songId);
    expect(await ids("/api/songs/recent?limit=100")).not.toContain(songId);
    expect(await ids("/api/songs/recent?limit=100")).not.toContain(songId);

    expect(await deliverDueSongs(testContext({ jobs: jobs.asQueue() }), Date.now(), "the cache test", [songId])).toEqual([songId]);
    expect((await ids("/api/songs/recent?limit=100"))[0]).toBe(songId);
    expect((await read<SongDto>(`/api/songs/${songId}`)).body.id).toBe(songId);
  });

  it("reorders the popular list after a purchase report", async () => {
    const before = await ids("/api/songs/popular?limit=100");
    expect(before.indexOf(explicitSong)).toBeLessThan(before.indexOf(cleanSong)); // no purchases: the newest first
    const answer = await recordPurchaseReport(testContext(), {
      purchases: [1, 2, 3].map((n) => ({ purchaseId: `cache-${cleanSong}-${n}`, songId: cleanSong, priceCents: 199, purchasedAt: new Date().toISOString() })),
    });
    expect(answer.recorded).toBe(3);
    const after = await ids("/api/songs/popular?limit=100");
    expect(after.indexOf(cleanSong)).toBeLessThan(after.indexOf(explicitSong));
  });

  it("shows the song an operator features at the next read, in every scope it belongs to", async () => {
    await read("/api/songs/featured");
    await read("/api/songs/featured?catalogue=clean");
    await setFeaturedSong(testContext(), cleanSong, Date.now(), TEST_OPERATOR);
    expect((await read<SongDto>("/api/songs/featured")).body.id).toBe(cleanSong);
    expect((await read<SongDto>("/api/songs/featured?catalogue=clean")).body.id).toBe(cleanSong);
    await setFeaturedSong(testContext(), explicitSong, Date.now(), TEST_OPERATOR);
    expect((await read<SongDto>("/api/songs/featured")).body.id).toBe(explicitSong);
    expect((await read<SongDto | null>("/api/songs/featured?catalogue=clean")).body).toBeNull();
  });

  it("drops a taken-down song from the lists, its details and its cached media at once, and brings it back on restore", async () => {
    const audio = `/api/songs/${cleanSong}/audio`;
    expect(await ids("/api/songs/recent?limit=100")).toContain(cleanSong);
    expect((await read<SongDto>(`/api/songs/${cleanSong}`)).body.id).toBe(cleanSong);
    expect((await api(audio)).status).toBe(200);
    await expect.poll(async () => (await api(audio, { headers: { Range: "bytes=0-9" } })).headers.get("CF-Cache-Status"), { timeout: 10_000 }).toBe("HIT");

    await takeDownSong(testContext({ jobs: jobs.asQueue() }), cleanSong, { reason: "A rights holder objects.", actor: "cache-test@jplay.test" }, Date.now());
    expect(await ids("/api/songs/recent?limit=100")).not.toContain(cleanSong);
    expect((await api(`/api/songs/${cleanSong}`)).status).toBe(404);
    expect((await api(audio, { headers: { Range: "bytes=0-9" } })).status).toBe(404);

    await restoreSong(testContext({ jobs: jobs.asQueue() }), cleanSong, { actor: "cache-test@jplay.test" }, Date.now());
    expect(await ids("/api/songs/recent?limit=100")).toContain(cleanSong);
    expect((await api(audio, { headers: { Range: "bytes=0-9" } })).status).toBe(206);
  });

  it("gives a facility's tablets the clean catalogue from the read after its flag is set, and the full one after it is cleared", async () => {
    const facility = await createFacility(testContext(), { name: "Cache County Jail", state: "TX", cleanOnly: false });
    const path = `/api/songs/recent?limit=100&facility=${facility.id}`;
    expect(await ids(path)).toContain(explicitSong);
    expect(await ids(path)).toContain(explicitSong);
    await updateFacility(testContext(), facility.id, { name: facility.name, state: "TX", cleanOnly: true });
    expect(await ids(path)).not.toContain(explicitSong);
    expect(await ids(path)).toContain(cleanSong);
    await updateFacility(testContext(), facility.id, { name: facility.name, state: "TX", cleanOnly: false });
    expect(await ids(path)).toContain(explicitSong);
    // A facility JPlay does not know is refused from the snapshot too, whatever its name.
    for (const unknown of ["no-such-facility", "toString", "__proto__"]) expect((await api(`/api/songs/recent?facility=${unknown}`)).status, unknown).toBe(404);
  });
});

describe("media from the edge cache", () => {
  it("serves a song's audio from the cache once kept, ranges, validators and 416 included, without reading R2", async () => {
    const audio = `/api/songs/${cleanSong}/audio`;
    const whole = new Uint8Array(await (await api(audio)).arrayBuffer());
    await expect.poll(async () => (await api(audio, { headers: { Range: "bytes=0-0" } })).headers.get("CF-Cache-Status"), { timeout: 10_000 }).toBe("HIT");
    // The object is gone from R2: only the cache can answer now.
    await env.MEDIA.delete(`songs/${cleanSong}/audio.mp3`);

    const ranged = await api(audio, { headers: { Range: "bytes=100-65635" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe(`bytes 100-65635/${whole.length}`);
    expect(ranged.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(whole.slice(100, 65636));

    const full = await api(audio);
    expect(full.status).toBe(200);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(whole);
    const etag = full.headers.get("ETag")!;
    expect((await api(audio, { headers: { "If-None-Match": etag } })).status).toBe(304);
    const pastTheEnd = await api(audio, { headers: { Range: `bytes=${whole.length}-` } });
    expect(pastTheEnd.status).toBe(416);
    expect(pastTheEnd.headers.get("Content-Range")).toBe(`bytes */${whole.length}`);
  });
});
