/**
 * `/search?q=` rendered by the Worker (catalogue/routes/search-page.ts, listener-pages.ts): the
 * results in the HTML with the read they answer embedded, one edge-cache entry per search as the
 * search reads it (other spellings are sent to its address), purged with the catalogue, the
 * clean-only facility's rule, the empty search page, a query too long refused as the API refuses it,
 * and a hostile query kept out of the markup.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { songSearchEntry } from "@jplay/schema/song-search-index";
import { runSqlBatch } from "@jplay/schema/sql-batch";
import { purgeCatalogue } from "../edge-cache";
import { SEARCH_QUERY_MAX_CHARS } from "../song-search";
import { Browser } from "../../../test/support";

/** The Worker's own answer, a redirect included (a binding's fetch follows one by default). */
const get = (path: string, browser = new Browser()) => browser.fetch(path, { redirect: "manual" });

const word = () => `w${crypto.randomUUID().replace(/[^a-f]/g, "")}`;

/** A live song found by the search (its index entry written as the upload writes it), the catalogue purged as a delivery purges it. */
async function liveSong(title: string, explicit = false): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into songs (id, title, artist_name, status, audio_key, genre, explicit, created_at) values (?1, ?2, 'Search Page Artist', 'distributed', ?3, 'Pop', ?4, ?5)`,
  )
    .bind(id, title, `songs/${id}/audio.mp3`, Number(explicit), Date.now())
    .run();
  await runSqlBatch(env.DB, songSearchEntry(id));
  await purgeCatalogue();
  return id;
}

const dataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="listener-page-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    screen: string;
    facility: string | null;
    reads: [string, { id: string }[]][];
  };

const cleanFacility = `search-clean-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await env.DB.prepare("insert into facilities (id, name, state, clean_only) values (?1, 'Search Clean Unit', 'TX', 1)").bind(cleanFacility).run();
});

