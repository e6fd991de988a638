/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * A tap on Home's server-rendered HTML acts on the first tap, before the app has hydrated
 * (src/early-taps.ts): the app's script is held back while the test taps, so what answers is the
 * page's first script; then the app runs and carries on from what the tap did (the song playing, the
 * like kept, the menu open). A tap made before even the first script has arrived is kept and answered
 * as it starts.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newPage, waitForHydration } from "./support/browser";
import { holdAppScript, recordPageErrors } from "./support/hydration";
import { sharedServer } from "./support/shared-server";
import { firstPopularSong, firstScriptRan, firstTapOpensSpanish, holdScripts, waitUntilPlaying as waitUntilAudioPlays } from "./support/first-taps";

const { baseURL } = sharedServer();

const firstTrendingSong = () => firstPopularSong(baseURL);

/** Holds the page's first script (its own entry chunk) until the returned function is called. */
const holdFirstScript = (page: Page) => holdScripts(page, /\/assets\/early-taps-[\w-]+\.js$/);

const waitUntilPlaying = (page: Page, audioUrl: string) => waitUntilAudioPlays(page, baseURL, audioUrl);

/** The app has not hydrated: no element of #root carries React's handlers. */
const notHydrated = (page: Page) =>
  page.evaluate(
    () => !Array.from(document.querySelectorAll("#root button")).some((button) => Object.keys(button).some((key) => key.startsWith("__reactProps$"))),
  );

const trendingCover = (page: Page, title: string) => page.getByRole("region", { name: "Trending Songs" }).getByRole("button", { name: `Play ${title}` });

describe("the first tap on a server-rendered page", () => {
  test("a tap on a cover before the app hydrates plays the song, and the app carries on with it", async () => {
    const song = await firstTrendingSong();
    const page = await newPage();
    const errors = recordPageErrors(page);
    const releaseApp = await holdAppScript(page);
    await page.goto(`${baseURL}/`, { waitUntil: "commit" });
    await firstScriptRan(page);

    await trendingCover(page, song.title).click();
    await waitUntilPlaying(page, song.audioUrl);
    expect(await notHydrated(page)).toBe(true);
    expect(await trendingCover(page, song.title).getAttribute("aria-pressed")).toBe("true");

    releaseApp();
    const nowPlaying = page.getByRole("region", { name: "Now playing" });
    // Hydrated, the player shows the song the first tap started, playing; the same tap target pauses it.
    await nowPlaying.getByRole("button", { name: "Pause playback" }).waitFor();
    await nowPlaying.getByText(song.title, { exact: true }).waitFor();
    await waitForHydration(page, 'section[aria-labelledby="recent-heading"] li:last-child button');
    await page
      .getByRole("region", { name: "Trending Songs" })
      .getByRole("button", { name: `Pause ${song.title}` })
      .click();
    await page.waitForFunction(() => document.querySelector("audio")!.paused);
    await nowPlaying.getByRole("button", { name: "Resume playback" }).waitFor();
    expect(errors).toEqual([]);
  });

  test("a tap made before the page's first script has arrived is answered once it runs", async () => {
    const song = await firstTrendingSong();
    const page = await newPage();
    const releaseApp = await holdAppScript(page);
    const releaseFirstScript = await holdFirstScript(page);
    await page.goto(`${baseURL}/`, { waitUntil: "commit" });

    await trendingCover(page, song.title).click();
    // Nothing has answered it yet: nothing plays.
    expect(await page.evaluate(() => document.querySelector("audio")!.paused)).toBe(true);
    releaseFirstScript();
    await waitUntilPlaying(page, song.audioUrl);
    expect(await notHydrated(page)).toBe(true);
    releaseApp();
  });

  test("like, theme and the menu act before the app hydrates, and the app keeps what they did", async () => {
    const song = await firstTrendingSong();
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const releaseApp = await holdAppScript(page);
    await page.goto(`${baseURL}/`, { waitUntil: "commit" });
    await firstScriptRan(page);

    const heart = page.getByRole("region", { name: "Trending Songs" }).getByRole("button", { name: `Like ${song.title}` });
    await heart.click();
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("likedSongs"))).toBe(JSON.stringify([song.id]));

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await page.evaluate(() => [document.documentElement.classList.contains("dark"), localStorage.getItem("theme")])).toEqual([false, "light"]);

    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    await page.getByRole("navigation", { name: "Mobile" }).waitFor();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await notHydrated(page)).toBe(true);

    releaseApp();
    // Hydrated: the theme toggle now offers the way back, and the like and the open menu are the app's.
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    await waitForHydration(page, "#root button[aria-controls='mobile-menu']");
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    await menuButton.click();
    await page.getByRole("navigation", { name: "Mobile" }).waitFor({ state: "hidden" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  test("a liked song's heart shows liked before the app hydrates, and a first tap on it unlikes it", async () => {
    const song = await firstTrendingSong();
    const page = await newPage();
    await page.goto(`${baseURL}/`);
    await page.evaluate((id) => localStorage.setItem("likedSongs", JSON.stringify([id])), song.id);
    const releaseApp = await holdAppScript(page);
    await page.reload({ waitUntil: "commit" });
    await firstScriptRan(page);
    await page.waitForFunction(() => document.readyState !== "loading");

    // The server drew it unliked; the first script marks it from this tablet's likes, and it looks it.
    const heart = page.getByRole("region", { name: "Trending Songs" }).getByRole("button", { name: `Like ${song.title}` });
    // Waited for: the first script marks the hearts once the document is parsed, a moment after
    // readyState leaves "loading" (the app itself is still held back).
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    const heartFill = () => heart.locator("svg").evaluate((svg) => getComputedStyle(svg).fill);
    expect(await heartFill()).not.toBe("none");
    expect(await notHydrated(page)).toBe(true);

    await heart.click();
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    expect(await heartFill()).toBe("none");
    expect(await page.evaluate(() => localStorage.getItem("likedSongs"))).toBe("[]");

    releaseApp();
    await waitForHydration(page, 'section[aria-labelledby="recent-heading"] li:last-child button');
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
  });

  test("the language switch before the app hydrates opens the page in Spanish", async () => {
    const page = await newPage();
    await holdAppScript(page);
    await firstTapOpensSpanish(page, `${baseURL}/`);
  });
});
