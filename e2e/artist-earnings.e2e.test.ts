/// <reference lib="dom" />
/**
 * From paid song to paid artist in a real browser: an artist pays for an expedited song, watches it go
 * live on their private page once an operator approved it in review (delivery windows compressed on
 * this test's own server), and sees their earnings once the tablet provider reports a signed purchase.
 * On the same server: a song uploaded in Spanish with every release detail, and one with the
 * defaults only, reach the provider's delivery feed with those details and an ISRC and a UPC that
 * pass their standards' rules (docs/decisions/042-release-identifiers-and-metadata.md); and every
 * DDEX ERN message the feed gives for the demo catalogue validates against DDEX's committed XSD.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { gtinCheckDigit, normalizeGtin, normalizeIsrc } from "@jplay/schema/identifiers";
import { todayUtc } from "@jplay/schema/release-metadata";
import { freshVisa, keptArtistLink, saveCard, newSongMp3, songAwaitingPayment } from "./support/artist";
import { newPage } from "./support/browser";
import { approveInReviewTab, signedInOperator } from "./support/operator";
import { cronTrigger } from "../scripts/cron-trigger.ts";
import { DELIVERY_CRON } from "../workers/api/src/worker/crons.ts";
import { validateErn } from "../workers/api/src/provider/ern/xsd-validation.test-support.ts";
import { readDeliveryFeed, readErnFeed, reportPurchase } from "./support/provider";
import { es, recordMissingSpanish } from "./support/spanish";

const providerSecret = randomBytes(24).toString("hex");
let server: LocalServer;

beforeAll(async () => {
  // 1 hour of a window lasts 0.01 s here: an expedited song (48 h) goes live about half a second after its audio check.
  server = await startOwnServer({ vars: { DISTRIBUTION_SECONDS_PER_HOUR: "0.01", PROVIDER_WEBHOOK_SECRET: providerSecret } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("the artist's private page after payment", () => {
  test("shows the paid song going live and its earnings after a purchase", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, server.baseURL, "4242424242424242", "Goes Live Song");
    const link = await keptArtistLink(page);
    expect(link).toMatch(/^\/artist\//);

    // Expedited is preselected: $49.99, 10% to the provider.
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.waitForURL(`${server.baseURL}/`, { timeout: 30_000 });
    // Every paid song waits for an operator's approval before it can go live.
    await approveInReviewTab(await signedInOperator(server.baseURL, server.adminPassword), "Goes Live Song");

    // The page opens from the link the browser keeps in its cookie.
    await page.goto(`${server.baseURL}/artist`);
    const song = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Goes Live Song" }) });
    // The audio check and the delayed delivery run in the background: reload until the song is live.
    await expect
      .poll(
        async () => {
          await page.reload();
          await song.waitFor();
          return song.getByText("Status: Live").count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    const history = song.getByRole("list", { name: "History of Goes Live Song" });
    await expect.poll(() => history.getByText("Live", { exact: true }).count()).toBe(1);

    // The live song is in the public catalogue's recent list.
    const recent = await (await fetch(`${server.baseURL}/api/songs/recent`)).json<{ id: string }[]>();
    expect(recent.map((s) => s.id)).toContain(songId);

    // A listener buys it for $1.99: the artist keeps 199 − floor(199 × 10%) = 180 cents.
    await reportPurchase(server.baseURL, providerSecret, songId, 199);
    await page.reload();
    await song.waitFor();
    await expect.poll(() => song.getByText("1 download sold · $1.99 in sales").isVisible()).toBe(true);
    const balance = page.getByRole("region", { name: "Balance" });
    await expect.poll(() => balance.getByText("Available").locator("xpath=following-sibling::dd").textContent()).toBe("$1.80");
  });
});

/** The song's release in the delivery feed, once it is there (delivery runs in the background). */
async function releaseInFeed(songId: string) {
  let release: Record<string, unknown> | undefined;
  await expect
    .poll(
      async () => {
        const { changes } = await readDeliveryFeed(server.baseURL, providerSecret);
        release = changes.find((change) => change.kind === "release" && change.songId === songId);
        return release !== undefined;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
  return release!;
}

/** An ISRC as the standard writes it (ISO 3901), and a UPC/EAN whose last digit is the GS1 check digit of the rest. */
function expectValidIdentifiers(release: Record<string, unknown>) {
  const isrc = String(release.isrc);
  const upc = String(release.upc);
  expect(normalizeIsrc(isrc)).toBe(isrc);
  expect(isrc.slice(5, 7)).toBe(String(new Date().getUTCFullYear() % 100).padStart(2, "0"));
  expect(normalizeGtin(upc)).toBe(upc);
  expect(Number(upc.slice(-1))).toBe(gtinCheckDigit(upc.slice(0, -1)));
}

describe("release details reach the delivery feed", () => {
  test("a song uploaded in Spanish with every detail, and one with the defaults only, are delivered with them and with a valid ISRC and UPC", async () => {
    const operator = await signedInOperator(server.baseURL, server.adminPassword);

    // In Spanish, with every detail.
    const page = await newPage({ locale: "es-US" });
    const missing = recordMissingSpanish(page);
    await saveCard(page, server.baseURL, freshVisa(), es);

    const title = `Canción con detalles ${Date.now() % 100_000}`;
    await page.getByLabel(es("Artist name"), { exact: true }).fill("Artista Detallada");
    await page.getByLabel(es("Song title"), { exact: true }).fill(title);
    await page.getByRole("radio", { name: es("No, it's clean") }).check();
    await page.getByLabel(es("Genre"), { exact: true }).selectOption("Latin");
    await page.getByLabel(es("MP3 file")).setInputFiles({ name: "cancion.mp3", mimeType: "audio/mpeg", buffer: newSongMp3() });
    await page
      .locator("summary")
      .filter({ hasText: es("More details") })
      .click();
    const releaseDate = todayUtc(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await page.getByLabel(es("Release date"), { exact: true }).fill(releaseDate);
    await page.getByRole("textbox", { name: new RegExp(`^${es("Lyrics")}\\b`) }).fill("Primera línea\nSegunda línea");
    // The default credits follow the artist name; one more, a lyricist, is added.
    await page.getByRole("button", { name: es("Add a credit") }).click();
    const third = es("Credit {number}", { number: "3" });
    await page.getByLabel(es("{row}: name", { row: third }), { exact: true }).fill("Beto Letrista");
    await page.getByLabel(es("{row}: role", { row: third }), { exact: true }).selectOption("lyricist");
    await page.getByLabel(es("℗ holder"), { exact: true }).fill("Sello Propio");

    // A rule broken in the folded details is said there, in Spanish, before anything is uploaded.
    await page.getByLabel(es("© year (artwork and text)"), { exact: true }).fill("1850");
    await page.getByRole("button", { name: es("Submit for Distribution") }).click();
    await page.getByRole("alert").getByText(es("℗ and © years must be a year from 1900 to next year"), { exact: true }).waitFor();
    await page.getByLabel(es("© year (artwork and text)"), { exact: true }).fill("2026");

    await page.getByRole("button", { name: es("Submit for Distribution") }).click();
    await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });
    const detailedId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    const charged = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().endsWith("/complete"), { timeout: 30_000 });
    await page.getByRole("button", { name: es("Complete Distribution") }).click();
    expect((await charged).status()).toBe(200);
    await approveInReviewTab(operator, title);

    // In English, touching nothing but the required fields.
    const plain = await newPage();
    const plainId = await songAwaitingPayment(plain, server.baseURL, freshVisa(), "Defaults Only Song");
    const plainCharged = plain.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().endsWith("/complete"), { timeout: 30_000 });
    await plain.getByRole("button", { name: "Complete Distribution" }).click();
    expect((await plainCharged).status()).toBe(200);
    await approveInReviewTab(operator, "Defaults Only Song");

    const detailed = await releaseInFeed(detailedId);
    expect(detailed).toMatchObject({
      genre: "Latin",
      lyricsLanguage: "es",
      releaseDate,
      parentalWarning: "NotExplicit",
      credits: [
        { name: "Artista Detallada", role: "performer" },
        { name: "Artista Detallada", role: "composer" },
        { name: "Beto Letrista", role: "lyricist" },
      ],
    });
    expectValidIdentifiers(detailed);

    const defaults = await releaseInFeed(plainId);
    expect(defaults).toMatchObject({
      genre: "Pop",
      lyricsLanguage: "en",
      releaseDate: todayUtc(Date.now()),
      parentalWarning: "NotExplicit",
      credits: [
        { name: "E2E Payer", role: "performer" },
        { name: "E2E Payer", role: "composer" },
      ],
    });
    expectValidIdentifiers(defaults);
    expect(defaults.isrc).not.toBe(detailed.isrc);
    expect(defaults.upc).not.toBe(detailed.upc);
    expect(missing).toEqual([]);
  });
});

