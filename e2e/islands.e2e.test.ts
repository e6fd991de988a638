/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The listener pages are islands (docs/decisions/105-listener-pages-as-islands.md): with every
 * island's script held back, a first tap on play, like, save, theme, language and the menu works
 * (the page's first script answers it); once the islands run they take over without losing what the
 * tap made, and each keeps the server's elements. No listener page reports a hydration error, and the
 * static content (rows, cards' text, footer) is never hydrated.
 */
import type { Page } from "playwright-core";
import { artistPath, genrePath } from "@jplay/schema/catalogue-paths";
import { describe, expect, test } from "vitest";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { newPage, waitForHydration } from "./support/browser";
import { recordPageErrors, rememberServerNodes, serverNodesKept, waitForIslands } from "./support/hydration";
import { sharedServer } from "./support/shared-server";
import { firstPopularSong, firstScriptRan, firstTapOpensSpanish, holdScripts, waitUntilPlaying as waitUntilAudioPlays } from "./support/first-taps";

const { baseURL } = sharedServer();

const firstSong = () => firstPopularSong(baseURL);

/** Holds the islands' code (their chunk) until the returned function is called. Call before `goto`. */
const holdIslands = (page: Page) => holdScripts(page, /\/assets\/island-roots-[\w-]+\.js$/);

/** No element of #root carries React's handlers: no island has started. */
const noIslandRuns = (page: Page) =>
  page.evaluate(() => !Array.from(document.querySelectorAll("#root *")).some((element) => Object.keys(element).some((key) => key.startsWith("__react"))));

const waitUntilPlaying = (page: Page, audioUrl: string) => waitUntilAudioPlays(page, baseURL, audioUrl);

describe("listener pages as islands", () => {
  test("play, like, save, theme and the menu answer a first tap with every island held back, and the islands keep what it made", async () => {
    const song = await firstSong();
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const errors = recordPageErrors(page);
    const releaseIslands = await holdIslands(page);
    await page.goto(`${baseURL}/songs/${song.id}`, { waitUntil: "commit" });
    await firstScriptRan(page);
    await page.waitForFunction(() => document.readyState !== "loading");
    // The islands' code has been asked for (the page has loaded) and is held.
    await page.waitForFunction(() => document.readyState === "complete");

    // The song's own controls (the player bar, once it shows the song, has a heart too).
    const article = page.getByRole("article");
    const play = article.getByRole("button", { name: "Play", exact: true });
    const like = article.getByRole("button", { name: `Like ${song.title}` });
    const save = article.getByRole("button", { name: `Save ${song.title} for later` });
    const menu = page.getByRole("button", { name: "Menu" });

    await play.click();
    await waitUntilPlaying(page, song.audioUrl);
    expect(await play.getAttribute("aria-pressed")).toBe("true");
    await like.click();
    expect(await like.getAttribute("aria-pressed")).toBe("true");
    await save.click();
    expect(await save.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await menu.click();
    await page.getByRole("navigation", { name: "Mobile" }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("likedSongs"), JSON.parse(localStorage.getItem("wishlistSongs") ?? "[]")[0]?.id])).toEqual([
      JSON.stringify([song.id]),
      song.id,
    ]);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(await noIslandRuns(page)).toBe(true);

    const kept = await rememberServerNodes(page, "[data-island] button, footer, h1, dl");
    expect(kept).toBeGreaterThan(5);
    releaseIslands();
    await waitForIslands(page);

    // The islands show what the taps made: the song playing (its button and the player bar), liked, saved, light, menu open.
    const nowPlaying = page.getByRole("region", { name: "Now playing" });
    await nowPlaying.getByText(song.title, { exact: true }).waitFor();
    await nowPlaying.getByRole("button", { name: "Pause playback" }).waitFor();
    await article.getByRole("button", { name: "Pause", exact: true }).waitFor();
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(await like.getAttribute("aria-pressed")).toBe("true");
    expect(await save.getAttribute("aria-pressed")).toBe("true");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await serverNodesKept(page)).toBe(true);
    // Static content stays the server's HTML: no React on the footer or the song's details.
    expect(
      await page.evaluate(() =>
        ["footer", "h1", "dl"].some((selector) => Object.keys(document.querySelector(selector)!).some((key) => key.startsWith("__react"))),
      ),
    ).toBe(false);

    // Now the islands answer: the same taps undo what the first ones did.
    await waitForHydration(page, "#root button[aria-controls='mobile-menu']");
    await article.getByRole("button", { name: "Pause", exact: true }).click();
    await page.waitForFunction(() => document.querySelector("audio")!.paused);
    await nowPlaying.getByRole("button", { name: "Resume playback" }).waitFor();
    await like.click();
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await save.click();
    expect(await save.getAttribute("aria-pressed")).toBe("false");
    await menu.click();
    await page.getByRole("navigation", { name: "Mobile" }).waitFor({ state: "hidden" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
  });

  test("the language switch answers a first tap with every island held back: the page comes back in Spanish", async () => {
    const page = await newPage();
    await holdIslands(page);
    await firstTapOpensSpanish(page, `${baseURL}/browse`);
  });

  test("every listener page's islands hydrate without an error, in both languages", async () => {
    const song = await firstSong();
    const pages = [
      "/",
      "/browse",
      "/songs",
      genrePath(DEMO_SONGS[0]!.genre),
      `/songs/${song.id}`,
      artistPath(song.artist),
      `/search?q=${encodeURIComponent(song.title)}`,
    ];
    for (const language of ["en", "es"]) {
      const page = await newPage({ locale: language });
      await page.addInitScript((chosen) => localStorage.setItem("language", chosen), language);
      const errors = recordPageErrors(page);
      for (const path of pages) {
        await page.goto(`${baseURL}${path}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await waitForIslands(page);
        // A listener page never downloads the single-page app's start.
        expect(await page.evaluate(() => performance.getEntriesByType("resource").some((entry) => /\/start-app-/.test(entry.name)))).toBe(false);
      }
      expect(errors).toEqual([]);
    }
  });
});
