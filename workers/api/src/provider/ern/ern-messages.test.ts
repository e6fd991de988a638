/**
 * The ERN 4.3 messages for every kind of release the catalogue holds, and for a takedown, each
 * validated against the committed DDEX XSD (schema/ddex/ern43/) — and proof that the validation
 * bites: a message missing a required element, or carrying a value outside the Allowed Value Sets,
 * is refused.
 */
import { describe, expect, it } from "vitest";
import type { MediaKind } from "@jplay/schema/provider-feed";
import { ddexParties, DEFAULT_RECIPIENT_PARTY_ID } from "./ddex-parties";
import { dollars, isoDuration } from "./ern-values";
import { buildErnFeedPage, ernMessageId, type FeedEntry } from "./feed-page";
import type { MessageContext } from "./message-header";
import { buildNewReleaseMessage } from "./new-release-message";
import type { ReleaseFacts } from "./release-facts";
import type { MediaLinks } from "./resources";
import { buildTakedownMessage } from "./takedown-message";
import { validateErn } from "./xsd-validation.test-support";

const SENDER = "PADPIDAJPLAYTEST";
const context = (messageId: string, createdAt = "2026-11-27T10:15:00.000Z"): MessageContext => ({
  sender: { partyId: SENDER, name: "JPlay" },
  recipient: { partyId: DEFAULT_RECIPIENT_PARTY_ID },
  messageId,
  threadId: "song-thread",
  createdAt,
  control: "TestMessage",
});

const base: ReleaseFacts = {
  songId: "0b6f2c1e-5d1a-4c39-9a57-3f1e2d4c5b6a",
  title: "Late Count",
  artist: "Dee Marlowe",
  explicit: true,
  parentalWarning: "Explicit",
  durationMs: 205_417,
  priceCents: 199,
  isrc: "QZABC2600001",
  upc: "040000000017",
  genre: "Hip-Hop/Rap",
  lyricsLanguage: "en",
  instrumental: false,
  releaseDate: "2026-12-01",
  credits: [
    { name: "Dee Marlowe", role: "performer" },
    { name: "Dee Marlowe", role: "composer" },
    { name: "Jo Vance", role: "featured_artist" },
    { name: "Jo Vance", role: "lyricist" },
    { name: "Sam Okafor", role: "composer" },
    { name: "Sam Okafor", role: "producer" },
    { name: "Ray Lin", role: "performer" },
  ],
  pLine: { year: 2026, holder: "Blue Room Records" },
  cLine: { year: 2026, holder: "Dee Marlowe" },
  hasCover: true,
  preview: { startMs: 61_200, durationMs: 29_989 },
  loudness: { integratedLufs: -14.2, truePeakDbtp: -2.1, replayGainTrackGainDb: -3.8 },
};
const links = {
  audioUrl: "https://jplay.example/api/provider/media/s1/audio?expires=1800000000&signature=ab&x=1",
  coverUrl: "https://jplay.example/api/provider/media/s1/cover?expires=1800000000&signature=cd",
  previewUrl: "https://jplay.example/api/provider/media/s1/preview?expires=1800000000&signature=ef",
};

