/**
 * GET /api/provider/releases and the media links it hands out, through the Worker's fetch handler with
 * real local D1 and R2. Songs reach the feed the real way (paid, audio checked, approved in review,
 * delivered). The provider who applies every change in order holds exactly the catalogue; pages move
 * a cursor and re-read identically; only fresh requests signed over their method, path and query are
 * answered; a media link streams its file with ranges until it expires, and only while the song is live.
 * Tests in this file share one database: the first describe runs while no song has been taken down.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CatalogueChange, DeliveryFeedPage, ReleaseChange } from "@jplay/schema/provider-feed";
import worker from "../../index";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import { takeDownSong } from "../../catalogue/song-takedown";
import { mediaLinkExpiry, mediaLinkSigner } from "../provider-media-links";
import { hmacHex, providerHmacKey } from "../provider-signature";
import { signGet } from "../../../test/provider-signing";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, pipelineContext, TEST_OPERATOR } from "../../../test/song-fixtures";
import { pngBytes, testContext } from "../../../test/support";

const SECRET = env.PROVIDER_WEBHOOK_SECRET!;
const ORIGIN = "http://jplay.test";
const HOUR = 3_600_000;
const DAY_SECONDS = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface SignOptions {
  timestamp?: number;
  secret?: string;
  /** What was signed, when the request sent differs from it. */
  signedPathAndQuery?: string;
  headers?: Record<string, string>;
}

/** A GET signed as the provider signs it: HMAC-SHA256 over "<timestamp>.GET <path and query>.primary.<SHA-256 of the empty body>" (signature v2). */
async function signedGet(pathAndQuery: string, options: SignOptions = {}, runEnv?: Env): Promise<Response> {
  const timestamp = String(options.timestamp ?? nowSeconds());
  const signature = await signGet(options.secret ?? SECRET, timestamp, options.signedPathAndQuery ?? pathAndQuery);
  const headers = options.headers ?? { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature };
  const request = new Request(`${ORIGIN}${pathAndQuery}`, { headers });
  return runEnv ? worker.fetch(request, runEnv, createExecutionContext()) : exports.default.fetch(request);
}

const feedPath = (since: string, limit?: number) => `/api/provider/releases?since=${since}${limit === undefined ? "" : `&limit=${limit}`}`;

async function readPage(since: string, limit?: number): Promise<DeliveryFeedPage> {
  const response = await signedGet(feedPath(since, limit));
  expect(response.status).toBe(200);
  return response.json();
}

/** Reads on from `since` page by page, as the provider does, until no more follow. */
async function readToTheEnd(since: string, limit: number) {
  const changes: CatalogueChange[] = [];
  let cursor = since;
  for (let pages = 1; ; pages++) {
    const page = await readPage(cursor, limit);
    expect(page.changes.length).toBeLessThanOrEqual(limit);
    changes.push(...page.changes);
    cursor = page.nextCursor;
    if (!page.hasMore) return { changes, cursor, pages };
  }
}

/** What a tablet holds after applying `changes` in order: a release adds or updates, a takedown removes. */
function applyChanges(changes: CatalogueChange[], tablet = new Map<string, ReleaseChange>()) {
  for (const change of changes) {
    if (change.kind === "release") tablet.set(change.songId, change);
    else tablet.delete(change.songId);
  }
  return tablet;
}

async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json<{ error: { code: string; message: string } }>()).error };
}

/** A song paid for a day ago (Pro), its audio checked, then approved in review: it goes live at once, released in the feed. */
async function deliveredSong(options: { cover?: boolean; explicit?: boolean } = {}): Promise<string> {
  const jobs = new CapturingQueue();
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId });
  if (options.cover) {
    const coverKey = `songs/${songId}/cover.png`;
    await env.MEDIA.put(coverKey, pngBytes(), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("update songs set cover_key = ?1 where id = ?2").bind(coverKey, songId).run();
  }
  if (options.explicit !== undefined)
    await env.DB.prepare("update songs set explicit = ?1 where id = ?2")
      .bind(options.explicit ? 1 : 0, songId)
      .run();
  await paySong(songId, artistId, "pro", Date.now() - 25 * HOUR);
  await processDistribution(pipelineContext(jobs), songId);
  expect(await approveInReview(songId, jobs)).toMatchObject({ status: "distributed" });
  return songId;
}

