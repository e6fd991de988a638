/**
 * GET /api/provider/releases/ern through the Worker's fetch handler with real local D1 and R2: the
 * JSON feed's changes, pages and cursors, each change carrying one ERN 4.3 NewReleaseMessage that
 * describes the song as stored (metadata, credits, identifiers) with working signed links, and a
 * takedown as a deal that has ended; signed and refused exactly like the JSON feed.
 *
 * The messages are checked for their structure here; their validity against the DDEX XSD is checked
 * in the unit tests (src/provider/ern/ern-messages.test.ts), which build pages with the same
 * builder this route uses — the XSD validator (xmllint-wasm) runs in Node, not in workerd.
 *
 * This file shares a runtime with others (decision 040): it reads the feed only from the cursor
 * where its own changes begin, and compares the two feeds page by page over the same range.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DeliveryFeedPage, ErnFeedPage } from "@jplay/schema/provider-feed";
import { gtinCheckDigit } from "@jplay/schema/identifiers";
import worker from "../../index";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import { takeDownSong } from "../../catalogue/song-takedown";
import { saveSongSplit } from "../../splits/index";
import { signGet } from "../../../test/provider-signing";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, pipelineContext, TEST_OPERATOR } from "../../../test/song-fixtures";
import { pngBytes, testContext } from "../../../test/support";

const SECRET = env.PROVIDER_WEBHOOK_SECRET!;
const ORIGIN = "http://jplay.test";
const HOUR = 3_600_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A week ago (UTC): the songs here are out, whatever rules hold back songs whose day has not come. */
const RELEASE_DATE = new Date(Date.now() - 7 * 24 * HOUR).toISOString().slice(0, 10);

async function signedGet(pathAndQuery: string, options: { secret?: string; headers?: Record<string, string> } = {}, runEnv?: Env): Promise<Response> {
  const timestamp = String(nowSeconds());
  const signature = await signGet(options.secret ?? SECRET, timestamp, pathAndQuery);
  const request = new Request(`${ORIGIN}${pathAndQuery}`, { headers: options.headers ?? { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature } });
  return runEnv ? worker.fetch(request, runEnv, createExecutionContext()) : exports.default.fetch(request);
}

const ernPath = (since: string, limit: number) => `/api/provider/releases/ern?since=${since}&limit=${limit}`;
const jsonPath = (since: string, limit: number) => `/api/provider/releases?since=${since}&limit=${limit}`;

async function readErnPage(since: string, limit: number): Promise<ErnFeedPage> {
  const response = await signedGet(ernPath(since, limit));
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return response.json();
}

async function readJsonPage(since: string, limit: number): Promise<DeliveryFeedPage> {
  const response = await signedGet(jsonPath(since, limit));
  expect(response.status).toBe(200);
  return response.json();
}

async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json<{ error: { code: string; message: string } }>()).error };
}

