/**
 * `GET /` rendered on the server (docs/decisions/031-server-rendered-home.md), through the Worker's
 * real fetch handler on local D1 and the built web app's assets: the page holds the hero, both
 * catalogue rows and the player bar before any script runs, embeds the data it was rendered with
 * once (a title holding "</script>" or "<" cannot leave the JSON block, nor become markup), renders
 * the facility's catalogue from the address or the cookie, renders it in the language the app chose
 * or the browser prefers, and carries the page's headers.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { SongDto } from "@jplay/schema/song";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser } from "../../../test/support";

const HOSTILE_TITLE = `</script><script>alert("x")</script><!-- & <b>bold</b> $' $&`;
const FEATURED_TITLE = `Featured \u2028 line "quoted"`;

interface PageData {
  facility: string | null;
  popular: SongDto[];
  recent: SongDto[];
  featured: SongDto | null;
}

/** Every JSON block in the page, each parsed from its text up to the first "</script>" after it. */
function dataBlocks(html: string): PageData[] {
  return [...html.matchAll(/<script type="application\/json" id="home-page-data">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as PageData);
}

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));

async function liveSong(title: string, explicit: boolean, distributedAt: number) {
  const songId = await insertSong({ artistId: await insertArtist(), status: "distributed", distributedAt });
  await env.DB.prepare("update songs set title = ?1, artist_name = 'Home Page Artist', explicit = ?2 where id = ?3")
    .bind(title, explicit ? 1 : 0, songId)
    .run();
  return songId;
}

const cleanFacility = `home-clean-${crypto.randomUUID().slice(0, 8)}`;
let hostileId: string;
let explicitId: string;
let featuredId: string;

beforeAll(async () => {
  const now = Date.now() + 60_000;
  featuredId = await liveSong(FEATURED_TITLE, false, now);
  explicitId = await liveSong("Explicit Home Song", true, now + 1);
  hostileId = await liveSong(HOSTILE_TITLE, false, now + 2);
  await env.DB.batch([
    env.DB.prepare("update songs set featured_at = ?1 where id = ?2").bind(now, featuredId),
    env.DB.prepare("insert into facilities (id, name, state, clean_only) values (?1, 'Home Clean Unit', 'TX', 1)").bind(cleanFacility),
  ]);
});