describe("the DDEX ERN feed of the demo catalogue", () => {
  test("once the delivery cron has given the demo songs their identifiers, every message the feed returns validates against the ERN 4.3 XSD", async () => {
    const cron = await cronTrigger(server.baseURL, DELIVERY_CRON);
    expect(cron.status).toBe(200);
    expect(await cron.text()).toBe("ok");
    const messages: { fileName: string; xml: string }[] = [];
    const demoSongs = new Set<string>();
    for (let since = "0", more = true; more;) {
      const page = await readErnFeed(server.baseURL, providerSecret, since);
      for (const change of page.changes) {
        messages.push({ fileName: `change-${change.cursor}.xml`, xml: change.ern });
        if (change.songId.startsWith("de300000-")) demoSongs.add(change.songId);
      }
      since = page.nextCursor;
      more = page.hasMore;
    }
    expect(demoSongs.size).toBe(14);
    const demoMessages = messages.filter(({ xml }) => /de300000-/.test(xml));
    // Each demo release names its recording by ISRC and itself by UPC.
    for (const { fileName, xml } of demoMessages) {
      expect(xml, fileName).toMatch(/<ISRC>[A-Z]{2}[A-Z0-9]{3}\d{7}<\/ISRC>/);
      expect(xml, fileName).toMatch(/<ICPN>\d{12,13}<\/ICPN>/);
    }
    const result = await validateErn(messages);
    expect(result.errors.map((error) => error.message)).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