const allText = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((match) => match[1]!);
const between = (xml: string, name: string) => xml.slice(xml.indexOf(`<${name}>`), xml.indexOf(`</${name}>`));
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** A fresh ISRC and UPC (both columns are unique, and other files' songs share this database). */
function freshIdentifiers() {
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");
  const upcBody = digits(11);
  return { isrc: `QZ${crypto.randomUUID().replace(/-/g, "").slice(0, 3).toUpperCase()}26${digits(5)}`, upc: upcBody + String(gtinCheckDigit(upcBody)) };
}

interface Metadata {
  explicit?: boolean;
  cover?: boolean;
  identifiers?: boolean;
  cleanVersionOf?: string;
  instrumental?: boolean;
  credits?: [string, string][];
}

/** A song paid, checked, approved and so released in the feed; then given its release metadata as the upload would have. */
async function releasedSong(metadata: Metadata = {}): Promise<{ songId: string; isrc: string | null; upc: string | null }> {
  const jobs = new CapturingQueue();
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId });
  if (metadata.cover) {
    const coverKey = `songs/${songId}/cover.png`;
    await env.MEDIA.put(coverKey, pngBytes(), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("update songs set cover_key = ?1 where id = ?2").bind(coverKey, songId).run();
  }
  await paySong(songId, artistId, "pro", Date.now() - 25 * HOUR);
  await processDistribution(pipelineContext(jobs), songId);
  expect(await approveInReview(songId, jobs)).toMatchObject({ status: "distributed" });

  const { isrc, upc } = metadata.identifiers ? freshIdentifiers() : { isrc: null, upc: null };
  await env.DB.prepare(
    `update songs set explicit = ?1, isrc = ?2, upc = ?3, clean_version_of = ?4, instrumental = ?5, lyrics_language = ?6, genre = ?7,
       release_date = ?8, p_line_year = 2026, p_line_holder = 'Blue Room Records', c_line_year = 2026, c_line_holder = 'Fixture Artist'
     where id = ?9`,
  )
    .bind(
      metadata.explicit === undefined ? null : metadata.explicit ? 1 : 0,
      isrc,
      upc,
      metadata.cleanVersionOf ?? null,
      metadata.instrumental ? 1 : 0,
      metadata.instrumental ? "zxx" : "en",
      metadata.instrumental ? "Jazz" : "R&B/Soul",
      RELEASE_DATE,
      songId,
    )
    .run();
  const credits = metadata.credits ?? [];
  if (credits.length > 0)
    await env.DB.batch(
      credits.map(([name, role], position) =>
        env.DB.prepare("insert into song_credits (song_id, position, name, role) values (?1, ?2, ?3, ?4)").bind(songId, position, name, role),
      ),
    );
  // isrc/upc as stored now: assignment before delivery may have given them already.
  const stored = await env.DB.prepare("select isrc, upc from songs where id = ?1").bind(songId).first<{ isrc: string | null; upc: string | null }>();
  return { songId, isrc: stored!.isrc, upc: stored!.upc };
}

const endOfFeed = async () => String((await env.DB.prepare("select coalesce(max(seq), 0) as seq from catalogue_changes").first<number>("seq")) ?? 0);