describe("GET /search?q=", () => {
  it("holds the results in the HTML, with the read they answer embedded, edge-cached", async () => {
    const found = word();
    const songId = await liveSong(`Lantern </script><b>${found}</b> $& Song`);
    const browser = new Browser();
    const response = await browser.fetch(`/search?q=${found}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(response.headers.get("X-Edge-Cache")).toBe("miss");
    const html = await response.text();
    expect(html).toContain('<div id="root" data-screen="/search">');
    expect(html).toContain(`Lantern &lt;/script&gt;&lt;b&gt;${found}&lt;/b&gt; $&amp; Song`);
    expect(html).toContain(`1 song matches “${found}”.`);
    expect(html).toContain(`<title>“${found}” – Search – JPlay</title>`);
    // The header's box holds the search, and is a plain GET form to /search.
    expect(html).toMatch(new RegExp(`<form role="search"[^>]* action="/search" method="get"><label[\\s\\S]*?<input [^>]*name="q" value="${found}"/></form>`));
    expect(dataOf(html)).toMatchObject({ screen: "search", facility: null, reads: [[`songs/search//${found}`, [{ id: songId }]]] });
    // The title's "</script>" stays inside the block: only the page's own scripts end one.
    expect(html.match(/<\/script>/g)?.length).toBe((await (await new Browser().fetch("/search")).text()).match(/<\/script>/g)?.length);
    expect((await browser.fetch(`/search?q=${found}`)).headers.get("X-Edge-Cache")).toBe("hit");
  });

  it("sends other spellings of a search to its own address, so they share one entry", async () => {
    const found = word();
    await liveSong(`Shared ${found}`);
    for (const typed of [`  ${found.toUpperCase()}!`, `${found}   `, `¡${found}?`]) {
      const response = await get(`/search?q=${encodeURIComponent(typed)}`);
      expect(response.status, typed).toBe(302);
      expect(response.headers.get("Location"), typed).toBe(`/search?q=${found}`);
    }
    const facilityKept = await get(`/search?facility=${cleanFacility}&q=${encodeURIComponent(`A  ${found}`)}`);
    expect(facilityKept.headers.get("Location")).toBe(`/search?facility=${cleanFacility}&q=a+${found}`);
    expect((await new Browser().fetch(`/search?q=${found}`)).headers.get("X-Edge-Cache")).toBe("miss");
    expect((await new Browser().fetch(`/search?q=${found}`)).headers.get("X-Edge-Cache")).toBe("hit");
  });

  it("is rendered afresh once the catalogue changes", async () => {
    const found = word();
    await liveSong(`First ${found}`);
    const browser = new Browser();
    expect(await (await browser.fetch(`/search?q=${found}`)).text()).toContain(`1 song matches “${found}”.`);
    expect((await browser.fetch(`/search?q=${found}`)).headers.get("X-Edge-Cache")).toBe("hit");
    await liveSong(`Second ${found}`);
    const after = await browser.fetch(`/search?q=${found}`);
    expect(after.headers.get("X-Edge-Cache")).toBe("miss");
    const html = await after.text();
    expect(html).toContain(`2 songs match “${found}”.`);
    expect(html).toContain(`Second ${found}`);
  });

  it("never shows a clean-only facility an explicit song, by address or by cookie", async () => {
    const found = word();
    await liveSong(`Clean ${found}`);
    await liveSong(`Explicit ${found}`, true);
    expect(await (await new Browser().fetch(`/search?q=${found}`)).text()).toContain(`Explicit ${found}`);
    const byCookie = new Browser();
    byCookie.setCookie("facility", cleanFacility);
    for (const [browser, path] of [
      [new Browser(), `/search?facility=${cleanFacility}&q=${found}`],
      [byCookie, `/search?q=${found}`],
    ] as const) {
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`Clean ${found}`);
      expect(html, path).not.toContain(`Explicit ${found}`);
      expect(dataOf(html).facility, path).toBe(cleanFacility);
      expect(dataOf(html).reads[0]![0], path).toBe(`songs/search/${cleanFacility}/${found}`);
    }
    expect((await byCookie.fetch(`/search?q=${found}`)).headers.get("Cache-Control")).toBe("private, max-age=0");
  });

  it("renders the empty search page for no query, and reads nothing", async () => {
    for (const path of ["/search", "/search?q="]) {
      const response = await new Browser().fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain("Type a song title, an artist, a word of the lyrics or a genre.");
      expect(html, path).toContain("<title>Search – JPlay</title>");
      expect(dataOf(html), path).toMatchObject({ screen: "search", reads: [] });
    }
    expect((await get("/search?q=%20!%20")).headers.get("Location")).toBe("/search?q=");
  });

  it("refuses a query longer than the API takes, with the plain app; one at the limit is searched", async () => {
    const tooLong = await new Browser().fetch(`/search?q=${"a".repeat(SEARCH_QUERY_MAX_CHARS + 1)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('<div id="root"></div>');
    const api = await new Browser().fetch(`/api/songs/search?q=${"a".repeat(SEARCH_QUERY_MAX_CHARS + 1)}`);
    expect(api.status).toBe(400);
    const atLimit = await new Browser().fetch(`/search?q=${"a".repeat(SEARCH_QUERY_MAX_CHARS)}`);
    expect(atLimit.status).toBe(200);
    expect(await atLimit.text()).toContain("No songs match");
  });

  it("keeps a hostile query out of the markup", async () => {
    const hostile = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const response = await get(`/search?q=${encodeURIComponent(hostile)}`);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    // Its words alone (at most eight, as the search reads them): nothing of the markup is left.
    expect(location).toBe("/search?q=script+alert+1+script+img+src+x+onerror");
    const html = await (await new Browser().fetch(location)).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("No songs match “script alert 1 script img src x onerror”.");
  });

  it("is in Spanish for a Spanish tablet", async () => {
    const found = word();
    await liveSong(`Canción ${found}`);
    const browser = new Browser();
    browser.setCookie("language", "es");
    const html = await (await browser.fetch(`/search?q=${found}`)).text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(`1 canción coincide con “${found}”.`);
    expect(html).toContain(`<title>“${found}” – Búsqueda – JPlay</title>`);
  });
});
