/**
 * Release identifiers against real local D1 and R2: a paid song taken through the pipeline gets an
 * ISRC under the ISRC_PREFIX setting (this year, the next designation) and a UPC under
 * UPC_COMPANY_PREFIX with a right check digit, before it can be delivered; the provider's audio link
 * then serves a copy whose ID3 TSRC is that ISRC. Numbers are consecutive and never taken twice for a
 * song; codes an artist entered are kept; a used-up sequence and missing settings fail closed.
 *
 * This file shares a runtime with others (docs/decisions/040): it reads only its own songs, and the
 * sequences it counts exactly are its own (a year of reference and company prefixes no other file uses).
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatIsrc, gtinCheckDigit, mintIsrc, mintUpc, normalizeGtin, normalizeIsrcPrefix } from "@jplay/schema/identifiers";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import {
  assignIdentifiers,
  backfillIdentifiers,
  deliveredAudioKey,
  identifierSettings,
  IdentifierSettingsError,
  IdentifiersExhaustedError,
  isrcSequence,
  lastNumberTaken,
  prepareRelease,
  upcSequence,
  type IdentifierSettings,
} from "..";
import { leadingId3v2Length, readSynchsafe } from "../id3-tag";
import { applyGainSteps } from "../normalise-loudness";
import { globalGains, layer3Frames } from "../../platform/mp3-side-info";
import { deliverDueSongs } from "../../distribution/distribution-pipeline";
import { mediaLinkExpiry, mediaLinkSigner } from "../../provider/provider-media-links";
import {
  approveInReview,
  CapturingQueue,
  insertArtist,
  insertSong,
  paySong,
  pipelineContext,
  pipelineEnv,
  songRow,
  withId3,
  toneMp3,
} from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";

const testCtx = testContext();
const HOUR = 3_600_000;
const ORIGIN = "http://jplay.test";

interface IdentifierRow {
  isrc: string | null;
  upc: string | null;
}
const identifiersOf = (songId: string) => env.DB.prepare("select isrc, upc from songs where id = ?1").bind(songId).first<IdentifierRow>();

const randomDigits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");
const randomLetters = (count: number) => Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
/** A company prefix of `length` digits no other file uses: this file's sequences start from nothing. */
const ownUpcPrefix = (length: number) => `049${randomDigits(length - 3)}`;
/** An ISRC an artist could bring from their own label (a prefix nobody here mints under). */
const labelIsrc = () => `QM${randomLetters(3)}25${randomDigits(5)}`;
const labelUpc = () => {
  const body = `8${randomDigits(10)}`;
  return body + String(gtinCheckDigit(body));
};

/** Settings of this file's own: an ISRC prefix and UPC company prefix nothing else mints under. */
const ownSettings = (upcLength = 8): IdentifierSettings => ({ isrcPrefix: `ZZ${randomLetters(3)}`, upcCompanyPrefix: ownUpcPrefix(upcLength) });
/** Years of reference no other file assigns in (the real ones are the current year). */
const ownYear = (year: number) => Date.UTC(year, 5, 15, 12);

/** A song paid for a day ago (Pro), ready for the audio check; its stored MP3 has an ID3 tag of its own. */
async function paidSong(audio = withId3(toneMp3(1))) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, audio });
  await paySong(songId, artistId, "pro", Date.now() - 25 * HOUR);
  return { songId, artistId, audio };
}

/**
 * The text frames of the ID3v2.3 tag `bytes` start with (UTF-16 bodies after a byte-order mark, as JPlay
 * writes them), up to its padding; user-defined ones (TXXX: the loudness tags, read in
 * tablet-ready-copy.test.ts) are left out.
 */
function id3TextFrames(bytes: Uint8Array): Record<string, string> {
  expect(String.fromCharCode(...bytes.subarray(0, 3))).toBe("ID3");
  expect([bytes[3], bytes[4]]).toEqual([3, 0]);
  const end = 10 + readSynchsafe(bytes, 6)!;
  const frames: Record<string, string> = {};
  for (let at = 10; at < end && bytes[at] !== 0;) {
    const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(at + 4);
    expect([...bytes.subarray(at + 10, at + 13)]).toEqual([1, 0xff, 0xfe]);
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (id !== "TXXX") frames[id] = new TextDecoder("utf-16le").decode(bytes.subarray(at + 13, at + 10 + size));
    at += 10 + size;
  }
  return frames;
}

