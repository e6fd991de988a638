/**
 * `GET /api/songs/search?q=` through the Worker's fetch handler over the real local D1 and its FTS5
 * index: a song is found by a word of its title, artist, credits, genre or lyrics, whatever the case
 * or accents typed, by the start of the last word; titles rank first; only songs public in the
 * listener's scope are found; an upload and a release correction write the song's entry. Each test
 * searches words of its own, so songs of other files in the same runtime never match.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SongDto } from "@jplay/schema/song";
import { songSearchEntry } from "@jplay/schema/song-search-index";
import { runSqlBatch } from "@jplay/schema/sql-batch";
import { ftsQuery } from "../song-search";
import { correctReleaseDetails } from "../../distribution/release-corrections";
import { Browser, setUpArtist, testContext } from "../../../test/support";
import { mp3Like } from "../../../test/upload-support";

/** A word no other song holds: letters only, so the tokenizer keeps it whole. */
const uniqueWord = () => Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

interface SongFields {
  title?: string;
  artistName?: string;
  genre?: string;
  lyrics?: string | null;
  explicit?: boolean | null;
  status?: string;
  releaseDate?: string;
  credits?: string[];
}

/** Digits only, `length` of them. */
const randomDigits = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => String(byte % 10)).join("");

/**
 * A song written straight to D1 with its search entry, as the upload writes them (its own test is
 * below). It has its ISRC and UPC already: a live song without them (and without audio in R2) would
 * be picked up by the cron's identifier backfill that other files in this runtime run, and fail it.
 */
async function insertSong(fields: SongFields = {}): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into songs (id, title, artist_name, status, audio_key, genre, lyrics, explicit, release_date, isrc, upc)
     values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
  )
    .bind(
      id,
      fields.title ?? `Song ${uniqueWord()}`,
      fields.artistName ?? `Artist ${uniqueWord()}`,
      fields.status ?? "distributed",
      `songs/${id}/audio.mp3`,
      fields.genre ?? "Pop",
      fields.lyrics ?? null,
      fields.explicit === undefined ? 0 : fields.explicit === null ? null : Number(fields.explicit),
      fields.releaseDate ?? "2026-01-01",
      `QZS${randomDigits(9)}`,
      randomDigits(12),
    )
    .run();
  for (const [position, name] of (fields.credits ?? []).entries()) {
    await env.DB.prepare("insert into song_credits (song_id, position, name, role) values (?1, ?2, ?3, 'composer')").bind(id, position, name).run();
  }
  await runSqlBatch(env.DB, songSearchEntry(id));
  return id;
}