/** Every release kind the catalogue holds. */
const releases: Record<string, { facts: ReleaseFacts; links: MediaLinks }> = {
  "explicit, with cover, ISRC and UPC, several credits": { facts: base, links },
  "edited clean version, no cover, no ISRC or UPC yet": {
    facts: { ...base, title: "Late Count (Clean)", explicit: true, parentalWarning: "Edited", isrc: null, upc: null, hasCover: false },
    links: { ...links, coverUrl: null },
  },
  "not explicit, ISRC but no UPC, credits the default two": {
    facts: {
      ...base,
      explicit: false,
      parentalWarning: "NotExplicit",
      upc: null,
      credits: [
        { name: "Dee Marlowe", role: "performer" },
        { name: "Dee Marlowe", role: "composer" },
      ],
    },
    links,
  },
  "instrumental (zxx), undecoded duration, no release date or ℗/© lines, no credits": {
    facts: {
      ...base,
      instrumental: true,
      lyricsLanguage: "zxx",
      durationMs: null,
      releaseDate: null,
      pLine: null,
      cLine: null,
      credits: [],
      hasCover: false,
      genre: "Jazz",
      preview: null,
      loudness: null,
    },
    links: { audioUrl: links.audioUrl, coverUrl: null, previewUrl: null },
  },
  "names and title that need escaping, over an hour long, Spanish": {
    facts: {
      ...base,
      title: `Rock & Roll <"Live"> 'Unplugged'`,
      artist: "Ana & The <Band>",
      lyricsLanguage: "es",
      durationMs: 3_725_000,
      priceCents: 1000,
      credits: [{ name: "Ana & The <Band>", role: "composer" }],
    },
    links,
  },
};

const allText = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((match) => match[1]);
const firstText = (xml: string, name: string) => allText(xml, name)[0];
const between = (xml: string, name: string) => xml.slice(xml.indexOf(`<${name}>`), xml.indexOf(`</${name}>`));

