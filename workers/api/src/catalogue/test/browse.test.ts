/**
 * Browsing past Home's rows, through the Worker's fetch handler over the real local D1, its search
 * index and the edge cache: "All songs" and a genre's songs in keyset pages newest first (a song
 * added between two pages neither repeats nor shifts one off), the listener's scope (clean versions
 * and explicit songs where Home's lists put them), the genres with their counts, a song's page with
 * its credits, ISRC and lyrics, an artist's public page by the slug of their name (no private field),
 * each purged with the catalogue, and the server-rendered pages with their data embedded.
 *
 * Other files in this runtime write songs too: this file's songs are uploaded "in the future"
 * (created_at past everyone's), so the first pages are theirs, and each test reads its own.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArtistPageDto, BrowsePage, GenreSummary, SongDetailsDto } from "@jplay/schema/browse";
import { artistPath, slugOf } from "@jplay/schema/browse";
import { GENRES } from "@jplay/schema/release-metadata";
import { songSearchEntry } from "@jplay/schema/song-search-index";
import { runSqlBatch } from "@jplay/schema/sql-batch";
import { purgeCatalogue } from "../edge-cache";
import { Browser } from "../../../test/support";

const uniqueWord = () => Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
const randomDigits = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => String(byte % 10)).join("");

/** Upload times past every other file's songs, one millisecond apart per song, newest last. */
let clock = 4_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

interface SongFields {
  title?: string;
  artistName?: string;
  genre?: string;
  lyrics?: string | null;
  instrumental?: boolean;
  explicit?: boolean | null;
  status?: string;
  cleanVersionOf?: string;
  credits?: [string, string][];
  createdAt?: number;
}

/** A live song straight in D1 with its search entry (as the upload writes them), then the catalogue purged as a delivery purges it. */
async function insertSong(fields: SongFields = {}): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into songs (id, title, artist_name, status, audio_key, genre, lyrics, instrumental, lyrics_language, explicit, release_date, isrc, upc, clean_version_of, created_at)
     values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'en', ?9, '2026-01-01', ?10, ?11, ?12, ?13)`,
  )
    .bind(
      id,
      fields.title ?? `Song ${uniqueWord()}`,
      fields.artistName ?? `Artist ${uniqueWord()}`,
      fields.status ?? "distributed",
      `songs/${id}/audio.mp3`,
      fields.genre ?? "Pop",
      fields.lyrics ?? null,
      fields.instrumental ? 1 : 0,
      fields.explicit === undefined ? 0 : fields.explicit === null ? null : Number(fields.explicit),
      `QZS${randomDigits(9)}`,
      randomDigits(12),
      fields.cleanVersionOf ?? null,
      fields.createdAt ?? ++clock,
    )
    .run();
  for (const [position, [name, role]] of (fields.credits ?? []).entries()) {
    await env.DB.prepare("insert into song_credits (song_id, position, name, role) values (?1, ?2, ?3, ?4)").bind(id, position, name, role).run();
  }
  await runSqlBatch(env.DB, songSearchEntry(id));
  await purgeCatalogue();
  return id;
}

async function getJson<T>(path: string, status = 200): Promise<T> {
  const response = await new Browser().fetch(path);
  expect(response.status, path).toBe(status);
  return response.json<T>();
}

/** Every page of a list from the first, following `next`, until `stopAt` songs were seen or the list ends. */
async function pagesOf(path: string, stopAt: number, from: string | null = null): Promise<{ pages: string[][]; ids: string[] }> {
  const pages: string[][] = [];
  let after: string | null = from;
  do {
    const page: BrowsePage = await getJson<BrowsePage>(`${path}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    pages.push(page.songs.map((song) => song.id));
    after = page.next;
  } while (after !== null && pages.flat().length < stopAt);
  return { pages, ids: pages.flat() };
}

