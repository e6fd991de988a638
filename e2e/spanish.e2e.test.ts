/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * JPlay in Spanish (docs/decisions/035-i18n-library.md), in a real browser against the real Worker:
 * the header's switch turns every screen to Spanish at once and the choice outlives a reload, which
 * the Worker renders in Spanish; a browser that prefers Spanish gets it from the first byte, with no
 * choice stored; English visits never fetch the Spanish chunk; an artist distributes a song start to
 * finish in Spanish and is stored with their language; no screen visited shows a message the Spanish
 * catalogue lacks; axe finds no serious violation on the Spanish screens in either theme.
 */
import { describe, expect, test } from "vitest";
import { newPage, waitForHydration } from "./support/browser";
import { freshVisa, saveCard, newSongMp3 } from "./support/artist";
import { auditInBothThemes, seriousViolations } from "./support/axe";
import { recordPageErrors } from "./support/hydration";
import { es, recordMissingSpanish } from "./support/spanish";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

/** Requests for the Spanish chunk (lib/i18n/spanish.ts) this page made. */
function recordSpanishChunk(page: import("playwright-core").Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/spanish-[\w-]+\.js$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  return fetched;
}

const documentLanguage = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.lang);

describe("Spanish", () => {
  test("the header's switch turns Home and the next screen to Spanish at once; a reload is rendered in Spanish by the Worker; English again on the way back", async () => {
    const page = await newPage({ locale: "en-US" });
    const spanishChunk = recordSpanishChunk(page);
    const errors = recordPageErrors(page);
    const missing = recordMissingSpanish(page);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page, "header button[lang]");
    await page.getByRole("region", { name: "Trending Songs" }).waitFor();
    expect(spanishChunk).toEqual([]);

    await page.getByRole("button", { name: "Español", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Lleva tu música a las tabletas de adentro." }).waitFor();
    await page.getByRole("region", { name: es("Trending Songs") }).waitFor();
    expect(await page.getByRole("region", { name: es("Now playing") }).isVisible()).toBe(true);
    expect(await documentLanguage(page)).toBe("es");
    expect(await page.title()).toBe(es("JPlay – Music for 2.4 million listeners"));
    expect(await page.getByRole("button", { name: "English", exact: true }).getAttribute("lang")).toBe("en");
    expect(spanishChunk).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
    expect((await page.context().cookies()).find((cookie) => cookie.name === "language")?.value).toBe("es");

    // The Worker renders the next load in Spanish: the document as this browser gets it (its cookie).
    const html = await (await page.context().request.get(`${baseURL}/`)).text();
    expect(html).toMatch(/^<!doctype html>\s*<html lang="es"/i);
    expect(html).toContain(es("Trending Songs"));
    expect(html).not.toContain(">Trending Songs<");

    // The reload hydrates that Spanish page without a mismatch, and stays in Spanish.
    await page.reload();
    await waitForHydration(page, "header button[lang]");
    await page.getByRole("heading", { level: 1, name: "Lleva tu música a las tabletas de adentro." }).waitFor();
    expect(await documentLanguage(page)).toBe("es");

    // Another screen follows the language: the bottom navigation to /distribute.
    await page
      .getByRole("navigation", { name: es("Quick navigation") })
      .getByRole("link", { name: es("Distribute") })
      .click();
    await page.getByRole("heading", { level: 1, name: es("Distribute Your Music") }).waitFor();

    await page.getByRole("button", { name: "English", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    expect(await documentLanguage(page)).toBe("en");
    expect(errors).toEqual([]);
    expect(missing).toEqual([]);
  });

  test("a browser that prefers Spanish gets Home in Spanish from the first byte, with nothing stored as a choice", async () => {
    const noScript = await newPage({ locale: "es-MX", javaScriptEnabled: false });
    await noScript.goto(`${baseURL}/`);
    expect(await noScript.getByRole("heading", { level: 1 }).textContent()).toBe("Lleva tu música a las tabletas de adentro.");
    expect(await documentLanguage(noScript)).toBe("es");

    const page = await newPage({ locale: "es-MX" });
    const errors = recordPageErrors(page);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page, "header button[lang]");
    expect(await page.getByRole("button", { name: "English", exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    expect(errors).toEqual([]);
  });

  test("an artist distributes a song in Spanish: the form's checks, the card, the offer, both recovery tiers, the payment, the confirmation, checkout, Pro and the artist page speak Spanish, pass axe, and the artist is stored with it, then with English once switched", async () => {
    const page = await newPage({ locale: "es-US" });
    const missing = recordMissingSpanish(page);
    const found = new Map<string, string[]>();
    const audit = async (state: string) => {
      expect(await documentLanguage(page), state).toBe("es");
      const violations = await seriousViolations(page);
      if (violations.length > 0) found.set(state, violations);
    };
    const title = `Canción de prueba ${Date.now() % 100_000}`;
    await page.goto(`${baseURL}/distribute`);
    await page.getByRole("heading", { level: 1, name: es("Distribute Your Music") }).waitFor();

    // The card first: the song form waits for it. A card of its own: every charge on the shared
    // server counts against its card's budget (15 in 30 days).
    await saveCard(page, baseURL, freshVisa(), es);
    const me = (await (await page.context().request.get(`${baseURL}/api/me`)).json()) as { artist: { language: string } | null };
    expect(me.artist?.language).toBe("es");

    // The shared rules answer in Spanish, beside their fields.
    await page.getByRole("button", { name: es("Submit for Distribution") }).click();
    await page.getByText(es("Song title is required"), { exact: true }).waitFor();
    await audit("song form with errors");

    await page.getByLabel(es("Artist name"), { exact: true }).fill("Artista E2E");
    await page.getByLabel(es("Song title"), { exact: true }).fill(title);
    await page.getByRole("radio", { name: es("No, it's clean") }).check();
    await page.getByLabel(es("MP3 file")).setInputFiles({ name: "cancion.mp3", mimeType: "audio/mpeg", buffer: newSongMp3() });
    await page.getByRole("button", { name: es("Submit for Distribution") }).click();
    await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
    const songId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await page.getByRole("button", { name: es("Complete Distribution") }).waitFor();
    await audit("offer");

    for (const tier of [1, 2]) {
      await page.goto(`${baseURL}/payment-recovery/${songId}/${tier}`);
      await page.getByRole("button", { name: es("Decline Offer") }).waitFor();
      await audit(`recovery tier ${tier}`);
    }

    await page.goto(`${baseURL}/approval/${songId}`);
    const charged = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().endsWith("/complete"), { timeout: 30_000 });
    await page.getByRole("button", { name: es("Complete Distribution") }).click();
    expect((await charged).status()).toBe(200);
    await page.waitForURL(`${baseURL}/`, { timeout: 30_000 });
    await page.getByText(es("{title} is being distributed", { title }), { exact: true }).waitFor({ timeout: 30_000 });
    await audit("Home with the distribution banner");

    await page.goto(`${baseURL}/confirmation/${songId}`);
    await page.getByRole("heading", { level: 1, name: es("Success! Your distribution is complete") }).waitFor();
    await audit("confirmation");

    await page.goto(`${baseURL}/checkout`);
    await page.getByLabel(es("Card number"), { exact: true }).waitFor();
    await audit("checkout");

    await page.goto(`${baseURL}/subscribe`);
    await page.getByLabel(es("Card number"), { exact: true }).waitFor();
    await audit("Pro");

    await page.goto(`${baseURL}/artist`);
    await page
      .getByRole("region", { name: es("Signed-in browsers") })
      .getByText(es("This browser"), { exact: true })
      .waitFor();
    await audit("artist page");

    // The header's switch changes what the artist's texts and statements are written in, too.
    await page.getByRole("button", { name: "English", exact: true }).click();
    await expect
      .poll(async () => ((await (await page.context().request.get(`${baseURL}/api/me`)).json()) as { artist: { language: string } | null }).artist?.language)
      .toBe("en");

    expect(Object.fromEntries(found)).toEqual({});
    expect(missing).toEqual([]);
  });
});

describe("Spanish in both themes", () => {
  test("axe finds no serious violation on Home, the player playing and the distribution form with its errors", async () => {
    const page = await newPage({ locale: "es-US" });
    const missing = recordMissingSpanish(page);
    const found = new Map<string, string[]>();
    const audit = async (state: string) => {
      expect(await documentLanguage(page), state).toBe("es");
      await auditInBothThemes(page, state, found);
    };

    await page.goto(`${baseURL}/`);
    await waitForHydration(page, "main");
    const trending = page.getByRole("region", { name: es("Trending Songs") });
    await trending.getByRole("heading", { level: 3 }).first().waitFor();
    await audit("Home");
    await trending
      .getByRole("button", { name: /^Reproducir / })
      .first()
      .click();
    await page
      .getByRole("region", { name: es("Now playing") })
      .getByRole("button", { name: es("Pause playback") })
      .waitFor();
    await audit("player playing");

    await page.goto(`${baseURL}/distribute`);
    await page.getByRole("button", { name: es("Save Payment Method") }).click();
    await expect.poll(() => page.getByLabel(es("Phone number"), { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await audit("distribute with errors");
    expect(Object.fromEntries(found)).toEqual({});
    expect(missing).toEqual([]);
  });
});
