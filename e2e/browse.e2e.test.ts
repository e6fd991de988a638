/**
 * Browsing the whole catalogue in a real browser against the real Worker and the seeded demo
 * catalogue: "Browse" in the header opens /browse; "All songs" pages through every demo song newest
 * first with the keyboard alone (the next page is a link); the genres together list every demo song,
 * each under its genre; a song's page (lyrics under their heading) and its artist's page render with
 * JavaScript off; with it on, the song's page plays and likes. Which songs each call lists, scope by
 * scope, is the Worker's test (workers/api/src/catalogue/test/browse.test.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { artistPath, genrePath } from "@jplay/schema/catalogue-paths";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { newPage, waitForHydration } from "./support/browser";
import { holdAppScript, recordPageErrors, rememberServerNodes, serverNodesKept } from "./support/hydration";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

const demoTitles = DEMO_SONGS.map((song) => song.title);
const withLyrics = DEMO_SONGS.find((song) => song.lyrics?.language === "es")!;

/** The song titles the list shows now, in order. */
const titlesOn = (page: Page) => page.getByRole("region", { name: "Newest first" }).getByRole("heading", { level: 3 }).allTextContents();

describe("browsing", () => {
  test("Browse in the header opens /browse; All songs pages through every demo song newest first, with the keyboard", async () => {
    const page = await newPage();
    await page.goto(baseURL);
    await waitForHydration(page, "main");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse" }).click();
    await page.waitForURL(`${baseURL}/browse`);
    await page.getByRole("heading", { level: 1, name: "Browse" }).waitFor();

    const allSongs = page.getByRole("link", { name: /^All songs/ });
    await allSongs.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/songs`);
    await page.getByRole("heading", { level: 1, name: "All songs" }).waitFor();

    const seen: string[] = [];
    for (;;) {
      await page.getByRole("region", { name: "Newest first" }).getByRole("heading", { level: 3 }).first().waitFor();
      const shown = await titlesOn(page);
      seen.push(...shown);
      const next = page.getByRole("link", { name: "Next page" });
      if ((await next.count()) === 0) break;
      const href = (await next.getAttribute("href"))!;
      await next.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${baseURL}${href}`);
      // The next page's songs, not the last one's.
      await expect.poll(async () => (await titlesOn(page))[0]).not.toBe(shown[0]);
      await page.getByRole("link", { name: "First page" }).waitFor();
    }
    expect(new Set(seen).size, "no song is listed twice").toBe(seen.length);
    const demoSeen = seen.filter((title) => demoTitles.includes(title));
    const newestFirst = [...DEMO_SONGS].sort((a, b) => b.createdAt - a.createdAt).map((song) => song.title);
    expect(demoSeen).toEqual(newestFirst);
  });

  test("the genres together list every demo song, each under its own genre, with their counts", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/browse`);
    const genres = page.getByRole("region", { name: "Genres" }).getByRole("link");
    await genres.first().waitFor();
    const tiles = await genres.evaluateAll((links) => links.map((link) => ({ href: link.getAttribute("href") ?? "", text: link.textContent ?? "" })));
    const found = new Map<string, string>();
    for (const tile of tiles) {
      await page.goto(`${baseURL}${tile.href}`);
      await page.getByRole("region", { name: "Newest first" }).getByRole("heading", { level: 3 }).first().waitFor();
      const titles = await titlesOn(page);
      // Every genre of the demo catalogue fits one page: the count the tile gave is the page's.
      if ((await page.getByRole("link", { name: "Next page" }).count()) === 0) expect(tile.text).toMatch(new RegExp(`${titles.length} songs?$`));
      for (const title of titles) found.set(title, tile.href);
    }
    for (const song of DEMO_SONGS) expect(found.get(song.title), song.title).toBe(genrePath(song.genre));
  });

  test("a song's page and its artist's page render with JavaScript off: cover, title, credits, genre, lyrics under their heading", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseURL}/songs/${withLyrics.id}`);
    await page.getByRole("heading", { level: 1, name: withLyrics.title }).waitFor();
    expect(await page.title()).toBe(`${withLyrics.title} – ${withLyrics.artistName} – JPlay`);
    await page.getByRole("img", { name: `Cover of ${withLyrics.title}` }).waitFor();
    const lyrics = page.getByRole("region", { name: "Lyrics" });
    await lyrics.getByText("mi barrio, mi corazón", { exact: false }).waitFor();
    expect(await lyrics.locator("[lang]").getAttribute("lang")).toBe("es");
    await page.getByRole("region", { name: "Credits" }).getByText("Composer", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: withLyrics.genre }).getAttribute("href")).toBe(genrePath(withLyrics.genre));

    await page.getByRole("link", { name: withLyrics.artistName }).click();
    await page.waitForURL(`${baseURL}${artistPath(withLyrics.artistName)}`);
    await page.getByRole("heading", { level: 1, name: withLyrics.artistName }).waitFor();
    await page.getByRole("region", { name: "Songs" }).getByRole("heading", { level: 3, name: withLyrics.title }).waitFor();
    const text = await page.locator("main").textContent();
    expect(text).not.toMatch(/\+1\d{10}|acct_|cus_|balance/i);
  });

  test("with JavaScript on, the song's page plays the song and likes it; a card's title opens its page", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}${genrePath(withLyrics.genre)}`);
    await waitForHydration(page, "main");
    await page.getByRole("region", { name: "Newest first" }).getByRole("link", { name: withLyrics.title, exact: true }).click();
    await page.waitForURL(`${baseURL}/songs/${withLyrics.id}`);
    await page.getByRole("heading", { level: 1, name: withLyrics.title }).waitFor();
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => !document.querySelector("audio")!.paused)).toBe(true);
    const like = page
      .getByRole("main")
      .getByRole("button", { name: `Like ${withLyrics.title}` })
      .first();
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
  });

  test("each browsing page is hydrated on the server's own elements, with no error and no catalogue call", async () => {
    const slug = artistPath(withLyrics.artistName);
    for (const path of ["/browse", "/songs", genrePath(withLyrics.genre), `/songs/${withLyrics.id}`, slug]) {
      const page = await newPage();
      const errors = recordPageErrors(page);
      const calls: string[] = [];
      page.on("request", (request) => {
        if (/\/api\/(songs|artists)\//.test(new URL(request.url()).pathname)) calls.push(request.url());
      });
      const release = await holdAppScript(page);
      await page.goto(`${baseURL}${path}`, { waitUntil: "commit" });
      await page.waitForFunction(() => document.querySelector("main h1") !== null && document.getElementById("listener-page-data") !== null);
      expect(await rememberServerNodes(page, "main h1, main a, main button"), path).toBeGreaterThan(0);
      release();
      await waitForHydration(page, "main h1 ~ *, main a");
      expect(await serverNodesKept(page), path).toBe(true);
      expect(errors, path).toEqual([]);
      expect(
        calls.filter((url) => !/\/(cover|audio)(\?|$)/.test(new URL(url).pathname)),
        path,
      ).toEqual([]);
    }
  });
});