describe("GET /", () => {
  it("holds the hero, both rows and the player bar, rendered from the catalogue, with the data embedded once", async () => {
    const response = await new Browser().fetch("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    const root = rootOf(html);

    expect(root).toContain("Get your music on the tablets inside.");
    expect(root).toContain("Trending Songs");
    expect(root).toContain("Recently Added");
    expect(root).toContain('aria-label="Now playing"');
    // #root starts with the tree; Home's title replaced the shell's in the head.
    expect(root).toMatch(/^<div id="root"><!--\$--><div class="flex min-h-dvh flex-col">/);
    expect(html.slice(0, html.indexOf("</head>"))).toContain("<title>JPlay – Music for 2.4 million listeners</title>");
    expect(html).not.toContain("<title>JPlay</title>");
    // The built app's own script still loads, to hydrate this HTML.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);

    const blocks = dataBlocks(html);
    expect(blocks).toHaveLength(1);
    const data = blocks[0]!;
    expect(data.facility).toBeNull();
    // This test's catalogue: the three songs, newest first; none bought, so Trending orders them alike.
    expect(data.recent.map((song) => song.id)).toEqual([hostileId, explicitId, featuredId]);
    expect(data.popular.map((song) => song.id)).toEqual([hostileId, explicitId, featuredId]);
    expect(data.featured?.id).toBe(featuredId);
    expect(data.featured?.title).toBe(FEATURED_TITLE);
    expect(data.recent[0]!.title).toBe(HOSTILE_TITLE);
    // The featured song fills the player bar before any script runs.
    expect(root).toContain(`Featured \u2028 line &quot;quoted&quot;`);
  });

  it("never lets a song title out as markup or out of the JSON block", async () => {
    const html = await (await new Browser().fetch("/")).text();
    const block = html.slice(html.indexOf('<script type="application/json"'));
    // Inside the block, "<" only appears in its own closing tag.
    expect(block.slice(0, block.indexOf("</script>") + "</script>".length).match(/</g)).toHaveLength(2);
    expect(html).not.toContain(`<script>alert("x")</script>`);
    expect(html).not.toContain("<b>bold</b>");
    // The rest of the document is there once: no title was read as a replacement pattern.
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    // As text in the row: escaped markup.
    expect(rootOf(html)).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;!-- &amp; &lt;b&gt;bold&lt;/b&gt; $&#x27; $&amp;");
  });

  it("renders a clean-only facility's catalogue from the address, and from the cookie the app keeps", async () => {
    for (const [path, cookie] of [
      [`/?facility=${cleanFacility}`, ""],
      ["/", cleanFacility],
    ] as const) {
      const browser = new Browser();
      browser.setCookie("facility", cookie);
      const response = await browser.fetch(path);
      // Chosen by the address, shared caches key it apart; chosen by the cookie alone, no shared cache keeps it.
      expect(response.headers.get("Cache-Control"), path).toBe(cookie ? "private, max-age=0" : "public, max-age=0, s-maxage=60");
      const html = await response.text();
      const [data] = dataBlocks(html);
      expect(data?.facility, path).toBe(cleanFacility);
      const ids = [...data!.popular, ...data!.recent].map((song) => song.id);
      expect(ids).toContain(hostileId);
      expect(ids).not.toContain(explicitId);
      expect(rootOf(html)).not.toContain("Explicit Home Song");
      // Its media URLs carry the facility, as the API's answers for it do.
      expect(data!.recent[0]!.audioUrl).toBe(`/api/songs/${hostileId}/audio?facility=${cleanFacility}`);
    }
  });

  it("lets the address's empty facility win over the cookie: the full catalogue", async () => {
    const browser = new Browser();
    browser.setCookie("facility", cleanFacility);
    const [data] = dataBlocks(await (await browser.fetch("/?facility=")).text());
    expect(data?.facility).toBeNull();
    expect(data!.recent.map((song) => song.id)).toContain(explicitId);
  });

  it("serves the plain single-page app for a facility JPlay does not know, which shows it as before", async () => {
    const response = await new Browser().fetch("/?facility=no-such-facility");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(dataBlocks(html)).toHaveLength(0);
  });

  it("renders in the language the app's cookie chose, else the browser's first language JPlay speaks, each kept apart in the edge cache", async () => {
    const visit = async (cookie: string, acceptLanguage: string) => {
      const browser = new Browser();
      browser.setCookie("language", cookie);
      const html = await (await browser.fetch("/", { headers: { "Accept-Language": acceptLanguage } })).text();
      return { lang: /<html lang="(\w+)"/.exec(html)?.[1], head: html.slice(0, html.indexOf("</head>")), root: rootOf(html), data: dataBlocks(html) };
    };
    // Asked in turn, so a document kept for one language would show in the next.
    for (let round = 0; round < 2; round += 1) {
      const spanish = await visit("es", "en-US");
      expect(spanish.lang).toBe("es");
      expect(spanish.head).toContain("<title>JPlay – Música para 2.4 millones de oyentes</title>");
      expect(spanish.root).toContain("Lleva tu música a las tabletas de adentro.");
      expect(spanish.root).toContain("Canciones en tendencia");
      expect(spanish.root).toContain('aria-label="Reproduciendo ahora"');
      expect(spanish.root).not.toContain("Trending Songs");
      // The catalogue is the same in both languages: songs' own titles are never translated.
      expect(spanish.data[0]!.featured?.title).toBe(FEATURED_TITLE);

      const preferred = await visit("", "fr-CA, es-MX;q=0.9, en;q=0.8");
      expect(preferred.lang).toBe("es");
      expect(preferred.root).toContain("Canciones en tendencia");

      const chosenEnglish = await visit("en", "es-MX");
      expect(chosenEnglish.lang).toBe("en");
      expect(chosenEnglish.head).toContain("<title>JPlay – Music for 2.4 million listeners</title>");
      expect(chosenEnglish.root).toContain("Trending Songs");
      expect(chosenEnglish.root).not.toContain("Canciones en tendencia");
    }
    // A cookie naming a language JPlay does not speak is no choice: the browser's preference decides.
    expect((await visit("fr", "es")).lang).toBe("es");
    expect((await visit("fr", "de")).lang).toBe("en");
  });

  it("carries the single-page app's security headers and a page's caching", async () => {
    const response = await new Browser().fetch("/");
    await response.text();
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self' https://js.stripe.com https://challenges.cloudflare.com;");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    // A browser asks again every time: a stale-while-revalidate copy would show an old catalogue after a change.
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Language");
  });
});
