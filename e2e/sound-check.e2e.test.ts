/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The "Sound check" in a real browser (docs/audio-checks.md): an artist pays for a song, the queue job
 * listens to it, and the operator opens its disclosure in the Review card and the artist on their
 * page (from the keyboard, as a details/summary), each seeing the loudness, true peak and silence
 * measured; the artist's page says it in Spanish too, and axe finds nothing serious in either theme.
 */
import { describe, expect, test } from "vitest";
import { freshVisa, keptArtistLink } from "./support/artist";
import { auditInBothThemes } from "./support/axe";
import { newPage } from "./support/browser";
import { openInReview, signedInOperator } from "./support/operator";
import { sharedServer } from "./support/shared-server";
import { songAwaitingPaymentSeeded } from "./support/world";

const { baseURL, adminPassword } = sharedServer();

describe("the sound check", () => {
  test("shows the measurements in Review and on the artist page, in English and Spanish", async () => {
    const title = `Sound Checked ${Date.now() % 100_000}`;
    const page = await newPage();
    const songId = await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), title);
    const artistPage = (await keptArtistLink(page))!;
    await page.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });

    const admin = await signedInOperator(baseURL, adminPassword);
    // The queue job listens once the payment is applied: Review's answer carries it then.
    await expect
      .poll(
        () =>
          admin.evaluate(async (id) => {
            const review = await (await fetch("/api/admin/review")).json<{ songs: { id: string; audioCheck: unknown }[] }>();
            return review.songs.find((song) => song.id === id)?.audioCheck != null;
          }, songId),
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    const item = await openInReview(admin, title);
    await admin.getByRole("button", { name: "Refresh queue" }).click();
    const summary = item.getByText("Sound check", { exact: true });
    await summary.click();
    await expect.poll(() => item.getByText("Integrated loudness", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => item.getByText(/^-?\d+\.\d LUFS$/).isVisible()).toBe(true);
    await expect.poll(() => item.getByText(/^-?\d+\.\d dBTP$/).isVisible()).toBe(true);
    const found = new Map<string, string[]>();
    await auditInBothThemes(admin, "Review, sound check open", found);

    await page.goto(`${baseURL}${artistPage}`);
    const song = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });
    const disclosure = song.locator("summary", { hasText: "Sound check" });
    await disclosure.waitFor();
    // A details/summary: Enter on the focused summary opens it.
    await disclosure.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => song.getByText("Silence at the start", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => song.getByText(/^-?\d+\.\d LUFS$/).isVisible()).toBe(true);
    await auditInBothThemes(page, "artist page, sound check open", found);

    await page.getByRole("button", { name: "Español", exact: true }).click();
    await page.reload();
    const spanishSummary = song.locator("summary", { hasText: "Revisión de sonido" });
    await spanishSummary.click();
    await expect.poll(() => song.getByText("Sonoridad integrada", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => song.getByText("Pico real", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => song.getByText(/^-?\d+[.,]\d LUFS$/).isVisible()).toBe(true);
    await auditInBothThemes(page, "artist page in Spanish, sound check open", found);
    // axe-core (WCAG 2.0–2.2 A and AA): no serious or critical violation, in either theme.
    expect(Object.fromEntries(found)).toEqual({});
  });
});
