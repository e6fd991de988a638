/**
 * An upload carries its release metadata (schema/src/release-metadata.ts): what the artist gives is
 * stored with the song and its credits; what they leave out takes its default; a rule broken — in
 * a field or across fields or against the catalogue — refuses the upload with its message, in the
 * reader's language, and nothing is kept.
 */
import { env } from "cloudflare:workers";
import { mintUpc } from "@jplay/schema/identifiers";
import { METADATA_MESSAGES, todayUtc } from "@jplay/schema/release-metadata";
import { describe, expect, it } from "vitest";
import { Browser, setUpArtist } from "../../../test/support";
import { mp3Like } from "../../../test/upload-support";

async function signedUpArtist() {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  return { browser, customerId: setup.customerId };
}

function form(customerId: string, fields: Record<string, string>) {
  const body = new FormData();
  body.set("customerId", customerId);
  body.set("artistName", "Metadata Artist");
  body.set("songTitle", `Metadata ${crypto.randomUUID()}`);
  body.set("explicit", "no");
  body.set("price", "1.99");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("songFile", new File([mp3Like(40_000, 2)], "song.mp3", { type: "audio/mpeg" }));
  return body;
}

async function upload(browser: Browser, body: FormData, language?: string) {
  return browser.fetch("/api/distribute", { method: "POST", body, headers: language ? { "Accept-Language": language } : {} });
}

const songRow = (id: string) =>
  env.DB.prepare(
    `SELECT isrc, upc, genre, lyrics_language, release_date, p_line_year, p_line_holder, c_line_year, c_line_holder, lyrics, instrumental, clean_version_of
     FROM songs WHERE id = ?`,
  )
    .bind(id)
    .first();
const creditRows = async (id: string) =>
  (await env.DB.prepare("SELECT position, name, role FROM song_credits WHERE song_id = ? ORDER BY position").bind(id).all()).results;

const inDays = (days: number) => todayUtc(Date.now() + days * 24 * 60 * 60 * 1000);