/** The songs whose index entry matches `query` (an FTS5 query), whatever their status. */
const indexedIds = async (query: string) =>
  (
    await env.DB.prepare("SELECT d.song_id AS id FROM song_search f JOIN song_search_docs d ON d.doc = f.rowid WHERE song_search MATCH ?1")
      .bind(query)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

async function search(query: string): Promise<Response> {
  return exports.default.fetch(new Request(`http://jplay.test/api/songs/search?${query}`));
}

async function foundIds(query: string): Promise<string[]> {
  const response = await search(query);
  expect(response.status).toBe(200);
  return (await response.json<SongDto[]>()).map((song) => song.id);
}

const q = (typed: string, more = "") => `q=${encodeURIComponent(typed)}${more}`;

describe("what a search finds", () => {
  it("a word of the title, the artist, a credit, the genre or the lyrics, in any case", async () => {
    const [inTitle, inArtist, inCredit, inLyrics] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const id = await insertSong({
      title: `Night ${inTitle}`,
      artistName: `The ${inArtist}`,
      credits: [`Ana ${inCredit}`],
      lyrics: `we sing ${inLyrics} all night`,
    });
    for (const word of [inTitle, inArtist, inCredit, inLyrics.toUpperCase()]) expect(await foundIds(q(word))).toEqual([id]);

    const genre = await insertSong({ genre: "Latin", title: `Genre ${inTitle}x` });
    expect(await foundIds(q(`${inTitle}x latin`))).toEqual([genre]);
  });

  it("accents and case typed or stored either way: canción = cancion = CANCION", async () => {
    const word = uniqueWord();
    const id = await insertSong({ title: `Canción ${word}`, lyrics: `Mi corazón ${word}` });
    for (const typed of [`cancion ${word}`, `CANCIÓN ${word}`, `${word} corazon`, `${word} Corazón`]) expect(await foundIds(q(typed))).toEqual([id]);
  });

  it("the last word as the start of a word, so results follow the typing; earlier words whole", async () => {
    const word = uniqueWord();
    const id = await insertSong({ title: `${word} Corazonada` });
    expect(await foundIds(q(word.slice(0, 6)))).toEqual([id]);
    expect(await foundIds(q(`${word} cora`))).toEqual([id]);
    // An earlier word must be whole: "cora" then another word finds nothing.
    expect(await foundIds(q(`cora ${word}`))).toEqual([]);
    // In the lyrics only whole words.
    const lyric = uniqueWord();
    const sung = await insertSong({ lyrics: `${lyric} and more` });
    expect(await foundIds(q(lyric.slice(0, 7)))).toEqual([]);
    expect(await foundIds(q(lyric))).toEqual([sung]);
  });

  it("when the best hits are not public in the scope, later ones are found: the window widens", async () => {
    const word = uniqueWord();
    // Twelve explicit songs rank first (the word twice in the title), then the one clean song.
    for (let i = 0; i < 12; i++) await insertSong({ title: `${word} ${word}`, explicit: true });
    const clean = await insertSong({ title: `${word} and other words of a long title`, explicit: false });
    expect(await foundIds(q(word, "&catalogue=clean&limit=2"))).toEqual([clean]);
    expect(await foundIds(q(word, "&limit=20"))).toHaveLength(13);
  });

  it("every word typed must match; a title match ranks before a lyrics match", async () => {
    const word = uniqueWord();
    const inLyrics = await insertSong({ title: `Plain ${uniqueWord()}`, lyrics: `a line with ${word} in it` });
    const inTitle = await insertSong({ title: `${word}`, lyrics: "nothing here" });
    expect(await foundIds(q(word))).toEqual([inTitle, inLyrics]);
    expect(await foundIds(q(`${word} nothing`))).toEqual([inTitle]);
    expect(await foundIds(q(`${word} ${uniqueWord()}`))).toEqual([]);
  });

  it("answers songs as the catalogue lists do, at most `limit`", async () => {
    const word = uniqueWord();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await insertSong({ title: `${word} ${i}` }));
    const response = await search(q(word, "&limit=2"));
    const songs = await response.json<SongDto[]>();
    expect(songs).toHaveLength(2);
    expect(songs[0]).toMatchObject({ title: expect.stringContaining(word), audioUrl: `/api/songs/${songs[0]!.id}/audio`, price: 1.99 });
    expect((await search(q(word, "&limit=0"))).status).toBe(400);
  });
});

describe("what a search never finds", () => {
  it("songs not public: awaiting payment or review, taken down, released later", async () => {
    const word = uniqueWord();
    const live = await insertSong({ title: word });
    await insertSong({ title: word, status: "pending" });
    await insertSong({ title: word, status: "awaiting_review" });
    await insertSong({ title: word, releaseDate: "2999-01-01" });
    const takenDown = await insertSong({ title: word });
    await env.DB.prepare("update songs set taken_down_at = ?1 where id = ?2").bind(Date.now(), takenDown).run();
    expect(await foundIds(q(word))).toEqual([live]);
  });

  it("in a clean scope, explicit songs and songs never answered", async () => {
    const word = uniqueWord();
    const clean = await insertSong({ title: word, explicit: false });
    const explicit = await insertSong({ title: word, explicit: true });
    const unanswered = await insertSong({ title: word, explicit: null });
    expect((await foundIds(q(word))).sort()).toEqual([clean, explicit, unanswered].sort());
    expect(await foundIds(q(word, "&catalogue=clean"))).toEqual([clean]);
    expect((await search(q(word, "&facility=no-such-facility"))).status).toBe(404);
  });
});