/** An operator's takedown, through the service the admin API calls. */
const takeDown = (songId: string, now = Date.now()) =>
  takeDownSong(testContext({ jobs: new CapturingQueue().asQueue() }), songId, { reason: "Rights claim from the label", actor: TEST_OPERATOR }, now);

/** The cursor of the feed's last change so far ("0" while it is empty): a test reads on from here. */
const endOfFeed = async () => String((await env.DB.prepare("select coalesce(max(seq), 0) as seq from catalogue_changes").first<number>("seq")) ?? 0);

const byId = (ids: Iterable<string>) => [...ids].sort();

describe("the provider plays the feed", () => {
  // First in this file: /api/songs/recent does not yet leave out taken-down songs, and nothing has been taken down here yet.
  it("read from the start page by page and applied in order, it gives exactly the songs the catalogue lists", async () => {
    const delivered = [
      await deliveredSong({ cover: true, explicit: false }),
      await deliveredSong({ explicit: true }),
      await deliveredSong(),
      await deliveredSong(),
    ];

    const { changes, pages } = await readToTheEnd("0", 3);
    expect(pages).toBe(2);
    const tablet = applyChanges(changes);
    const recent = await (await exports.default.fetch(new Request(`${ORIGIN}/api/songs/recent?limit=100`))).json<{ id: string }[]>();
    expect(byId(tablet.keys())).toEqual(byId(recent.map((song) => song.id)));
    expect(byId(tablet.keys())).toEqual(byId(delivered));

    // Each release describes the song as it is now, with links to fetch its files.
    const [first, explicitSong, unanswered] = delivered.map((id) => tablet.get(id)!);
    const row = await env.DB.prepare("select title, duration_ms, distributed_at, isrc, upc, release_date from songs where id = ?1")
      .bind(delivered[0])
      .first<{ title: string; duration_ms: number; distributed_at: number; isrc: string | null; upc: string | null; release_date: string }>();
    expect(row!.duration_ms).toBeGreaterThan(0);
    expect(first).toEqual({
      cursor: expect.stringMatching(/^\d+$/),
      kind: "release",
      songId: delivered[0],
      at: new Date(row!.distributed_at).toISOString(),
      title: row!.title,
      artist: "Fixture Artist",
      explicit: false,
      durationMs: row!.duration_ms,
      priceCents: 199,
      audioUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/api/provider/media/${delivered[0]}/audio\\?expires=\\d+&signature=[0-9a-f]{64}$`)),
      coverUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/api/provider/media/${delivered[0]}/cover\\?expires=\\d+&signature=[0-9a-f]{64}$`)),
      // The fixture's audio is silent frames: no loudness passes the gates, so none and no preview
      // (preview-clip.test.ts reads a measured song's).
      preview: null,
      loudness: null,
      // Release metadata as stored; the fixture's song has the columns' defaults and no credits.
      isrc: row!.isrc,
      upc: row!.upc,
      genre: "Pop",
      lyricsLanguage: "en",
      releaseDate: row!.release_date === "" ? null : row!.release_date,
      parentalWarning: "NotExplicit",
      credits: [],
      // No facility in this file: no compliance record (compliance.test.ts reads them).
      compliance: [],
    });
    expect(explicitSong).toMatchObject({ explicit: true, coverUrl: null, parentalWarning: "Explicit" });
    // Never answered: labelled explicit, as clean-only facilities treat it.
    expect(unanswered).toMatchObject({ explicit: null, coverUrl: null, parentalWarning: "Explicit" });
  });

  it("after a takedown, the songs it holds are the distributed songs not taken down; reading on shows just the takedown", async () => {
    const before = await readToTheEnd("0", 2);
    const delivered = [await deliveredSong(), await deliveredSong()];
    const gone = delivered[0]!;
    const takenDownAt = Date.now();
    await takeDown(gone, takenDownAt);

    // A provider that had read to the end reads on: two releases, then the takedown.
    const readingOn = await readToTheEnd(before.cursor, 2);
    expect(readingOn.changes.map((change) => [change.kind, change.songId])).toEqual([
      ["release", delivered[0]],
      ["release", delivered[1]],
      ["takedown", gone],
    ]);
    expect(readingOn.changes[2]).toEqual({ cursor: expect.stringMatching(/^\d+$/), kind: "takedown", songId: gone, at: new Date(takenDownAt).toISOString() });

    // A new tablet reads everything from the start.
    const fromStart = applyChanges((await readToTheEnd("0", 4)).changes);
    const live = await env.DB.prepare("select id from songs where status = 'distributed' and taken_down_at is null").all<{ id: string }>();
    expect(byId(fromStart.keys())).toEqual(byId(live.results.map((song) => song.id)));
    expect(fromStart.has(gone)).toBe(false);
    // …which is what the listeners' catalogue lists.
    const listed = await (await exports.default.fetch(new Request(`${ORIGIN}/api/songs/recent?limit=100`))).json<{ id: string }[]>();
    expect(byId(fromStart.keys())).toEqual(byId(listed.map((song) => song.id)));
    expect(byId(applyChanges(readingOn.changes, applyChanges(before.changes)).keys())).toEqual(byId(fromStart.keys()));
  });
});