/** The first audio frame's first global_gain. */
function firstGlobalGain(audio: Uint8Array): number {
  const frame = layer3Frames(audio, 0).find((candidate) => !candidate.vbrHeader)!;
  return globalGains(audio, frame)[0]!;
}

describe("the settings", () => {
  const production = { APP_ENV: "production", ISRC_PREFIX: "US-S1Z", UPC_COMPANY_PREFIX: "0360002" };

  it("give the development placeholders to this test runtime (wrangler.toml [vars])", () => {
    expect(identifierSettings(env)).toEqual({ isrcPrefix: "XXJPL", upcCompanyPrefix: "040000" });
    expect(identifierSettings(production)).toEqual({ isrcPrefix: "USS1Z", upcCompanyPrefix: "0360002" });
  });

  it("fail closed in production: missing, malformed, or the development placeholder", () => {
    const refusals: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ ISRC_PREFIX: undefined }, /^ISRC_PREFIX is not set/],
      [{ ISRC_PREFIX: " " }, /^ISRC_PREFIX is not set/],
      [{ UPC_COMPANY_PREFIX: undefined }, /^UPC_COMPANY_PREFIX is not set/],
      [{ ISRC_PREFIX: "US-S1Z-26" }, /^ISRC_PREFIX "US-S1Z-26" is not an ISRC prefix/],
      [{ UPC_COMPANY_PREFIX: "03600" }, /^UPC_COMPANY_PREFIX "03600" is not a GS1 company prefix of 6 to 11 digits/],
      [{ ISRC_PREFIX: "XX-JPL" }, /^ISRC_PREFIX is the development placeholder/],
      [{ UPC_COMPANY_PREFIX: "040000" }, /^UPC_COMPANY_PREFIX is the development placeholder/],
    ];
    for (const [overrides, message] of refusals) {
      const read = () => identifierSettings({ ...production, ...overrides });
      expect(read, JSON.stringify(overrides)).toThrow(IdentifierSettingsError);
      expect(read, JSON.stringify(overrides)).toThrow(message);
      expect(read).toThrow(/songs without them are not delivered/);
    }
    // Development takes its placeholders, never a malformed value.
    expect(() => identifierSettings({ APP_ENV: "development", ISRC_PREFIX: "XX-JP", UPC_COMPANY_PREFIX: "040000" })).toThrow(/ISRC_PREFIX/);
  });
});