describe("GET /api/songs/browse", () => {
  it("pages through every song newest first, a keyset page at a time: a song added between pages neither repeats nor shifts one off", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await insertSong());
    const newestFirst = [...ids].reverse();

    const first = await getJson<BrowsePage>("/api/songs/browse?limit=2");
    expect(first.songs.map((song) => song.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.next).toMatch(/^[0-9a-z]+\.[0-9a-f-]+$/);

    // Added after the first page was read: it is newer, so it belongs before it, never on a later page.
    const added = await insertSong();
    const rest = await pagesOf("/api/songs/browse?limit=2", 3, first.next);
    expect(rest.ids.slice(0, 3)).toEqual(newestFirst.slice(2));
    expect(rest.ids).not.toContain(added);

    // Read again from the start, the new song comes first.
    expect((await getJson<BrowsePage>("/api/songs/browse?limit=1")).songs.map((song) => song.id)).toEqual([added]);
  });

  it("reads a range of the index, no OFFSET: the query plan searches songs_status_created_id_idx", async () => {
    const plan = await env.DB.prepare(
      "explain query plan select id from songs where status = 'distributed' and (created_at, id) < (?1, ?2) order by created_at desc, id desc limit 13",
    )
      .bind(clock, "z")
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(" | ")).toMatch(/SEARCH songs USING (COVERING )?INDEX songs_status_created_id_idx/);
  });

  it("a genre's songs only, by the genre's slug; an unknown genre is 404 and a cursor that is not one 400", async () => {
    const spoken = [await insertSong({ genre: "Spoken Word" }), await insertSong({ genre: "Spoken Word" })];
    await insertSong({ genre: "Rock" });
    const page = await getJson<BrowsePage>("/api/songs/browse?genre=spoken-word&limit=2");
    expect(page.songs.map((song) => song.id)).toEqual([...spoken].reverse());

    const rnb = await insertSong({ genre: "R&B/Soul" });
    expect((await getJson<BrowsePage>("/api/songs/browse?genre=r-b-soul&limit=1")).songs.map((song) => song.id)).toEqual([rnb]);

    expect((await getJson<{ error: { code: string } }>("/api/songs/browse?genre=polka", 404)).error.code).toBe("not_found");
    expect((await getJson<{ error: { code: string } }>("/api/songs/browse?after=not-a-cursor", 400)).error.code).toBe("bad_request");
  });

  it("lists what Home's lists would in each scope: explicit and unanswered songs never in the clean one, a clean version only there", async () => {
    const explicit = await insertSong({ explicit: true, genre: "Comedy" });
    const unanswered = await insertSong({ explicit: null, genre: "Comedy" });
    const cleanVersion = await insertSong({ explicit: false, cleanVersionOf: explicit, genre: "Comedy" });
    const clean = await insertSong({ genre: "Comedy" });
    const pending = await insertSong({ status: "pending", genre: "Comedy" });

    const full = (await getJson<BrowsePage>("/api/songs/browse?genre=comedy&limit=4")).songs.map((song) => song.id);
    expect(full).toEqual([clean, unanswered, explicit].concat(full.slice(3)));
    expect(full).not.toContain(cleanVersion);
    expect(full).not.toContain(pending);

    const cleanScope = await getJson<BrowsePage>("/api/songs/browse?genre=comedy&limit=2&catalogue=clean");
    expect(cleanScope.songs.map((song) => song.id)).toEqual([clean, cleanVersion]);
    expect(cleanScope.songs[0]!.audioUrl).toBe(`/api/songs/${clean}/audio?catalogue=clean`);
  });

  it("is kept in the edge cache and dropped when the catalogue changes", async () => {
    await insertSong({ genre: "World" });
    const browser = new Browser();
    await browser.fetch("/api/songs/browse?genre=world&limit=1");
    const kept = await browser.fetch("/api/songs/browse?genre=world&limit=1");
    expect(kept.headers.get("X-Edge-Cache")).toBe("hit");
    expect(kept.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    const newer = await insertSong({ genre: "World" });
    const fresh = await browser.fetch("/api/songs/browse?genre=world&limit=1");
    expect(fresh.headers.get("X-Edge-Cache")).toBe("miss");
    expect((await fresh.json<BrowsePage>()).songs.map((song) => song.id)).toEqual([newer]);
  });
});

describe("GET /api/songs/genres", () => {
  it("names each genre with songs in the scope, in the list's order, with its count", async () => {
    await insertSong({ genre: "Metal", explicit: true });
    const full = await getJson<GenreSummary[]>("/api/songs/genres");
    const metal = full.find((genre) => genre.genre === "Metal");
    expect(metal).toMatchObject({ slug: "metal" });
    expect(metal!.songCount).toBeGreaterThanOrEqual(1);
    expect(full.every((genre) => genre.songCount > 0)).toBe(true);
    const names = full.map((genre) => genre.genre);
    expect(names).toEqual(GENRES.filter((genre) => names.includes(genre)));

    const clean = await getJson<GenreSummary[]>("/api/songs/genres?catalogue=clean");
    const cleanMetal = clean.find((genre) => genre.genre === "Metal")?.songCount ?? 0;
    expect(cleanMetal).toBeLessThan(metal!.songCount);
  });
});

describe("GET /api/songs/{id}/details", () => {
  it("gives the song with its genre, ISRC, credits in order and lyrics; an instrumental has none; a song not public is 404", async () => {
    const lyrics = "First line of the song\nSecond line, corazón";
    const id = await insertSong({
      genre: "Latin",
      lyrics,
      credits: [
        ["Ana Díaz", "composer"],
        ["Luis Mar", "producer"],
      ],
    });
    const details = await getJson<SongDetailsDto>(`/api/songs/${id}/details`);
    expect(details).toMatchObject({
      id,
      genre: "Latin",
      lyrics,
      lyricsLanguage: "en",
      credits: [
        { name: "Ana Díaz", role: "composer" },
        { name: "Luis Mar", role: "producer" },
      ],
    });
    expect(details.isrc).toMatch(/^QZS\d{9}$/);

    const instrumental = await insertSong({ instrumental: true, lyrics: "ignored" });
    expect((await getJson<SongDetailsDto>(`/api/songs/${instrumental}/details`)).lyrics).toBeNull();

    const pending = await insertSong({ status: "pending" });
    await getJson(`/api/songs/${pending}/details`, 404);
    const explicit = await insertSong({ explicit: true });
    await getJson(`/api/songs/${explicit}/details?catalogue=clean`, 404);
  });
});

