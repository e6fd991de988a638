/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Tapping a server-rendered listener page before its code runs (src/early-taps.ts, the islands of
 * docs/decisions/105-listener-pages-as-islands.md): holding a script back, knowing when the page's
 * first script answers taps, the demo's most popular song, and its audio playing.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The fields of the API's SongDto these tests read. */
export interface TappedSong {
  id: string;
  title: string;
  artist: string;
  audioUrl: string;
}

export async function firstPopularSong(baseURL: string): Promise<TappedSong> {
  const response = await fetch(`${baseURL}/api/songs/popular`);
  expect(response.status).toBe(200);
  const songs: TappedSong[] = await response.json();
  return songs[0]!;
}

/** Holds the scripts whose address `pattern` matches until the returned function is called. Call before `goto`. */
export async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The first script has run (it answers taps from now on). */
export const firstScriptRan = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __jplayTapsBeforeScripts?: unknown }).__jplayTapsBeforeScripts === null);

/** Waits until the page's one <audio> element plays `audioUrl` and its position has moved. */
export const waitUntilPlaying = (page: Page, baseURL: string, audioUrl: string) =>
  page.waitForFunction((path) => {
    const audio = document.querySelector("audio");
    return !!audio && !audio.paused && new URL(audio.src).pathname === path && audio.currentTime > 0.2;
  }, new URL(audioUrl, baseURL).pathname);

/**
 * Opens `url` and taps "Español" as soon as the first script runs (the test holds the rest back):
 * the Worker writes the page again in Spanish, the choice kept.
 */
export async function firstTapOpensSpanish(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "commit" });
  await firstScriptRan(page);
  const reloaded = page.waitForRequest((request) => request.isNavigationRequest());
  await page.getByRole("button", { name: "Español" }).click();
  await reloaded;
  // Nothing but the Worker could have written it in Spanish: the page's code is still held back.
  await page.locator('html[lang="es"]').waitFor({ state: "attached" });
  await page.getByRole("button", { name: "English" }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
}
