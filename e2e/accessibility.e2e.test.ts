/// <reference lib="dom" />
/**
 * Every screen and state the browser tests reach, audited with axe-core in both themes (each state
 * once in each, from one visit): Home, the
 * player playing, search, browse, all songs, a genre, a song's and an artist's page, both distribution forms showing their errors, the offer, both recovery tiers, the
 * confirmation, checkout, Pro, the artist's page, and the admin portal with a dialog open. A serious
 * or critical WCAG A/AA violation fails the test and is named (e2e/support/axe.ts). Then touch and
 * sight on the listener's and artist's first screens and a song's page with lyrics: targets at least 44 × 44 CSS px, text zoomed to
 * 200% without anything cut off or scrolled sideways, and no motion when the tablet asks for less.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { CARDS, saveCard, uploadSong } from "./support/artist";
import { auditInBothThemes } from "./support/axe";
import { newPage, waitForHydration } from "./support/browser";
import { signedInOperator } from "./support/operator";
import { sharedServer } from "./support/shared-server";
import { artistPath } from "@jplay/schema/catalogue-paths";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";

const { baseURL, adminPassword } = sharedServer();

/** The demo song whose page shows Spanish lyrics. */
const SONG_WITH_LYRICS = DEMO_SONGS.find((song) => song.lyrics?.language === "es")!;