describe("the index follows the catalogue", () => {
  it("an upload writes the song's entry with the song: title, artist, credits, genre, lyrics", async () => {
    const browser = new Browser();
    const { setup, saved } = await setUpArtist(browser);
    expect(saved.status).toBe(200);
    const [title, artist, credit, lyric] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const body = new FormData();
    for (const [name, value] of Object.entries({
      customerId: setup.customerId,
      artistName: `The ${artist}`,
      songTitle: `Upload ${title}`,
      explicit: "no",
      price: "1.99",
      genre: "Christian & Gospel",
      lyricsLanguage: "en",
      lyrics: `a line with ${lyric}`,
      instrumental: "no",
      credits: JSON.stringify([
        { name: `The ${artist}`, role: "performer" },
        { name: `Ana ${credit}`, role: "composer" },
      ]),
    }))
      body.set(name, value);
    body.set("songFile", new File([mp3Like(40_000, 2)], "song.mp3", { type: "audio/mpeg" }));
    const response = await browser.fetch("/api/distribute", { method: "POST", body });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    for (const word of [title, artist, credit, lyric]) expect(await indexedIds(`"${word}"`)).toEqual([id]);
    expect(await indexedIds(`"${title}" AND genre : "gospel"`)).toEqual([id]);
    // Awaiting payment, it is not public: a search does not find it yet.
    expect(await foundIds(q(title))).toEqual([]);
  });

  it("a release correction rewrites the song's entry: the new genre and credits are found, the old ones no longer", async () => {
    const [word, before, after] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const id = await insertSong({ title: word, genre: "Pop", credits: [`Old ${before}`] });
    expect(await foundIds(q(`${word} ${before}`))).toEqual([id]);
    const corrected = await correctReleaseDetails(
      testContext(),
      id,
      { genre: "Christian & Gospel", lyricsLanguage: "en", credits: [{ name: `New ${after}`, role: "composer" }] },
      "test operator",
    );
    expect(corrected).toEqual({ changed: true });
    expect(await indexedIds(`"${after}"`)).toEqual([id]);
    expect(await indexedIds(`"${before}"`)).toEqual([]);
    expect(await indexedIds(`"${word}" AND genre : "gospel"`)).toEqual([id]);
    expect(await indexedIds(`"${word}" AND genre : "pop"`)).toEqual([]);
    // One entry per song, however often it is rewritten.
    expect((await env.DB.prepare("select count(*) as n from song_search_docs where song_id = ?1").bind(id).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("what may be typed", () => {
  it("anything up to 100 characters: operators and quotes are words, nothing typed finds nothing", async () => {
    const word = uniqueWord();
    const id = await insertSong({ title: `${word} love` });
    expect(await foundIds(q(`"${word}" OR NEAR(love) *`))).toEqual([]);
    expect(await foundIds(q(`${word}* "love"`))).toEqual([id]);
    for (const typed of ["", "   ", '"*()-:^', "🎵"]) expect(await foundIds(q(typed))).toEqual([]);
    const tooLong = await search(q("a".repeat(101)));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: { code: "bad_request", message: "A search may be at most 100 characters long" } });
  });

  it("the FTS5 query it makes: each word folded as the index folds it and quoted, the last (two characters or more) also the start of a word outside the lyrics", () => {
    const startOf = (word: string) => `("${word}" OR {title artist credits genre} : "${word}"*)`;
    expect(ftsQuery("Mi Corazón")).toBe(`"mi" AND ${startOf("corazon")}`);
    expect(ftsQuery('a "b" c OR d*')).toBe('"a" AND "b" AND "c" AND "or" AND "d"');
    // Accents off Latin letters only, each letter lower-cased on its own (a final Σ is σ, as the index has it).
    expect(ftsQuery("Ñandú ΟΔΟΣ Über")).toBe(`"nandu" AND "οδοσ" AND ${startOf("uber")}`);
    expect(ftsQuery("don't stop")).toBe(`"don" AND "t" AND ${startOf("stop")}`);
    expect(ftsQuery(' -*"')).toBeNull();
    expect(ftsQuery("one two three four five six seven eight nine ten")).toBe(
      `"one" AND "two" AND "three" AND "four" AND "five" AND "six" AND "seven" AND ${startOf("eight")}`,
    );
  });
});