describe("paging", () => {
  it("moves the cursor in feed order, says whether more follow, and keeps the cursor on an empty page", async () => {
    const start = await endOfFeed();
    const delivered: string[] = [];
    for (let n = 0; n < 5; n++) delivered.push(await deliveredSong());

    const first = await readPage(start, 2);
    expect(first.changes.map((change) => change.songId)).toEqual(delivered.slice(0, 2));
    expect(first).toMatchObject({ nextCursor: first.changes[1]!.cursor, hasMore: true });
    const second = await readPage(first.nextCursor, 2);
    expect(second.changes.map((change) => change.songId)).toEqual(delivered.slice(2, 4));
    expect(second.hasMore).toBe(true);
    const third = await readPage(second.nextCursor, 2);
    expect(third.changes.map((change) => change.songId)).toEqual(delivered.slice(4));
    expect(third).toMatchObject({ nextCursor: third.changes[0]!.cursor, hasMore: false });
    const cursors = [...first.changes, ...second.changes, ...third.changes].map((change) => Number(change.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(cursors[0]).toBeGreaterThan(Number(start));

    // Nothing new yet: an empty page that keeps the cursor, so the provider polls from the same place.
    expect(await readPage(third.nextCursor, 2)).toEqual({ changes: [], nextCursor: third.nextCursor, hasMore: false });
    // A song delivered later appears after it.
    const later = await deliveredSong();
    const afterLater = await readPage(third.nextCursor);
    expect(afterLater.changes.map((change) => change.songId)).toEqual([later]);

    // Without a limit a page holds up to 100; at most 500 may be asked for.
    expect((await readPage(start)).changes.map((change) => change.songId)).toEqual([...delivered, later]);
    expect((await readPage(start, 500)).changes).toHaveLength(6);
    expect((await readPage(start, 1)).changes).toHaveLength(1);
    // A page that holds exactly what is left says no more follow; one short of it says more do.
    expect(await readPage(start, 6)).toMatchObject({ nextCursor: afterLater.nextCursor, hasMore: false });
    expect((await readPage(start, 5)).hasMore).toBe(true);
  });

  it("re-reading from the same cursor gives the same answer", async () => {
    const start = await endOfFeed();
    await deliveredSong({ cover: true });
    await deliveredSong();
    for (const [since, limit] of [
      ["0", 100],
      [start, 1],
      [start, 2],
    ] as const) {
      const once = await signedGet(feedPath(since, limit));
      const twice = await signedGet(feedPath(since, limit));
      expect([once.status, twice.status]).toEqual([200, 200]);
      expect(await twice.text()).toBe(await once.text());
    }
  });

  it("refuses a malformed cursor or limit, or a cursor past the end of the feed, with 400 and a message", async () => {
    await deliveredSong();
    const end = Number(await endOfFeed());
    const refusals: [string, string][] = [
      ["/api/provider/releases?since=abc", "since must be a cursor this feed gave you (a whole number, 0 for the start of the feed)"],
      ["/api/provider/releases?since=-1", "since must be a cursor this feed gave you (a whole number, 0 for the start of the feed)"],
      ["/api/provider/releases?since=", "since must be a cursor this feed gave you (a whole number, 0 for the start of the feed)"],
      ["/api/provider/releases?since=1.5", "since must be a cursor this feed gave you (a whole number, 0 for the start of the feed)"],
      ["/api/provider/releases?limit=0", "limit must be a whole number from 1 to 500"],
      ["/api/provider/releases?limit=501", "limit must be a whole number from 1 to 500"],
      ["/api/provider/releases?limit=2.5", "limit must be a whole number from 1 to 500"],
      ["/api/provider/releases?since=0&cursor=4", "Unknown query parameter cursor: the feed takes since, limit and facility only"],
      ["/api/provider/releases?since=0&since=4", "Each query parameter may be given once"],
      [
        `/api/provider/releases?since=${end + 1}`,
        `since=${end + 1} is past the end of the feed (its last change is ${end}): use a cursor this feed gave you, or 0 to read from the start`,
      ],
    ];
    for (const [pathAndQuery, message] of refusals) {
      expect({ pathAndQuery, ...(await errorOf(await signedGet(pathAndQuery))) }).toEqual({ pathAndQuery, status: 400, code: "bad_request", message });
    }
    // The last change itself is a cursor the feed gave out: an empty page, not a refusal.
    expect(await readPage(String(end))).toEqual({ changes: [], nextCursor: String(end), hasMore: false });
  });
});

describe("signing", () => {
  it('signs HMAC-SHA256 over `${timestamp}.GET ${pathAndQuery}.${provider}.${sha256hex("")}`, hex (docs/catalogue-and-provider-api.md\'s openssl gives the same)', async () => {
    expect(await signGet(SECRET, "1700000000", "/api/provider/releases?since=0&limit=100")).toBe(
      "7e89f46fef39c1283880eb77352b3e3d5d67fc6b7bb8232fef58e25663f3541b",
    );
  });

  it("refuses unsigned, wrongly signed, stale and future requests, and a query changed after signing", async () => {
    const path = feedPath("0", 2);
    const refused = async (options: SignOptions, sent = path) => errorOf(await signedGet(sent, options));
    expect(await refused({ headers: {} })).toMatchObject({ status: 401, code: "missing_signature" });
    expect(await refused({ secret: "not-the-shared-secret" })).toMatchObject({
      status: 401,
      code: "invalid_signature",
      message:
        'The signature does not match the timestamp, method, path and query, provider and body (signature v2: "<timestamp>.<METHOD> <path and query>.<provider>.<hex SHA-256 of the body>")',
    });
    const stale = await refused({ timestamp: nowSeconds() - 5 * 60 - 5 });
    expect(stale).toMatchObject({
      status: 401,
      code: "stale_timestamp",
      message: "The request was signed more than 5 minutes ago; sign it again with the current time",
    });
    expect(await refused({ timestamp: nowSeconds() + 120 })).toMatchObject({ status: 401, code: "timestamp_in_future" });
    // Signed for one page, sent for another: the limit, the cursor, or a parameter added.
    expect(await refused({ signedPathAndQuery: path }, feedPath("0", 3))).toMatchObject({ status: 401, code: "invalid_signature" });
    expect(await refused({ signedPathAndQuery: path }, feedPath("1", 2))).toMatchObject({ status: 401, code: "invalid_signature" });
    expect(await refused({ signedPathAndQuery: path }, `${path}&x=1`)).toMatchObject({ status: 401, code: "invalid_signature" });
    // The signature is checked before the query: an unsigned caller learns nothing about it.
    expect(await refused({ headers: {} }, feedPath("abc", 0))).toMatchObject({ status: 401, code: "missing_signature" });

    // Signed a little while ago (within 5 minutes): answered.
    expect((await signedGet(path, { timestamp: nowSeconds() - 4 * 60 })).status).toBe(200);
  });

  it("answers 503 to the feed and to media links while no shared secret is configured", async () => {
    const noSecret = { ...env, PROVIDER_WEBHOOK_SECRET: undefined } as Env;
    expect(await errorOf(await signedGet(feedPath("0"), {}, noSecret))).toMatchObject({
      status: 503,
      code: "not_configured",
      message: "The delivery feed is not available: PROVIDER_WEBHOOK_SECRET is not configured",
    });
    const songId = await deliveredSong();
    const link = await (await mediaLinkSigner(SECRET, ORIGIN, mediaLinkExpiry(Date.now())))(songId, "audio");
    const media = await worker.fetch(new Request(link), noSecret, createExecutionContext());
    expect(await errorOf(media)).toMatchObject({ status: 503, code: "not_configured" });
  });
});

describe("media links", () => {
  async function releaseOf(songId: string): Promise<ReleaseChange> {
    const release = (await readToTheEnd("0", 500)).changes.findLast((change) => change.songId === songId);
    expect(release?.kind).toBe("release");
    return release as ReleaseChange;
  }

  it("signs over `${songId}.${kind}.${expires}` with a key derived by HKDF, and expires on the hour, 24 to 25 hours after the read", async () => {
    expect(mediaLinkExpiry(1_700_000_000_000)).toBe(1_700_089_200);
    // Computed apart from the Worker, with Node's crypto: createHmac("sha256", hkdfSync("sha256", SECRET,
    // <empty salt>, "jplay provider media links v1", 32)).update("song-1.audio.1700089200").
    expect(await (await mediaLinkSigner(SECRET, ORIGIN, 1_700_089_200))("song-1", "audio")).toBe(
      `${ORIGIN}/api/provider/media/song-1/audio?expires=1700089200&signature=9d50bb7293c95a828301197fcfca057b166ab09f3e232b710abbb449c2fcae13`,
    );
  });

  it("refuses a link signed with the shared secret itself: only the derived key signs links", async () => {
    const songId = await deliveredSong({ cover: false });
    const expires = mediaLinkExpiry(Date.now());
    const withRequestKey = await hmacHex(await providerHmacKey(SECRET, "sign"), `${songId}.audio.${expires}`);
    const response = await exports.default.fetch(new Request(`${ORIGIN}/api/provider/media/${songId}/audio?expires=${expires}&signature=${withRequestKey}`));
    expect(response.status).toBe(403);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe("invalid_link");
  });

  it("a release's links stream its audio with ranges and its cover, private, cached until the link expires", async () => {
    const songId = await deliveredSong({ cover: true });
    const release = await releaseOf(songId);
    const expires = Number(new URL(release.audioUrl).searchParams.get("expires"));
    const readAt = nowSeconds();
    expect(expires - readAt).toBeGreaterThan(DAY_SECONDS - 5);
    expect(expires - readAt).toBeLessThanOrEqual(DAY_SECONDS + 3600);

    const audio = await exports.default.fetch(new Request(release.audioUrl, { headers: { Range: "bytes=0-99" } }));
    expect(audio.status).toBe(206);
    // The delivered copy: the upload behind JPlay's ID3 tag with its ISRC (workers/api/src/releases/delivered-copy.ts).
    const stored = await env.MEDIA.get(`songs/${songId}/delivered.mp3`);
    const storedBytes = new Uint8Array(await stored!.arrayBuffer());
    expect(String.fromCharCode(...storedBytes.subarray(0, 3))).toBe("ID3");
    expect(audio.headers.get("Content-Range")).toBe(`bytes 0-99/${storedBytes.length}`);
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(storedBytes.slice(0, 100));
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(audio.headers.get("Cache-Control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(expires - readAt);

    const cover = await exports.default.fetch(new Request(release.coverUrl!));
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await cover.arrayBuffer())).toEqual(pngBytes());
  });

  it("refuses an expired or altered link with 403 and a message", async () => {
    const songId = await deliveredSong({ cover: true });
    const other = await deliveredSong();
    const { audioUrl } = await releaseOf(songId);
    const refused = async (url: string) => errorOf(await exports.default.fetch(new Request(url)));

    const expired = await (await mediaLinkSigner(SECRET, ORIGIN, nowSeconds() - 1))(songId, "audio");
    const expiredAnswer = await refused(expired);
    expect(expiredAnswer).toMatchObject({ status: 403, code: "link_expired" });
    expect(expiredAnswer.message).toMatch(/^This media link expired at .*Z; read the release again from the delivery feed for a fresh link$/);

    const altered =
      "This media link was altered: its signature does not match the song, file and expiry; read the release again from the delivery feed for a fresh link";
    const url = new URL(audioUrl);
    const withSearch = (path: string, change: (params: URLSearchParams) => void) => {
      const changed = new URL(path, ORIGIN);
      changed.search = url.search;
      change(changed.searchParams);
      return changed.href;
    };
    // Another song, another file of the same song, a later expiry, or a link signed with another secret.
    expect(await refused(withSearch(`/api/provider/media/${other}/audio`, () => {}))).toEqual({ status: 403, code: "invalid_link", message: altered });
    expect(await refused(withSearch(`/api/provider/media/${songId}/cover`, () => {}))).toEqual({ status: 403, code: "invalid_link", message: altered });
    expect(await refused(withSearch(url.pathname, (params) => params.set("expires", String(Number(params.get("expires")) + 3600))))).toEqual({
      status: 403,
      code: "invalid_link",
      message: altered,
    });
    const foreign = await (await mediaLinkSigner("not-the-shared-secret", ORIGIN, mediaLinkExpiry(Date.now())))(songId, "audio");
    expect(await refused(foreign)).toEqual({ status: 403, code: "invalid_link", message: altered });
    expect(await refused(withSearch(url.pathname, (params) => params.delete("signature")))).toMatchObject({ status: 403, code: "invalid_link" });
    expect(await refused(`${ORIGIN}${url.pathname}`)).toMatchObject({ status: 403, code: "invalid_link" });

    // The link as given still works.
    expect((await exports.default.fetch(new Request(audioUrl))).status).toBe(200);
  });

  it("serves nothing for a song that is not live: taken down, not yet delivered, or unknown (404)", async () => {
    const sign = await mediaLinkSigner(SECRET, ORIGIN, mediaLinkExpiry(Date.now()));
    const notLive = "This song is not in the catalogue: it was never released, or it was taken down";

    const songId = await deliveredSong({ cover: true });
    const { audioUrl, coverUrl } = await releaseOf(songId);
    expect((await exports.default.fetch(new Request(audioUrl))).status).toBe(200);
    await takeDown(songId);
    for (const link of [audioUrl, coverUrl!]) {
      expect(await errorOf(await exports.default.fetch(new Request(link)))).toEqual({ status: 404, code: "not_found", message: notLive });
    }

    // Paid and approved in review, its delivery time not yet come: a valid link still serves nothing.
    const artistId = await insertArtist();
    const waiting = await insertSong({ artistId });
    await paySong(waiting, artistId, "standard");
    await approveInReview(waiting);
    expect(await errorOf(await exports.default.fetch(new Request(await sign(waiting, "audio"))))).toEqual({ status: 404, code: "not_found", message: notLive });
    expect(await errorOf(await exports.default.fetch(new Request(await sign("no-such-song", "audio"))))).toEqual({
      status: 404,
      code: "not_found",
      message: notLive,
    });

    // A live song without a cover.
    const coverless = await deliveredSong();
    expect(await errorOf(await exports.default.fetch(new Request(await sign(coverless, "cover"))))).toEqual({
      status: 404,
      code: "not_found",
      message: "This song has no cover",
    });
  });
});
