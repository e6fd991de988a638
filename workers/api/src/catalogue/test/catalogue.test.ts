/**
 * The public catalogue through the Worker's real fetch handler, with real local D1 and R2: lists,
 * song JSON, media streaming with ranges and validators, and JSON errors.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

const DAY = 86_400_000;
const AUDIO_BYTES = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7) % 256);

interface FixtureSong {
  id: string;
  title: string;
  status: "pending" | "approved" | "distributed";
  createdAt: number;
  distributedAt: number | null;
  purchases: number;
  cover: boolean;
  featuredAt?: number;
  priceCents?: number;
}

const fixtures: FixtureSong[] = [
  { id: "song-a", title: "Alpha", status: "distributed", createdAt: Date.UTC(2021, 0, 1), distributedAt: Date.UTC(2021, 0, 3), purchases: 5, cover: true },
  {
    id: "song-b",
    title: "Bravo",
    status: "distributed",
    createdAt: Date.UTC(2024, 5, 1),
    distributedAt: Date.UTC(2024, 5, 2),
    purchases: 9,
    cover: false,
    featuredAt: Date.UTC(2024, 6, 1),
    priceCents: 149,
  },
  { id: "song-c", title: "Charlie", status: "distributed", createdAt: Date.UTC(2025, 1, 1), distributedAt: Date.UTC(2025, 1, 2), purchases: 0, cover: true },
  {
    id: "song-d",
    title: "Delta",
    status: "distributed",
    createdAt: Date.UTC(2023, 1, 1),
    distributedAt: Date.UTC(2023, 1, 4),
    purchases: 5,
    cover: true,
    featuredAt: Date.UTC(2023, 2, 1),
  },
  {
    id: "song-p",
    title: "Pending Paid",
    status: "approved",
    createdAt: Date.UTC(2026, 1, 1),
    distributedAt: null,
    purchases: 0,
    cover: true,
    featuredAt: Date.UTC(2026, 2, 1),
  },
  { id: "song-q", title: "Pending Unpaid", status: "pending", createdAt: Date.UTC(2026, 2, 1), distributedAt: null, purchases: 50, cover: true },
];

const api = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`https://jplay.test${path}`, init));

beforeAll(async () => {
  const statements: D1PreparedStatement[] = [];
  for (const song of fixtures) {
    statements.push(
      env.DB.prepare(
        // The running count the batch recording purchases keeps (schema/src/purchase-credit.ts), written with the rows here.
        `INSERT INTO songs (id, title, artist_name, price_cents, status, audio_key, cover_key, featured_at, distributed_at, created_at, purchase_count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        song.id,
        song.title,
        `${song.title} Artist`,
        song.priceCents ?? 199,
        song.status,
        `songs/${song.id}/audio.mp3`,
        song.cover ? `songs/${song.id}/cover.png` : null,
        song.featuredAt ?? null,
        song.distributedAt,
        song.createdAt,
        song.purchases,
      ),
    );
    for (let n = 0; n < song.purchases; n++) {
      statements.push(
        env.DB.prepare("INSERT INTO purchases (id, song_id, price_cents, purchased_at) VALUES (?, ?, 199, ?)").bind(
          `${song.id}-p${n}`,
          song.id,
          song.createdAt + DAY,
        ),
      );
    }
    await env.MEDIA.put(`songs/${song.id}/audio.mp3`, AUDIO_BYTES, { httpMetadata: { contentType: "audio/mpeg" } });
    if (song.cover) await env.MEDIA.put(`songs/${song.id}/cover.png`, new Uint8Array([137, 80, 78, 71]), { httpMetadata: { contentType: "image/png" } });
  }
  await env.DB.batch(statements);
  await env.MEDIA.put("videos/promo.mp4", new Uint8Array(4096), { httpMetadata: { contentType: "video/mp4" } });
  await env.MEDIA.put("videos/success.mp4", new Uint8Array(2048), { httpMetadata: { contentType: "video/mp4" } });
});

describe("song lists", () => {
  it("lists distributed songs only, most purchased first, ties newest first", async () => {
    const res = await api("/api/songs/popular");
    expect(res.status).toBe(200);
    const songs = await res.json<{ id: string }[]>();
    expect(songs.map((s) => s.id)).toEqual(["song-b", "song-d", "song-a", "song-c"]);
  });

  it("lists recent songs by the time they joined the catalogue", async () => {
    const songs = await (await api("/api/songs/recent")).json<{ id: string }[]>();
    expect(songs.map((s) => s.id)).toEqual(["song-c", "song-b", "song-d", "song-a"]);
  });

  it("honours a limit and refuses a bad one with a JSON error", async () => {
    const two = await (await api("/api/songs/popular?limit=2")).json<unknown[]>();
    expect(two).toHaveLength(2);
    const bad = await api("/api/songs/recent?limit=0");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: "bad_request", message: "limit must be a whole number from 1 to 100" } });
  });

  it("sends the product's song JSON, with price in dollars, coverUrl null without a cover and the explicit badge", async () => {
    const songs = await (await api("/api/songs/popular")).json<Record<string, unknown>[]>();
    expect(songs[0]).toEqual({
      id: "song-b",
      title: "Bravo",
      artist: "Bravo Artist",
      coverUrl: null,
      audioUrl: "/api/songs/song-b/audio",
      createdAt: "2024-06-01T00:00:00.000Z",
      price: 1.49,
      // Written before the explicit question existed: unanswered, so badged explicit.
      explicit: true,
    });
    expect(songs[1]).toMatchObject({ coverUrl: "/api/songs/song-d/cover", price: 1.99 });
  });
});

describe("single songs", () => {
  it("features the most recently featured public song, not an unpaid one", async () => {
    const featured = await (await api("/api/songs/featured")).json<{ id: string }>();
    expect(featured.id).toBe("song-b");
  });

  it("serves a distributed song and 404s one that is not public", async () => {
    expect(await (await api("/api/songs/song-a")).json()).toMatchObject({ id: "song-a", title: "Alpha" });
    for (const id of ["song-p", "song-q", "no-such-song"]) {
      const res = await api(`/api/songs/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Song not found" } });
      expect((await api(`/api/songs/${id}/audio`)).status).toBe(404);
    }
  });

  it("404s the cover of a song without one", async () => {
    const res = await api("/api/songs/song-b/cover");
    expect(res.status).toBe(404);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe("This song has no cover");
  });
});

describe("media streaming", () => {
  it("sends the whole file with validators, type and long-lived caching", async () => {
    const res = await api("/api/songs/song-a/audio");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("Content-Length")).toBe("10000");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toMatch(/^"[^"]+"$/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO_BYTES);
  });

  it("answers a byte range with 206 and the exact bytes", async () => {
    const res = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=100-199" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe("bytes 100-199/10000");
    expect(res.headers.get("Content-Length")).toBe("100");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO_BYTES.slice(100, 200));
  });

  it("answers open-ended and suffix ranges, clamping past the end", async () => {
    const open = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=9990-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("Content-Range")).toBe("bytes 9990-9999/10000");
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(AUDIO_BYTES.slice(9990));

    const suffix = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=-16" } });
    expect(suffix.headers.get("Content-Range")).toBe("bytes 9984-9999/10000");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(AUDIO_BYTES.slice(9984));

    const past = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=9000-20000" } });
    expect(past.headers.get("Content-Range")).toBe("bytes 9000-9999/10000");
    await past.arrayBuffer();
  });

  it("answers 416 with the size for a range past the end", async () => {
    const res = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=10000-10010" } });
    expect(res.status).toBe(416);
    expect(res.headers.get("Content-Range")).toBe("bytes */10000");
  });

  it("answers 304 to a matching If-None-Match, weak or strong", async () => {
    const etag = (await api("/api/songs/song-a/audio", { method: "HEAD" })).headers.get("ETag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await api("/api/songs/song-a/audio", { headers: { "If-None-Match": header } });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe("");
    }
    expect((await api("/api/songs/song-a/audio", { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  it("honours If-Range only while the ETag still matches", async () => {
    const etag = (await api("/api/songs/song-a/audio", { method: "HEAD" })).headers.get("ETag")!;
    const current = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=0-9", "If-Range": etag } });
    expect(current.status).toBe(206);
    await current.arrayBuffer();
    const changed = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=0-9", "If-Range": '"old-version"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("Content-Length")).toBe("10000");
    await changed.arrayBuffer();
  });

  it("ignores a Range it cannot serve as one range and sends the whole file", async () => {
    const res = await api("/api/songs/song-a/audio", { headers: { Range: "bytes=0-1,5-6" } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(10_000);
  });

  it("answers HEAD with the length and no body", async () => {
    const res = await api("/api/songs/song-a/audio", { method: "HEAD", headers: { Range: "bytes=0-99" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Length")).toBe("100");
    expect(await res.text()).toBe("");
  });

  it("serves covers and the videos by name", async () => {
    const cover = await api("/api/songs/song-a/cover");
    expect(cover.headers.get("Content-Type")).toBe("image/png");
    await cover.arrayBuffer();
    const promo = await api("/api/videos/promo");
    expect(promo.status).toBe(200);
    expect(promo.headers.get("Content-Type")).toBe("video/mp4");
    expect((await promo.arrayBuffer()).byteLength).toBe(4096);
    const success = await api("/api/videos/success.mp4", { headers: { Range: "bytes=0-1023" } });
    expect(success.status).toBe(206);
    expect((await success.arrayBuffer()).byteLength).toBe(1024);
    expect((await api("/api/videos/missing.mp4")).status).toBe(404);
    expect((await api("/api/videos/..%2Fsongs.mp4")).status).toBe(404);
  });
});

describe("errors", () => {
  it("answers unknown API paths with 404 JSON", async () => {
    const res = await api("/api/nothing/here", { method: "POST" });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No API route for POST /api/nothing/here" } });
  });
});

describe("reachability probe", () => {
  it("answers the browser's probe itself, never from a cache", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ reachable: true });
  });
});