describe("through the pipeline", () => {
  it("a paid song gets this year's next ISRC under the setting and a UPC with its check digit before delivery, and the provider's audio carries the ISRC", async () => {
    const year = new Date().getUTCFullYear();
    const prefix = normalizeIsrcPrefix(env.ISRC_PREFIX!)!;
    const { songId, audio } = await paidSong();
    const isrcBefore = await lastNumberTaken(testCtx, isrcSequence(year));
    const upcBefore = await lastNumberTaken(testCtx, upcSequence(env.UPC_COMPANY_PREFIX!));

    const jobs = new CapturingQueue();
    await processDistribution(pipelineContext(jobs), songId);
    const { isrc, upc } = (await identifiersOf(songId))!;
    expect(isrc).toMatch(new RegExp(`^${prefix}${String(year % 100).padStart(2, "0")}\\d{5}$`));
    // The next designation: more than the last one taken before, at most the last one taken after (other files' songs may take numbers too).
    const designation = Number(isrc!.slice(7));
    expect(designation).toBeGreaterThan(isrcBefore);
    expect(designation).toBeLessThanOrEqual(await lastNumberTaken(testCtx, isrcSequence(year)));
    expect(upc).toMatch(new RegExp(`^${env.UPC_COMPANY_PREFIX}\\d{6}$`));
    expect(Number(upc!.slice(-1))).toBe(gtinCheckDigit(upc!.slice(0, -1)));
    expect(normalizeGtin(upc!)).toBe(upc);
    expect(Number(upc!.slice(6, 11)) + 1).toBeGreaterThan(upcBefore);
    expect((await songRow(songId))!.deliver_at).not.toBeNull();

    // Redelivered, the job changes nothing.
    await processDistribution(pipelineContext(jobs), songId);
    expect(await identifiersOf(songId)).toEqual({ isrc, upc });

    expect(await approveInReview(songId, jobs)).toMatchObject({ status: "distributed" });
    const link = await (await mediaLinkSigner(env.PROVIDER_WEBHOOK_SECRET!, ORIGIN, mediaLinkExpiry(Date.now())))(songId, "audio");
    const response = await exports.default.fetch(new Request(link));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("audio/mpeg");
    const served = new Uint8Array(await response.arrayBuffer());
    const song = (await env.DB.prepare("select title, artist_name from songs where id = ?1").bind(songId).first<{ title: string; artist_name: string }>())!;
    expect(id3TextFrames(served)).toEqual({ TIT2: song.title, TPE1: song.artist_name, TSRC: isrc });
    // After our tag: the stored file's audio, its own tag gone, every byte the same once the loudness
    // normalisation's global_gain steps are moved back (they are all it changes).
    const servedAudio = served.subarray(leadingId3v2Length(served));
    const storedAudio = audio.subarray(leadingId3v2Length(audio));
    const steps = firstGlobalGain(servedAudio) - firstGlobalGain(storedAudio);
    expect(applyGainSteps(servedAudio, -steps)).toEqual({ audio: storedAudio, steps: -steps });
    expect(leadingId3v2Length(audio)).toBeGreaterThan(0);
  });

  it("fails closed without the settings: the job fails naming them, the song is not scheduled, and no sweep delivers it", async () => {
    const { songId } = await paidSong();
    const jobs = new CapturingQueue();
    const misconfigured = { ...pipelineEnv(jobs), APP_ENV: "production", ISRC_PREFIX: undefined };
    await expect(processDistribution(testContext({ env: misconfigured }), songId)).rejects.toThrow(/^ISRC_PREFIX is not set/);
    expect(await songRow(songId)).toMatchObject({ status: "approved", deliver_at: null });
    expect(await identifiersOf(songId)).toEqual({ isrc: null, upc: null });
    expect(await env.MEDIA.head(deliveredAudioKey(songId))).toBeNull();
    expect(jobs.take()).toEqual([]);

    // Reviewed and due, but without identifiers: the delivery leaves it waiting.
    await env.DB.prepare("update songs set deliver_at = ?1, reviewed_at = ?1, reviewed_by = 'ops@jplay.test' where id = ?2")
      .bind(Date.now() - 1000, songId)
      .run();
    expect(await deliverDueSongs(testContext({ jobs: jobs.asQueue() }), Date.now(), "the release identifiers test", [songId])).toEqual([]);
    await prepareRelease(testCtx, identifierSettings(env), songId, Date.now());
    expect(await deliverDueSongs(testContext({ jobs: jobs.asQueue() }), Date.now(), "the release identifiers test", [songId])).toEqual([songId]);
  });
});