describe("the ERN feed", () => {
  it("pages like the JSON feed and carries one ERN 4.3 message per change, describing the song as stored", async () => {
    const start = await endOfFeed();
    const explicit = await releasedSong({
      explicit: true,
      cover: true,
      identifiers: true,
      credits: [
        ["Fixture Artist", "performer"],
        ["Fixture Artist", "composer"],
        ["Jo <Vance> & Co", "featured_artist"],
        ["Sam Okafor", "producer"],
      ],
    });
    const clean = await releasedSong({ explicit: false, cleanVersionOf: explicit.songId, credits: [["Fixture Artist", "composer"]] });
    const instrumental = await releasedSong({ explicit: false, instrumental: true, credits: [["Fixture Artist", "composer"]] });
    const plain = await releasedSong({ explicit: false, cover: true });
    const takenDownAt = Date.now();
    await takeDownSong(
      testContext({ jobs: new CapturingQueue().asQueue() }),
      plain.songId,
      { reason: "Rights claim from the label", actor: TEST_OPERATOR },
      takenDownAt,
    );

    // Read both feeds from the same cursor, two at a time, until neither has more.
    const ernPages: ErnFeedPage[] = [];
    const jsonPages: DeliveryFeedPage[] = [];
    for (let cursor = start; ;) {
      const [ern, json] = [await readErnPage(cursor, 2), await readJsonPage(cursor, 2)];
      ernPages.push(ern);
      jsonPages.push(json);
      cursor = ern.nextCursor;
      if (!ern.hasMore) break;
    }
    // Same pages, cursors, kinds, songs and times.
    expect(ernPages.map((page) => ({ ...page, changes: page.changes.map(({ cursor, kind, songId, at }) => ({ cursor, kind, songId, at })) }))).toEqual(
      jsonPages.map((page) => ({ ...page, changes: page.changes.map(({ cursor, kind, songId, at }) => ({ cursor, kind, songId, at })) })),
    );
    expect(ernPages.length).toBeGreaterThanOrEqual(3);
    const mine = new Set([explicit.songId, clean.songId, instrumental.songId, plain.songId]);
    const changes = ernPages.flatMap((page) => page.changes).filter((change) => mine.has(change.songId));
    expect(changes.map((change) => [change.kind, change.songId])).toEqual([
      ["release", explicit.songId],
      ["release", clean.songId],
      ["release", instrumental.songId],
      ["release", plain.songId],
      ["takedown", plain.songId],
    ]);

    // Each is one whole ERN 4.3 NewReleaseMessage, from JPlay's DPID, named after its change.
    for (const change of changes) {
      expect(change.ern).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<ern:NewReleaseMessage xmlns:ern="http:\/\/ddex.net\/xml\/ern\/43" /);
      expect(change.ern.match(/<ern:NewReleaseMessage /g)).toHaveLength(1);
      expect(change.ern.trimEnd().endsWith("</ern:NewReleaseMessage>")).toBe(true);
      expect(allText(change.ern, "MessageId")).toEqual([`JPLAY-CHANGE-${change.cursor}`]);
      expect(allText(change.ern, "MessageThreadId")).toEqual([change.songId]);
      expect(allText(change.ern, "MessageCreatedDateTime")).toEqual([change.at]);
      expect(allText(between(change.ern, "MessageSender"), "PartyId")).toEqual([env.DDEX_PARTY_ID]);
      expect(allText(change.ern, "MessageControlType")).toEqual(["TestMessage"]);
      expect(allText(change.ern, "ProprietaryId")).toContain(change.songId);
    }
    const [explicitErn, cleanErn, instrumentalErn, plainErn, takedownErn] = changes.map((change) => change.ern) as [string, string, string, string, string];

    // The song as stored: title, identifiers, warning, language, genre, credits, ℗/©, price, release date.
    const row = await env.DB.prepare("select title, duration_ms from songs where id = ?1")
      .bind(explicit.songId)
      .first<{ title: string; duration_ms: number }>();
    expect(allText(explicitErn, "TitleText")).toEqual([row!.title, row!.title]);
    expect(allText(explicitErn, "ISRC")).toEqual([explicit.isrc]);
    expect(allText(explicitErn, "ICPN")).toEqual([explicit.upc]);
    expect(allText(explicitErn, "ParentalWarningType")).toEqual(["Explicit", "Explicit"]);
    expect(allText(cleanErn, "ParentalWarningType")).toEqual(["ExplicitContentEdited", "ExplicitContentEdited"]);
    expect(allText(plainErn, "ParentalWarningType")).toEqual(["NotExplicit", "NotExplicit"]);
    expect(allText(explicitErn, "LanguageOfPerformance")).toEqual(["en"]);
    expect(allText(instrumentalErn, "LanguageOfPerformance")).toEqual(["zxx"]);
    expect(allText(instrumentalErn, "GenreText")).toEqual(["Jazz"]);
    expect(allText(explicitErn, "GenreText").map(unescape)).toEqual(["R&B/Soul"]);
    expect(allText(explicitErn, "Duration")[0]).toMatch(/^PT(\d+M)?[\d.]+S$/);
    expect(row!.duration_ms).toBeGreaterThan(0);
    expect(allText(explicitErn, "FullName").map(unescape)).toEqual(["JPlay", "Fixture Artist", "Jo <Vance> & Co", "Sam Okafor", "Blue Room Records"]);
    expect(allText(between(explicitErn, "SoundRecording"), "DisplayArtistRole")).toEqual(["MainArtist", "FeaturedArtist"]);
    expect(allText(between(explicitErn, "SoundRecording"), "Role")).toEqual(["Composer", "StudioProducer"]);
    expect(allText(explicitErn, "PLineText")).toEqual(["℗ 2026 Blue Room Records", "℗ 2026 Blue Room Records"]);
    expect(allText(explicitErn, "CLineText")).toEqual(["© 2026 Fixture Artist"]);
    expect(allText(explicitErn, "ReleaseDate")).toEqual([RELEASE_DATE]);
    expect(allText(between(explicitErn, "DealTerms"), "StartDate")).toEqual([RELEASE_DATE]);
    expect(allText(explicitErn, "TerritoryCode")).toEqual(["US"]);
    expect(allText(explicitErn, "SuggestedRetailPrice")).toEqual(["1.99"]);

    // The JSON feed carries the same metadata.
    const jsonRelease = jsonPages.flatMap((page) => page.changes).find((change) => change.songId === explicit.songId && change.kind === "release");
    expect(jsonRelease).toMatchObject({
      isrc: explicit.isrc,
      upc: explicit.upc,
      genre: "R&B/Soul",
      lyricsLanguage: "en",
      releaseDate: RELEASE_DATE,
      parentalWarning: "Explicit",
      credits: [
        { name: "Fixture Artist", role: "performer" },
        { name: "Fixture Artist", role: "composer" },
        { name: "Jo <Vance> & Co", role: "featured_artist" },
        { name: "Sam Okafor", role: "producer" },
      ],
    });

    // The links in a release message fetch its files; a song without a cover has no cover link.
    const [audioUrl, coverUrl] = allText(explicitErn, "URI").map(unescape) as [string, string];
    expect(audioUrl).toMatch(new RegExp(`^${ORIGIN}/api/provider/media/${explicit.songId}/audio\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect((await exports.default.fetch(new Request(audioUrl))).status).toBe(200);
    const cover = await exports.default.fetch(new Request(coverUrl));
    expect(cover.status).toBe(200);
    expect(new Uint8Array(await cover.arrayBuffer())).toEqual(pngBytes());
    expect(allText(cleanErn, "URI")).toHaveLength(1);
    expect(cleanErn).not.toContain("<Image>");

    // The takedown: the same release, its deal ended at the moment it was taken down, no links.
    const takedownTerms = between(takedownErn, "DealTerms");
    expect(allText(takedownTerms, "StartDateTime")).toEqual([`${RELEASE_DATE}T00:00:00.000Z`]);
    expect(allText(takedownTerms, "EndDateTime")).toEqual([new Date(takenDownAt).toISOString()]);
    expect(allText(takedownErn, "URI")).toEqual([]);
    expect(allText(takedownErn, "ProprietaryId")).toContain(plain.songId);
    // Its files are no longer served, whatever link the provider still holds.
    const [plainAudio] = allText(plainErn, "URI").map(unescape) as [string];
    expect((await exports.default.fetch(new Request(plainAudio))).status).toBe(404);

    // Re-reading a page gives the same answer.
    const again = await signedGet(ernPath(start, 2));
    const once = await signedGet(ernPath(start, 2));
    expect(await again.text()).toBe(await once.text());
  });

  it("names a song's collaborators as contributors with their roles, never their shares or phones", async () => {
    const start = await endOfFeed();
    const { songId } = await releasedSong({
      credits: [
        ["Fixture Artist", "composer"],
        ["Bea Beats", "producer"],
      ],
    });
    const artistId = (await env.DB.prepare("select artist_id from songs where id = ?1").bind(songId).first<string>("artist_id"))!;
    await saveSongSplit(testContext({ now: () => Date.now() - 60_000 }), artistId, songId, {
      collaborators: [
        // Already credited as producer: named once.
        { name: "Bea Beats", phone: "+15550177001", role: "producer", basisPoints: 2_500 },
        { name: "Lyra Words", phone: "+15550177002", role: "lyricist", basisPoints: 1_250 },
      ],
      recoup: null,
    });
    const page = await readErnPage(start, 10);
    const xml = page.changes.find((change) => change.songId === songId)!.ern;
    const parties = new Map(
      [...xml.matchAll(/<PartyReference>(P\d+)<\/PartyReference>\s*<PartyName>\s*<FullName>([^<]*)<\/FullName>/g)].map((m) => [m[1]!, unescape(m[2]!)]),
    );
    const contributors = [...xml.matchAll(/<ContributorPartyReference>(P\d+)<\/ContributorPartyReference>((?:\s*<Role>\w+<\/Role>)+)/g)].map(
      (m) => `${parties.get(m[1]!)}: ${allText(m[2]!, "Role").join(",")}`,
    );
    expect(contributors).toEqual(["Fixture Artist: Composer", "Bea Beats: StudioProducer", "Lyra Words: Lyricist"]);
    expect(xml).not.toContain("5550177");
    // No element holds a share: 2,500 / 1,250 basis points, 25 % / 12.5 %.
    expect(xml).not.toMatch(/>(?:2500|1250|25(?:\.0+)?|12\.50?)</);
    const json = (await readJsonPage(start, 10)).changes.find((change) => change.songId === songId)!;
    expect(json).toMatchObject({
      credits: [
        { name: "Fixture Artist", role: "composer" },
        { name: "Bea Beats", role: "producer" },
        { name: "Lyra Words", role: "lyricist" },
      ],
    });
    expect(JSON.stringify(json)).not.toContain("5550177");
  });

  it("refuses what the JSON feed refuses: unsigned, wrongly signed or altered requests, malformed queries, cursors past the end", async () => {
    const path = ernPath("0", 2);
    expect(await errorOf(await signedGet(path, { headers: {} }))).toMatchObject({ status: 401, code: "missing_signature" });
    expect(await errorOf(await signedGet(path, { secret: "not-the-shared-secret" }))).toMatchObject({
      status: 401,
      code: "invalid_signature",
      message:
        'The signature does not match the timestamp, method, path and query, provider and body (signature v2: "<timestamp>.<METHOD> <path and query>.<provider>.<hex SHA-256 of the body>")',
    });
    // Signed for the JSON feed, sent to the ERN feed.
    const timestamp = String(nowSeconds());
    const signedForJson = await signGet(SECRET, timestamp, jsonPath("0", 2));
    const sentToErn = await exports.default.fetch(
      new Request(`${ORIGIN}${path}`, { headers: { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signedForJson } }),
    );
    expect(await errorOf(sentToErn)).toMatchObject({ status: 401, code: "invalid_signature" });

    expect(await errorOf(await signedGet("/api/provider/releases/ern?limit=0"))).toEqual({
      status: 400,
      code: "bad_request",
      message: "limit must be a whole number from 1 to 500",
    });
    expect(await errorOf(await signedGet("/api/provider/releases/ern?since=0&cursor=4"))).toEqual({
      status: 400,
      code: "bad_request",
      message: "Unknown query parameter cursor: the feed takes since, limit and facility only",
    });
    const past = Number(await endOfFeed()) + 1_000_000;
    expect(await errorOf(await signedGet(`/api/provider/releases/ern?since=${past}`))).toMatchObject({ status: 400, code: "bad_request" });
  });

  it("answers 503 while JPlay's DDEX Party ID is missing or not a DPID, and only to a signed request", async () => {
    for (const DDEX_PARTY_ID of [undefined, "", "JPLAY-1"]) {
      const unconfigured = { ...env, DDEX_PARTY_ID } as Env;
      expect(await errorOf(await signedGet(ernPath("0", 1), {}, unconfigured))).toEqual({
        status: 503,
        code: "not_configured",
        message: "The DDEX ERN feed is not available: DDEX_PARTY_ID must be JPlay's DDEX Party ID (PADPIDA followed by letters and digits)",
      });
      expect(await errorOf(await signedGet(ernPath("0", 1), { headers: {} }, unconfigured))).toMatchObject({ status: 401, code: "missing_signature" });
      // The JSON feed does not need it.
      expect((await signedGet(jsonPath("0", 1), {}, unconfigured)).status).toBe(200);
    }
  });
});