describe("GET /api/artists/{slug}", () => {
  it("finds the artist by the slug of their name, accents and case folded, with only their songs in the scope and nothing private", async () => {
    const word = uniqueWord();
    const name = `Ána Ñu ${word}`;
    const older = await insertSong({ artistName: name });
    const explicit = await insertSong({ artistName: name, explicit: true });
    const newest = await insertSong({ artistName: `ana nu ${word.toUpperCase()}` });
    // A longer name holding theirs is another artist.
    await insertSong({ artistName: `${name} López` });
    await insertSong({ artistName: name, status: "pending" });

    const slug = slugOf(name);
    expect(slug).toBe(`ana-nu-${word}`);
    expect(artistPath(name)).toBe(`/artists/${slug}`);
    const page = await getJson<ArtistPageDto>(`/api/artists/${slug}`);
    expect(Object.keys(page).sort()).toEqual(["name", "slug", "songs"]);
    expect(page).toMatchObject({ name: `ana nu ${word.toUpperCase()}`, slug });
    expect(page.songs.map((song) => song.id)).toEqual([newest, explicit, older]);
    expect(Object.keys(page.songs[0]!).sort()).toEqual(["artist", "audioUrl", "coverUrl", "createdAt", "explicit", "id", "price", "title"]);

    const clean = await getJson<ArtistPageDto>(`/api/artists/${slug}?catalogue=clean`);
    expect(clean.songs.map((song) => song.id)).toEqual([newest, older]);

    await getJson(`/api/artists/nobody-${uniqueWord()}`, 404);
    await getJson(`/api/artists/${encodeURIComponent('x" OR y')}`, 404);
  });
});

describe("the pages rendered on the server", () => {
  let songId: string;
  let artistName: string;
  beforeAll(async () => {
    artistName = `Página ${uniqueWord()}`;
    songId = await insertSong({
      title: "Rendered <Song> & Co",
      artistName,
      genre: "Folk",
      lyrics: "Words of the rendered song",
      credits: [["Rita Ray", "lyricist"]],
    });
  });

  const dataOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="listener-page-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

  it("/songs/{id}: the song's page with its lyrics under their heading, its data embedded once, edge-cached", async () => {
    const browser = new Browser();
    const response = await browser.fetch(`/songs/${songId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    const html = await response.text();
    expect(html).toContain(`<div id="root" data-screen="/songs/${songId}">`);
    expect(html).toContain("Rendered &lt;Song&gt; &amp; Co");
    expect(html).toMatch(/<h2 id="lyrics-heading"[^>]*>Lyrics<\/h2>/);
    expect(html).toContain("Words of the rendered song");
    expect(html).toContain("Rita Ray");
    expect(html).toContain(`href="${artistPath(artistName)}"`);
    expect(dataOf(html)).toMatchObject({ screen: "song", facility: null, reads: [[`songs/details/${songId}`, { id: songId, genre: "Folk" }]] });
    expect((await browser.fetch(`/songs/${songId}`)).headers.get("X-Edge-Cache")).toBe("hit");
  });

  it("/artists/{slug}, /songs, /genres/{slug} and /browse render their lists; the Spanish page is in Spanish", async () => {
    const artist = await new Browser().fetch(artistPath(artistName));
    const artistHtml = await artist.text();
    expect(artist.status).toBe(200);
    expect(artistHtml).toContain(`<h1 class="text-3xl font-extrabold tracking-tight break-words">${artistName}</h1>`);

    const all = await (await new Browser().fetch("/songs")).text();
    expect(dataOf(all)).toMatchObject({ screen: "all-songs", reads: [["songs/browse/", { songs: expect.any(Array) as unknown }]] });
    expect(all).toContain('rel="next"');

    const folk = await (await new Browser().fetch("/genres/folk")).text();
    expect(folk).toContain("Rendered &lt;Song&gt; &amp; Co");

    const spanish = new Browser();
    spanish.setCookie("language", "es");
    const browse = await (await spanish.fetch("/browse")).text();
    expect(browse).toContain('<html lang="es"');
    expect(browse).toContain("Todas las canciones");
  });

  it("an address with nothing to show is the plain app with 404", async () => {
    for (const path of [`/songs/${crypto.randomUUID()}`, `/artists/nobody-${uniqueWord()}`, "/genres/polka"]) {
      const response = await new Browser().fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('<div id="root"></div>');
    }
  });
});