describe("every screen in both themes", () => {
  test("listener screens: Home, the player playing, search results and nothing found, browse, all songs, a genre, a song's and an artist's page", async () => {
    const found = new Map<string, string[]>();
    const page = await newPage();
    await page.goto(baseURL);
    await waitForHydration(page, "main");
    await page.getByRole("region", { name: "Trending Songs" }).getByRole("heading", { level: 3 }).first().waitFor();
    await auditInBothThemes(page, "Home", found);

    await page
      .getByRole("region", { name: "Trending Songs" })
      .getByRole("button", { name: /^Play / })
      .first()
      .click();
    await page.getByRole("region", { name: "Now playing" }).getByRole("button", { name: "Pause playback" }).waitFor();
    await auditInBothThemes(page, "player playing", found);

    await page.goto(`${baseURL}/search?q=letters`);
    await page.getByRole("status").filter({ hasText: "2 songs match “letters”." }).waitFor();
    await auditInBothThemes(page, "search results", found);
    await page.goto(`${baseURL}/search?q=zzqx`);
    await page.getByRole("status").filter({ hasText: "No songs match “zzqx”." }).waitFor();
    await auditInBothThemes(page, "nothing found", found);

    await page.goto(`${baseURL}/browse`);
    await page.getByRole("region", { name: "Genres" }).getByRole("link").first().waitFor();
    await auditInBothThemes(page, "browse", found);
    await page.goto(`${baseURL}/songs`);
    await page.getByRole("link", { name: "Next page" }).waitFor();
    await auditInBothThemes(page, "all songs", found);
    await page.goto(`${baseURL}/genres/latin`);
    await page.getByRole("region", { name: "Newest first" }).getByRole("heading", { level: 3 }).first().waitFor();
    await auditInBothThemes(page, "a genre", found);
    await page.goto(`${baseURL}/songs/${SONG_WITH_LYRICS.id}`);
    await page.getByRole("region", { name: "Lyrics" }).waitFor();
    await auditInBothThemes(page, "a song's page", found);
    await page.goto(`${baseURL}${artistPath(SONG_WITH_LYRICS.artistName)}`);
    await page.getByRole("heading", { level: 1, name: SONG_WITH_LYRICS.artistName }).waitFor();
    await auditInBothThemes(page, "an artist's page", found);
    expect(Object.fromEntries(found)).toEqual({});
  });

  test("artist screens: both forms with their errors, the offer, both recovery tiers, confirmation, checkout, Pro, the artist page", async () => {
    const found = new Map<string, string[]>();
    const page = await newPage();
    await page.goto(`${baseURL}/distribute`);
    await page.getByRole("button", { name: "Save Payment Method" }).click();
    await expect.poll(() => page.getByLabel("Phone number", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await auditInBothThemes(page, "distribute with errors", found);

    await saveCard(page, baseURL, CARDS.visa);
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    await expect.poll(() => page.getByLabel("Song title", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await auditInBothThemes(page, "song form with errors", found);
    const songId = await uploadSong(page, baseURL, `Audit ${Date.now() % 100_000}`);
    await auditInBothThemes(page, "offer", found);

    for (const tier of [1, 2]) {
      await page.goto(`${baseURL}/payment-recovery/${songId}/${tier}`);
      await page.getByRole("button", { name: "Decline Offer" }).waitFor();
      await auditInBothThemes(page, `recovery tier ${tier}`, found);
    }

    await page.goto(`${baseURL}/confirmation/${songId}`);
    await page.getByRole("heading", { level: 1, name: "Success! Your distribution is complete" }).waitFor();
    await auditInBothThemes(page, "confirmation", found);

    await page.goto(`${baseURL}/checkout`);
    await page.getByText("$99.00", { exact: true }).waitFor();
    await page.getByLabel("Card number", { exact: true }).waitFor();
    await auditInBothThemes(page, "checkout", found);

    await page.goto(`${baseURL}/subscribe`);
    await page.getByLabel("Card number", { exact: true }).waitFor();
    await auditInBothThemes(page, "Pro", found);

    await page.goto(`${baseURL}/artist`);
    await page.getByRole("region", { name: "Signed-in browsers" }).getByText("This browser", { exact: true }).waitFor();
    await auditInBothThemes(page, "artist page", found);
    expect(Object.fromEntries(found)).toEqual({});
    // Eighteen states audited twice each, a card saved and a song uploaded: on a busy two-core machine
    // this one visit takes longer than the suite's default minute.
  }, 180_000);

  test("admin portal with a dialog open", async () => {
    const found = new Map<string, string[]>();
    const admin = await signedInOperator(baseURL, adminPassword);
    await admin.getByRole("tab", { name: "Catalogue" }).click();
    await admin.getByRole("heading", { name: "Facilities" }).waitFor();
    await auditInBothThemes(admin, "admin catalogue", found);
    await admin
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await admin
      .getByRole("dialog", { name: /^Edit / })
      .getByLabel("Facility name")
      .waitFor();
    await auditInBothThemes(admin, "admin dialog", found);
    expect(Object.fromEntries(found)).toEqual({});
  });
});

/** Visible controls smaller than 44 × 44 CSS px (WCAG 2.5.5), links inside running text excepted. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio]"))
      // Shown (a visually hidden skip link is sized when it gets the focus).
      .filter(
        (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden" && getComputedStyle(element).clipPath === "none",
      )
      .filter((element) => !(element.tagName === "A" && element.closest("p") && getComputedStyle(element).display === "inline"))
      .map((element) => {
        // A native radio or checkbox is a target with its label: the label is what a finger meets.
        const target = element.matches("input[type=radio], input[type=checkbox]") ? (element.closest("label") ?? element) : element;
        const box = target.getBoundingClientRect();
        return {
          name: element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? element.tagName,
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      })
      .filter((box) => box.width < 44 || box.height < 44)
      .map((box) => `${box.name} (${box.width} × ${box.height})`),
  );

/**
 * What the page loses at 200%: the page scrolling sideways, text cut off now, or text on one line
 * that is cut off once it is longer (an ellipsis: a longer song title than the demo's would lose its
 * end). Visually hidden text (the skip link, labels for screen readers) is meant to be clipped.
 */
const lostWhenZoomed = (page: Page) =>
  page.evaluate(() => {
    const lost = Array.from(document.querySelectorAll<HTMLElement>("button, a[href], label, h1, h2, h3, p"))
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).clipPath === "none")
      .flatMap((element) => {
        const style = getComputedStyle(element);
        const text = element.textContent?.trim().slice(0, 40);
        if (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== "visible") return [`cut off: ${text}`];
        if (style.whiteSpace === "nowrap" && style.overflowX === "hidden") return [`cut off when longer: ${text}`];
        return [];
      });
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth + 1) lost.push(`scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
    return lost;
  });

/** Elements still animating or transitioning for longer than the reduced-motion 0.01 ms. */
const moving = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("*"))
      .filter((element) => {
        const style = getComputedStyle(element);
        const longest = (durations: string) => Math.max(...durations.split(",").map((d) => parseFloat(d) * (d.trim().endsWith("ms") ? 1 : 1000)));
        return longest(style.transitionDuration) > 0.01 || longest(style.animationDuration) > 0.01;
      })
      .map((element) => element.tagName),
  );

/** `check` on hydrated Home, then on /distribute once its card form is there. */
async function onHomeAndDistribute(page: Page, check: (page: Page) => Promise<string[]>) {
  await page.goto(baseURL);
  await waitForHydration(page, "main");
  const home = await check(page);
  await page.goto(`${baseURL}/distribute`);
  await page.getByLabel("Card number", { exact: true }).waitFor();
  return { home, distribute: await check(page) };
}

describe("touch and sight", () => {
  test("targets are at least 44 × 44 px on Home and the distribution form", async () => {
    const page = await newPage({ viewport: { width: 800, height: 1280 } });
    expect(await onHomeAndDistribute(page, smallTargets)).toEqual({ home: [], distribute: [] });
  });

  test("zoomed to 200%, Home and the distribution form lose nothing", async () => {
    // The 800 × 1280 tablet at 200% zoom: 400 × 640 CSS px at twice the pixel density, as the browser
    // lays it out (its breakpoints follow the zoom, which a root font-size alone would not do).
    const page = await newPage({ viewport: { width: 400, height: 640 }, deviceScaleFactor: 2 });
    expect(await onHomeAndDistribute(page, lostWhenZoomed)).toEqual({ home: [], distribute: [] });
  });

  test("a song's page with lyrics: targets at least 44 × 44 px, and at 200% nothing is lost", async () => {
    const tablet = await newPage({ viewport: { width: 800, height: 1280 } });
    await tablet.goto(`${baseURL}/songs/${SONG_WITH_LYRICS.id}`);
    await waitForHydration(tablet, "main");
    await tablet.getByRole("region", { name: "Lyrics" }).waitFor();
    expect(await smallTargets(tablet)).toEqual([]);
    const zoomed = await newPage({ viewport: { width: 400, height: 640 }, deviceScaleFactor: 2 });
    await zoomed.goto(`${baseURL}/songs/${SONG_WITH_LYRICS.id}`);
    await waitForHydration(zoomed, "main");
    await zoomed.getByRole("region", { name: "Lyrics" }).getByText("mi barrio, mi corazón", { exact: false }).waitFor();
    expect(await lostWhenZoomed(zoomed)).toEqual([]);
  });

  test("nothing moves when the tablet asks for reduced motion", async () => {
    const still = await newPage({ reducedMotion: "reduce" });
    await still.goto(baseURL);
    await waitForHydration(still, "main");
    expect(await moving(still)).toEqual([]);
    // The same page without the preference does animate (buttons fade their colours), so the check can see motion.
    const usual = await newPage({ reducedMotion: "no-preference" });
    await usual.goto(baseURL);
    await waitForHydration(usual, "main");
    expect((await moving(usual)).length).toBeGreaterThan(0);
  });
});