describe("assignIdentifiers", () => {
  it("gives two songs consecutive numbers, and running again changes nothing and takes no number", async () => {
    const settings = ownSettings();
    const now = ownYear(2061);
    const artistId = await insertArtist();
    const first = await insertSong({ artistId });
    const second = await insertSong({ artistId });
    const designationBefore = await lastNumberTaken(testCtx, isrcSequence(2061));

    const a = await assignIdentifiers(testCtx, settings, first, now);
    const b = await assignIdentifiers(testCtx, settings, second, now);
    expect(a).toEqual({ isrc: mintIsrc(settings.isrcPrefix, 2061, designationBefore + 1), upc: mintUpc(settings.upcCompanyPrefix, 0) });
    expect(b).toEqual({ isrc: mintIsrc(settings.isrcPrefix, 2061, designationBefore + 2), upc: mintUpc(settings.upcCompanyPrefix, 1) });
    expect(formatIsrc(b.isrc)).toMatch(new RegExp(`^${settings.isrcPrefix.slice(0, 2)}-${settings.isrcPrefix.slice(2)}-61-\\d{5}$`));
    expect(await identifiersOf(first)).toEqual(a);

    expect(await assignIdentifiers(testCtx, settings, first, now)).toEqual(a);
    expect(await assignIdentifiers(testCtx, ownSettings(), second, ownYear(2062))).toEqual(b);
    expect(await lastNumberTaken(testCtx, isrcSequence(2061))).toBe(designationBefore + 2);
    expect(await lastNumberTaken(testCtx, upcSequence(settings.upcCompanyPrefix))).toBe(2);
  });

  it("keeps the codes an artist entered, and mints only the one missing", async () => {
    const settings = ownSettings();
    const now = ownYear(2063);
    const artistId = await insertArtist();
    const both = await insertSong({ artistId });
    const entered = { isrc: labelIsrc(), upc: labelUpc() };
    await env.DB.prepare("update songs set isrc = ?1, upc = ?2 where id = ?3").bind(entered.isrc, entered.upc, both).run();
    const isrcOnly = await insertSong({ artistId });
    const enteredIsrc = labelIsrc();
    await env.DB.prepare("update songs set isrc = ?1 where id = ?2").bind(enteredIsrc, isrcOnly).run();

    expect(await assignIdentifiers(testCtx, settings, both, now)).toEqual(entered);
    expect(await lastNumberTaken(testCtx, upcSequence(settings.upcCompanyPrefix))).toBe(0);
    expect(await assignIdentifiers(testCtx, settings, isrcOnly, now)).toEqual({ isrc: enteredIsrc, upc: mintUpc(settings.upcCompanyPrefix, 0) });
    expect(await lastNumberTaken(testCtx, isrcSequence(2063))).toBe(0);
  });

  it("fails with a clear error when a sequence is used up, and leaves the song without the code", async () => {
    const artistId = await insertArtist();
    // An 11-digit company prefix is one UPC.
    const oneUpc = ownSettings(11);
    const first = await insertSong({ artistId });
    const second = await insertSong({ artistId });
    expect((await assignIdentifiers(testCtx, oneUpc, first, ownYear(2064))).upc).toBe(mintUpc(oneUpc.upcCompanyPrefix, 0));
    const exhausted = assignIdentifiers(testCtx, oneUpc, second, ownYear(2064));
    await expect(exhausted).rejects.toThrow(IdentifiersExhaustedError);
    await expect(assignIdentifiers(testCtx, oneUpc, second, ownYear(2064))).rejects.toThrow(
      `No UPC left: all 1 item references of the company prefix ${oneUpc.upcCompanyPrefix} are used`,
    );
    expect((await identifiersOf(second))!.upc).toBeNull();

    await env.DB.prepare("insert into identifier_sequences (name, last_number) values (?1, 99999)").bind(isrcSequence(2065)).run();
    const settings = ownSettings();
    const third = await insertSong({ artistId });
    await expect(assignIdentifiers(testCtx, settings, third, ownYear(2065))).rejects.toThrow(
      `No ISRC left for 2065: all 99999 designation codes under ${settings.isrcPrefix.slice(0, 2)}-${settings.isrcPrefix.slice(2)} are used`,
    );
    expect(await identifiersOf(third)).toEqual({ isrc: null, upc: null });
  });
});

describe("the backfill", () => {
  it("gives live and scheduled songs without codes theirs and a delivered copy; songs not yet checked, and a song that fails, hold nobody back", async () => {
    const artistId = await insertArtist();
    const live = await insertSong({ artistId, status: "distributed", package: "pro" });
    const scheduled = await insertSong({ artistId, status: "approved", package: "pro" });
    await env.DB.prepare("update songs set deliver_at = ?1 where id = ?2")
      .bind(Date.now() + HOUR, scheduled)
      .run();
    const unchecked = await insertSong({ artistId, status: "approved", package: "pro" });
    const missingAudio = await insertSong({ artistId, status: "distributed", package: "pro", audio: null });
    const pending = await insertSong({ artistId });
    const songIds = [live, scheduled, unchecked, missingAudio, pending];

    const settings = ownSettings();
    const report = await backfillIdentifiers(testCtx, () => settings, ownYear(2066), 100, songIds);
    expect(report.prepared.sort()).toEqual([live, scheduled].sort());
    expect(report.failed).toEqual([{ songId: missingAudio, error: expect.stringMatching(/stored audio of song .* is missing/) }]);
    for (const songId of [live, scheduled]) {
      const { isrc } = (await identifiersOf(songId))!;
      expect(isrc).toMatch(new RegExp(`^${settings.isrcPrefix}66\\d{5}$`));
      const copy = new Uint8Array(await (await env.MEDIA.get(deliveredAudioKey(songId)))!.arrayBuffer());
      expect(id3TextFrames(copy).TSRC).toBe(isrc);
    }
    expect(await identifiersOf(unchecked)).toEqual({ isrc: null, upc: null });
    expect(await identifiersOf(pending)).toEqual({ isrc: null, upc: null });

    // Nothing left to do: the settings are not even read.
    const again = await backfillIdentifiers(
      testCtx,
      () => {
        throw new Error("read");
      },
      ownYear(2066),
      100,
      [live, scheduled],
    );
    expect(again).toEqual({ prepared: [], failed: [] });

    // Other files' cron runs share this runtime: the song that cannot be prepared leaves the catalogue.
    await env.DB.prepare("update songs set status = 'removed' where id = ?1").bind(missingAudio).run();
  });
});