async function expectValid(messages: Record<string, string>) {
  const result = await validateErn(Object.entries(messages).map(([, xml], index) => ({ fileName: `message-${index}.xml`, xml })));
  expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

describe("a release's NewReleaseMessage", () => {
  const built = Object.fromEntries(
    Object.entries(releases).map(([kind, release], index) => [kind, buildNewReleaseMessage(release.facts, release.links, context(`M${index}`))]),
  );

  it("validates against the ERN 4.3 XSD for every kind of release", async () => {
    expect(Object.keys(built)).toHaveLength(5);
    await expectValid(built);
  });

  it("is an ERN 4.3 NewReleaseMessage from JPlay's DPID to the provider", () => {
    const xml = built["explicit, with cover, ISRC and UPC, several credits"]!;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<ern:NewReleaseMessage xmlns:ern="http:\/\/ddex.net\/xml\/ern\/43" /);
    expect(xml).toContain('AvsVersionId="3" LanguageAndScriptCode="en"');
    expect(between(xml, "MessageSender")).toContain(`<PartyId>${SENDER}</PartyId>`);
    expect(between(xml, "MessageSender")).toContain("<FullName>JPlay</FullName>");
    expect(between(xml, "MessageRecipient")).toContain(`<PartyId>${DEFAULT_RECIPIENT_PARTY_ID}</PartyId>`);
    expect(firstText(xml, "MessageId")).toBe("M0");
    expect(firstText(xml, "MessageControlType")).toBe("TestMessage");
  });

  it("maps the parental warning, language, duration and identifiers", () => {
    const warnings = Object.values(built).map((xml) => allText(xml, "ParentalWarningType"));
    expect(warnings).toEqual([
      ["Explicit", "Explicit"],
      ["ExplicitContentEdited", "ExplicitContentEdited"],
      ["NotExplicit", "NotExplicit"],
      ["Explicit", "Explicit"],
      ["Explicit", "Explicit"],
    ]);
    const [explicit, clean, notExplicit, instrumental, escaped] = Object.values(built) as [string, string, string, string, string];
    expect(allText(explicit, "ISRC")).toEqual(["QZABC2600001"]);
    expect(allText(explicit, "ICPN")).toEqual(["040000000017"]);
    expect(allText(clean, "ISRC")).toEqual([]);
    expect(allText(clean, "ICPN")).toEqual([]);
    expect(allText(notExplicit, "ICPN")).toEqual([]);
    // Without ISRC or UPC, JPlay's own id still identifies the recording and the release.
    expect(allText(clean, "ProprietaryId")).toEqual([base.songId, base.songId]);
    expect(clean).toContain(`<ProprietaryId Namespace="DPID:${SENDER}">`);

    expect(allText(explicit, "LanguageOfPerformance")).toEqual(["en"]);
    expect(allText(instrumental, "LanguageOfPerformance")).toEqual(["zxx"]);
    expect(allText(instrumental, "IsInstrumental")).toEqual(["true"]);
    expect(allText(escaped, "LanguageOfPerformance")).toEqual(["es"]);
    expect(allText(explicit, "Duration")).toEqual(["PT3M25.417S", "PT3M25.417S"]);
    expect(allText(instrumental, "Duration")).toEqual(["PT0S", "PT0S"]);
    expect(allText(escaped, "Duration")[0]).toBe("PT1H2M5S");
    expect(allText(instrumental, "GenreText")).toEqual(["Jazz"]);
  });

  it("names the artist, credits and label as parties, with ERN's roles", () => {
    const xml = built["explicit, with cover, ISRC and UPC, several credits"]!;
    const parties = [...xml.matchAll(/<PartyReference>(P\d+)<\/PartyReference>\n\s*<PartyName>\n\s*<FullName>([^<]*)<\/FullName>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(parties).toEqual([
      ["P1", "Dee Marlowe"],
      ["P2", "Jo Vance"],
      ["P3", "Sam Okafor"],
      ["P4", "Ray Lin"],
      ["P5", "Blue Room Records"],
    ]);
    const recording = between(xml, "SoundRecording");
    const displayArtists = [...recording.matchAll(/<ArtistPartyReference>(P\d+)<\/ArtistPartyReference>\n\s*<DisplayArtistRole>(\w+)</g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(displayArtists).toEqual([
      ["P1", "MainArtist"],
      ["P2", "FeaturedArtist"],
      ["P4", "MainArtist"],
    ]);
    const contributors = [
      ...recording.matchAll(
        /<Contributor SequenceNumber="\d+">\n\s*<ContributorPartyReference>(P\d+)<\/ContributorPartyReference>((?:\n\s*<Role>\w+<\/Role>)+)/g,
      ),
    ].map((match) => [match[1], allText(match[2]!, "Role")]);
    expect(contributors).toEqual([
      ["P1", ["Composer"]],
      ["P2", ["Lyricist"]],
      ["P3", ["Composer", "StudioProducer"]],
    ]);
    expect(allText(xml, "DisplayArtistName")).toEqual(["Dee Marlowe", "Dee Marlowe"]);
    expect(firstText(between(xml, "Release"), "ReleaseLabelReference")).toBe("P5");
    expect(allText(xml, "PLineText")).toEqual(["℗ 2026 Blue Room Records", "℗ 2026 Blue Room Records"]);
    expect(allText(between(xml, "Release"), "CLineText")).toEqual(["© 2026 Dee Marlowe"]);
    // With no ℗ line, the artist is their own label.
    const instrumental = built["instrumental (zxx), undecoded duration, no release date or ℗/© lines, no credits"]!;
    expect(firstText(instrumental, "ReleaseLabelReference")).toBe("P1");
    expect(allText(instrumental, "PLineText")).toEqual([]);
  });

  it("links the files by their signed URLs, the cover only when there is one", () => {
    const xml = built["explicit, with cover, ISRC and UPC, several credits"]!;
    expect(allText(xml, "URI")).toEqual([links.audioUrl, links.previewUrl, links.coverUrl].map((url) => url.replace(/&/g, "&amp;")));
    expect(firstText(xml, "Type")).toBe("MusicalWorkSoundRecording");
    expect(between(xml, "Image")).toContain("<Type>FrontCoverImage</Type>");
    expect(between(between(xml, "Release"), "ResourceGroup")).toContain("<LinkedReleaseResourceReference>A2</LinkedReleaseResourceReference>");
    const clean = built["edited clean version, no cover, no ISRC or UPC yet"]!;
    expect(allText(clean, "URI")).toEqual([links.audioUrl, links.previewUrl].map((url) => url.replace(/&/g, "&amp;")));
    expect(clean).not.toContain("<Image>");
    expect(clean).not.toContain("LinkedReleaseResourceReference");
  });

  it("describes the preview clip in the recording's technical details: a Preview from its start, its length and link", () => {
    const clip = between(built["explicit, with cover, ISRC and UPC, several credits"]!, "ClipDetails");
    expect(firstText(clip, "ClipType")).toBe("Preview");
    expect(firstText(clip, "StartPoint")).toBe("61.200");
    expect(firstText(clip, "DurationUsed")).toBe(isoDuration(29_989));
    expect(firstText(clip, "URI")).toBe(links.previewUrl.replace(/&/g, "&amp;"));
    expect(firstText(built["explicit, with cover, ISRC and UPC, several credits"]!, "IsClip")).toBe("false");
    // A song never measured has no preview: no clip described.
    expect(built["instrumental (zxx), undecoded duration, no release date or ℗/© lines, no credits"]).not.toContain("ClipDetails");
  });

  it("deals a permanent download in the US at the listener's price from the release date", () => {
    const terms = between(built["explicit, with cover, ISRC and UPC, several credits"]!, "DealTerms");
    expect(allText(terms, "TerritoryCode")).toEqual(["US"]);
    expect(allText(terms, "StartDate")).toEqual(["2026-12-01"]);
    expect(allText(terms, "EndDate")).toEqual([]);
    expect(allText(terms, "CommercialModelType")).toEqual(["PayAsYouGoModel"]);
    expect(allText(terms, "UseType")).toEqual(["PermanentDownload"]);
    expect(terms).toContain('<SuggestedRetailPrice CurrencyCode="USD">1.99</SuggestedRetailPrice>');
    const escaped = built["names and title that need escaping, over an hour long, Spanish"]!;
    expect(allText(escaped, "SuggestedRetailPrice")).toEqual(["10.00"]);
    // No release date recorded: the deal opens on the day of the change.
    const instrumental = built["instrumental (zxx), undecoded duration, no release date or ℗/© lines, no credits"]!;
    expect(allText(between(instrumental, "DealTerms"), "StartDate")).toEqual(["2026-11-27"]);
    expect(allText(instrumental, "ReleaseDate")).toEqual([]);
    expect(allText(built["explicit, with cover, ISRC and UPC, several credits"]!, "OriginalReleaseDate")).toEqual(["2026-12-01"]);
  });

  it("escapes what artists typed", () => {
    const xml = built["names and title that need escaping, over an hour long, Spanish"]!;
    expect(allText(xml, "TitleText")).toEqual([`Rock &amp; Roll &lt;"Live"&gt; 'Unplugged'`, `Rock &amp; Roll &lt;"Live"&gt; 'Unplugged'`]);
    expect(allText(xml, "DisplayArtistName")).toEqual(["Ana &amp; The &lt;Band&gt;", "Ana &amp; The &lt;Band&gt;"]);
    // The artist credited as composer is the same party.
    expect(allText(xml, "ContributorPartyReference")).toEqual(["P1"]);
    // A control character cannot break the document.
    const withControl = buildNewReleaseMessage({ ...base, title: "Bell\u0007 Song" }, links, context("M9"));
    expect(allText(withControl, "TitleText")).toEqual(["Bell Song", "Bell Song"]);
  });
});

describe("a takedown", () => {
  const takenDownAt = "2026-12-20T08:30:00.000Z";
  const takedown = buildTakedownMessage(base, takenDownAt, context("T1", takenDownAt));
  const beforeRelease = buildTakedownMessage({ ...base, hasCover: false, isrc: null, upc: null }, "2026-11-28T09:00:00.000Z", context("T2"));
  const noReleaseDate = buildTakedownMessage({ ...base, releaseDate: null }, takenDownAt, context("T3"));

  it("validates against the ERN 4.3 XSD", async () => {
    await expectValid({ takedown, beforeRelease, noReleaseDate });
  });

  it("is the release's deal ended at the moment of the takedown (ERN 4.3 has no TakeDown element)", () => {
    const terms = between(takedown, "DealTerms");
    expect(allText(terms, "StartDateTime")).toEqual(["2026-12-01T00:00:00.000Z"]);
    expect(allText(terms, "EndDateTime")).toEqual([takenDownAt]);
    expect(terms).not.toContain("TakeDown");
    expect(allText(terms, "CommercialModelType")).toEqual(["PayAsYouGoModel"]);
    // Taken down before its release date, or without one: the deal starts and ends at the takedown.
    expect(allText(beforeRelease, "StartDateTime")).toEqual(["2026-11-28T09:00:00.000Z"]);
    expect(allText(noReleaseDate, "StartDateTime")).toEqual([takenDownAt]);
  });

  it("names the release and its resources without file links", () => {
    expect(allText(takedown, "URI")).toEqual([]);
    expect(takedown).not.toContain("<TechnicalDetails>");
    expect(between(takedown, "Image")).toContain("<Type>FrontCoverImage</Type>");
    expect(allText(takedown, "ISRC")).toEqual(["QZABC2600001"]);
    expect(allText(takedown, "TitleText")).toEqual(["Late Count", "Late Count"]);
  });
});

describe("the validation bites", () => {
  const valid = buildNewReleaseMessage(base, links, context("M1"));

  it("refuses a message without its MessageId, its recording's DisplayTitleText, or with a value outside the Allowed Value Sets", async () => {
    const withoutMessageId = valid.replace(/\s*<MessageId>M1<\/MessageId>/, "");
    const recordingTitle = /\s*<DisplayTitleText>Late Count<\/DisplayTitleText>/;
    const withoutRecordingTitle = valid.replace(recordingTitle, "");
    const unknownWarning = valid.replace("<ParentalWarningType>Explicit</ParentalWarningType>", "<ParentalWarningType>Clean</ParentalWarningType>");
    const badSender = valid.replace(`<PartyId>${SENDER}</PartyId>`, "<PartyId>JPLAY</PartyId>");
    for (const broken of [withoutMessageId, withoutRecordingTitle, unknownWarning, badSender]) expect(broken).not.toBe(valid);

    const result = await validateErn([
      { fileName: "valid.xml", xml: valid },
      { fileName: "no-message-id.xml", xml: withoutMessageId },
      { fileName: "no-recording-title.xml", xml: withoutRecordingTitle },
      { fileName: "unknown-warning.xml", xml: unknownWarning },
      { fileName: "bad-sender.xml", xml: badSender },
    ]);
    expect(result.valid).toBe(false);
    // Each refusal names its file and line (xmllint adds a "fails to validate" line without one).
    const failed = new Set(result.errors.flatMap((error) => (error.loc ? [error.loc.fileName] : [])));
    expect([...failed].sort()).toEqual(["bad-sender.xml", "no-message-id.xml", "no-recording-title.xml", "unknown-warning.xml"]);
    const messages = (fileName: string) =>
      result.errors
        .filter((error) => error.loc?.fileName === fileName)
        .map((error) => error.message)
        .join("\n");
    expect(messages("no-message-id.xml")).toMatch(/MessageSender.*Expected is \( MessageId \)/s);
    expect(messages("no-recording-title.xml")).toMatch(/DisplayTitle.*Expected is .*DisplayTitleText/s);
    expect(messages("unknown-warning.xml")).toMatch(/'Clean' is not an element of the set/);
    expect(messages("bad-sender.xml")).toMatch(/PADPIDA/);
  });
});

describe("a page of the ERN feed", () => {
  const entry = (cursor: number, kind: FeedEntry["kind"], song: ReleaseFacts): FeedEntry => ({
    cursor: String(cursor),
    kind,
    songId: song.songId,
    at: `2026-12-0${cursor}T12:00:00.000Z`,
    song,
  });
  const songA = { ...base, songId: "song-a" };
  const songB = { ...releases["edited clean version, no cover, no ISRC or UPC yet"]!.facts, songId: "song-b" };
  const entries = { entries: [entry(1, "release", songA), entry(2, "release", songB), entry(3, "takedown", songA)], nextCursor: "3", hasMore: true };
  const settings = { ...ddexParties({ DDEX_PARTY_ID: SENDER }), control: "LiveMessage" as const };
  const signed: string[] = [];
  const signLink = (songId: string, kind: MediaKind) => {
    signed.push(`${songId}/${kind}`);
    return Promise.resolve(`https://jplay.example/api/provider/media/${songId}/${kind}?expires=1&signature=${kind}`);
  };

  it("keeps the changes' cursors, kinds and paging, one valid message each, links signed only for releases", async () => {
    const page = await buildErnFeedPage(entries, settings, signLink);
    expect(page.changes.map(({ ern: _ern, ...change }) => change)).toEqual(entries.entries.map(({ song: _song, ...change }) => change));
    expect(page).toMatchObject({ nextCursor: "3", hasMore: true });
    expect(signed.sort()).toEqual(["song-a/audio", "song-a/cover", "song-a/preview", "song-b/audio", "song-b/preview"]);
    expect(page.changes.map((change) => firstText(change.ern, "MessageId"))).toEqual([ernMessageId("1"), ernMessageId("2"), ernMessageId("3")]);
    expect(page.changes.map((change) => firstText(change.ern, "MessageThreadId"))).toEqual(["song-a", "song-b", "song-a"]);
    expect(page.changes.map((change) => firstText(change.ern, "MessageCreatedDateTime"))).toEqual(entries.entries.map((change) => change.at));
    expect(page.changes.map((change) => firstText(change.ern, "MessageControlType"))).toEqual(["LiveMessage", "LiveMessage", "LiveMessage"]);
    expect(allText(page.changes[2]!.ern, "EndDateTime")).toEqual(["2026-12-03T12:00:00.000Z"]);
    await expectValid(Object.fromEntries(page.changes.map((change) => [change.cursor, change.ern])));
  });
});

describe("settings and values", () => {
  it("needs JPlay's DPID; the recipient's defaults to the placeholder", () => {
    expect(ddexParties({ DDEX_PARTY_ID: "PADPIDA2014120301X" })).toEqual({
      sender: { partyId: "PADPIDA2014120301X", name: "JPlay" },
      recipient: { partyId: DEFAULT_RECIPIENT_PARTY_ID },
    });
    expect(ddexParties({ DDEX_PARTY_ID: " PADPIDA2014120301X ", DDEX_RECIPIENT_PARTY_ID: "PADPIDA2020010101Z" }).recipient).toEqual({
      partyId: "PADPIDA2020010101Z",
    });
    for (const settings of [
      {},
      { DDEX_PARTY_ID: "" },
      { DDEX_PARTY_ID: "JPLAY" },
      { DDEX_PARTY_ID: "PADPIDA-1" },
      { DDEX_PARTY_ID: "PADPIDA2014120301X", DDEX_RECIPIENT_PARTY_ID: "provider" },
    ]) {
      expect(() => ddexParties(settings)).toThrow(expect.objectContaining({ status: 503, code: "not_configured" }));
    }
  });

  it("writes durations as xs:duration and cents as dollars", () => {
    expect([null, 0, 1_000, 59_999, 60_000, 205_417, 3_600_000, 3_725_500].map(isoDuration)).toEqual([
      "PT0S",
      "PT0S",
      "PT1S",
      "PT59.999S",
      "PT1M0S",
      "PT3M25.417S",
      "PT1H0M0S",
      "PT1H2M5.5S",
    ]);
    expect([0, 5, 99, 199, 1000, 12345].map(dollars)).toEqual(["0.00", "0.05", "0.99", "1.99", "10.00", "123.45"]);
  });
});