describe("release metadata at upload", () => {
  it("everything given is stored as given: genre, language, date, credits, ℗ and ©, lyrics, an ISRC and a UPC the artist has", async () => {
    const { browser, customerId } = await signedUpArtist();
    const isrc = `QM-${crypto
      .randomUUID()
      .replace(/[^0-9]/g, "")
      .slice(0, 3)
      .padEnd(3, "7")}-24-${String(Math.floor(Math.random() * 99_999) + 1).padStart(5, "0")}`;
    const response = await upload(
      browser,
      form(customerId, {
        genre: "Latin",
        lyricsLanguage: "es",
        releaseDate: inDays(10),
        credits: JSON.stringify([
          { name: "Metadata Artist", role: "performer" },
          { name: "Ana Compositora", role: "composer" },
          { name: "Beto Letrista", role: "lyricist" },
          { name: "Carla Productora", role: "producer" },
        ]),
        pLineYear: "2025",
        pLineHolder: "Sello Propio",
        cLineYear: "2026",
        cLineHolder: "Ana Compositora",
        lyrics: "Primera línea\nSegunda línea",
        instrumental: "no",
        isrc,
        upc: "036000291452",
      }),
    );
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await songRow(id)).toEqual({
      isrc: isrc.replace(/-/g, ""),
      upc: "036000291452",
      genre: "Latin",
      lyrics_language: "es",
      release_date: inDays(10),
      p_line_year: 2025,
      p_line_holder: "Sello Propio",
      c_line_year: 2026,
      c_line_holder: "Ana Compositora",
      lyrics: "Primera línea\nSegunda línea",
      instrumental: 0,
      clean_version_of: null,
    });
    expect(await creditRows(id)).toEqual([
      { position: 0, name: "Metadata Artist", role: "performer" },
      { position: 1, name: "Ana Compositora", role: "composer" },
      { position: 2, name: "Beto Letrista", role: "lyricist" },
      { position: 3, name: "Carla Productora", role: "producer" },
    ]);

    // The same ISRC or UPC on a second upload is refused: one recording, one ISRC; one release, one UPC.
    const again = await upload(browser, form(customerId, { isrc }));
    expect(again.status).toBe(400);
    expect((await again.json<{ error: { message: string } }>()).error.message).toBe(METADATA_MESSAGES.isrcTaken);
    const sameUpc = await upload(browser, form(customerId, { upc: "036000291452" }));
    expect((await sameUpc.json<{ error: { message: string } }>()).error.message).toBe(METADATA_MESSAGES.upcTaken);
  });

  it("nothing given: today, Pop, English, the artist performs and composed it, ℗ and © this year by the artist; no ISRC or UPC yet", async () => {
    const { browser, customerId } = await signedUpArtist();
    const response = await upload(browser, form(customerId, {}));
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const year = new Date().getUTCFullYear();
    expect(await songRow(id)).toEqual({
      isrc: null,
      upc: null,
      genre: "Pop",
      lyrics_language: "en",
      release_date: todayUtc(Date.now()),
      p_line_year: year,
      p_line_holder: "Metadata Artist",
      c_line_year: year,
      c_line_holder: "Metadata Artist",
      lyrics: null,
      instrumental: 0,
      clean_version_of: null,
    });
    expect(await creditRows(id)).toEqual([
      { position: 0, name: "Metadata Artist", role: "performer" },
      { position: 1, name: "Metadata Artist", role: "composer" },
    ]);
  });

  it("an instrumental has no lyrics and no language of them (zxx)", async () => {
    const { browser, customerId } = await signedUpArtist();
    const response = await upload(browser, form(customerId, { instrumental: "yes", lyricsLanguage: "es" }));
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await songRow(id)).toMatchObject({ instrumental: 1, lyrics_language: "zxx", lyrics: null });
  });

  it.each([
    ["a genre off the list", { genre: "Polka" }, METADATA_MESSAGES.genre],
    ["a language off the list", { lyricsLanguage: "xx" }, METADATA_MESSAGES.lyricsLanguage],
    ["a release date that is no date", { releaseDate: "2026-02-30" }, METADATA_MESSAGES.releaseDate],
    ["a release date in the past", { releaseDate: inDays(-3) }, METADATA_MESSAGES.releaseDatePast],
    ["a release date more than a year ahead", { releaseDate: inDays(400) }, METADATA_MESSAGES.releaseDateFar],
    ["credits without a composer", { credits: JSON.stringify([{ name: "Solo", role: "performer" }]) }, METADATA_MESSAGES.composerMissing],
    [
      "a credit with an unknown role",
      {
        credits: JSON.stringify([
          { name: "Solo", role: "composer" },
          { name: "X", role: "drummer" },
        ]),
      },
      METADATA_MESSAGES.creditRole,
    ],
    ["a credit with no name", { credits: JSON.stringify([{ name: " ", role: "composer" }]) }, METADATA_MESSAGES.creditName],
    ["credits that are not JSON", { credits: "[{name" }, METADATA_MESSAGES.credits],
    ["21 credits", { credits: JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ name: `P${i}`, role: "composer" }))) }, METADATA_MESSAGES.creditsTooMany],
    ["a ℗ year before 1900", { pLineYear: "1899" }, METADATA_MESSAGES.lineYear],
    ["a © year after next year", { cLineYear: String(new Date().getUTCFullYear() + 2) }, METADATA_MESSAGES.lineYear],
    ["a one-letter © holder", { cLineHolder: "X" }, METADATA_MESSAGES.lineHolder],
    ["lyrics on an instrumental", { instrumental: "yes", lyrics: "la la" }, METADATA_MESSAGES.instrumentalWithLyrics],
    ["an ISRC of the wrong shape", { isrc: "US-S1Z-2A-00001" }, METADATA_MESSAGES.isrc],
    ["a UPC with a wrong check digit", { upc: "036000291453" }, METADATA_MESSAGES.upc],
    ["a clean version of a song that is not the artist's", { cleanVersionOf: "no-such-song" }, METADATA_MESSAGES.cleanVersionOriginal],
    // JPlay mints under its own prefixes (wrangler.toml's development ones here): a typed code there could take a number it mints later.
    ["an ISRC under JPlay's own prefix", { isrc: "XX-JPL-26-99999" }, METADATA_MESSAGES.isrcOwnPrefix],
    ["a UPC under JPlay's own company prefix", { upc: mintUpc("040000", 99_999) }, METADATA_MESSAGES.upcOwnPrefix],
  ])("%s is refused with its message, and no song is kept", async (_case, fields, message) => {
    const { browser, customerId } = await signedUpArtist();
    const title = `Refused ${crypto.randomUUID()}`;
    const body = form(customerId, fields);
    body.set("songTitle", title);
    const response = await upload(browser, body);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM songs WHERE title = ?").bind(title).first("n")).toBe(0);
  });

  it("the refusal is in the reader's language", async () => {
    const { browser, customerId } = await signedUpArtist();
    const response = await upload(browser, form(customerId, { genre: "Polka" }), "es");
    expect((await response.json<{ error: { message: string } }>()).error.message).toBe("Elige un género de la lista");
  });

  it("a clean version names the artist's explicit original, says No to explicit, and is stored linked to it", async () => {
    const { browser, customerId } = await signedUpArtist();
    const explicitForm = form(customerId, {});
    explicitForm.set("explicit", "yes");
    const original = await upload(browser, explicitForm);
    expect(original.status).toBe(201);
    const { id: originalId } = await original.json<{ id: string }>();

    const saysExplicit = form(customerId, { cleanVersionOf: originalId });
    saysExplicit.set("explicit", "yes");
    const refused = await upload(browser, saysExplicit);
    expect((await refused.json<{ error: { message: string } }>()).error.message).toBe(METADATA_MESSAGES.cleanVersionExplicit);

    const clean = await upload(browser, form(customerId, { cleanVersionOf: originalId }));
    expect(clean.status).toBe(201);
    const { id } = await clean.json<{ id: string }>();
    expect(await songRow(id)).toMatchObject({ clean_version_of: originalId });

    // Another artist cannot name it.
    const other = await signedUpArtist();
    const stranger = await upload(other.browser, form(other.customerId, { cleanVersionOf: originalId }));
    expect((await stranger.json<{ error: { message: string } }>()).error.message).toBe(METADATA_MESSAGES.cleanVersionOriginal);
  });
});
