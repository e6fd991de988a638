/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Review in a real browser, on a server of its own whose delivery windows are compressed (so a paid
 * song's promised time and its review deadline pass within seconds): two artists pay for a song each;
 * the operator finds both in the Review tab, overdue, with their answers and a player; approves one,
 * correcting its explicit answer, and it goes live on Home; rejects the other with a reason from the
 * list and a note, and its artist's page shows the refund and the reason
 * (docs/decisions/029-review-before-delivery.md). Before approving, the operator corrects the first song's
 * genre and credits (docs/decisions/042-release-identifiers-and-metadata.md).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { freshVisa, keptArtistLink, toastShown } from "./support/artist";
import { songAwaitingPaymentSeeded } from "./support/world";
import { newPage } from "./support/browser";
import { openInReview, signedInOperator } from "./support/operator";

let server: LocalServer;

beforeAll(async () => {
  // 1 hour of a delivery window lasts 0.01 s here: an expedited song's window (48 h) ends 0.48 s after payment.
  server = await startOwnServer({ vars: { DISTRIBUTION_SECONDS_PER_HOUR: "0.01" } });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** An artist pays for a song titled `title` with `feeOption` and answers the artist page link kept in the browser. */
async function paidSong(title: string, feeOption: "Standard" | "Expedited"): Promise<{ page: Page; songId: string; artistPage: string }> {
  const page = await newPage();
  const songId = await songAwaitingPaymentSeeded(page, server.baseURL, freshVisa(), title);
  // The link the save left in the Worker's cookie (support/world.ts hands the browser its cookies).
  const artistPage = (await keptArtistLink(page))!;
  await page.getByRole("radio", { name: new RegExp(feeOption) }).check();
  await page.getByRole("button", { name: "Complete Distribution" }).click();
  await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
  return { page, songId, artistPage };
}

const recentIds = async () => (await (await fetch(`${server.baseURL}/api/songs/recent`)).json<{ id: string }[]>()).map((song) => song.id);

describe("the Review tab", () => {
  test("an operator approves one paid song, which goes live, and rejects another, whose artist is refunded and told why", async () => {
    const run = Date.now() % 100_000;
    const approvedTitle = `Reviewed Live ${run}`;
    const rejectedTitle = `Reviewed Rejected ${run}`;
    const approved = await paidSong(approvedTitle, "Expedited");
    const rejected = await paidSong(rejectedTitle, "Standard");

    // Paid, but nobody has listened to it: not live, however long ago its promised time passed.
    expect(await recentIds()).not.toContain(approved.songId);

    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    const item = await openInReview(admin, approvedTitle);
    await openInReview(admin, rejectedTitle);
    await expect.poll(() => admin.getByRole("tab", { name: /^Review/ }).textContent()).toBe("Review 2");
    // Its window already ended (compressed): flagged, with the artist's answer and when it was due.
    await expect.poll(() => item.getByText("Overdue", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => item.getByText(/^Overdue by /).isVisible()).toBe(true);
    await expect.poll(() => item.getByText("Clean", { exact: true }).isVisible()).toBe(true);
    // The operator can play it before it is live: a player that loads nothing until asked, from the admin-only route.
    const player = item.locator("audio");
    expect(await player.getAttribute("preload")).toBe("none");
    expect(await player.getAttribute("controls")).not.toBeNull();
    const audioUrl = (await player.getAttribute("src"))!;
    expect(audioUrl).toBe(`/api/admin/songs/${approved.songId}/audio`);
    const audio = await admin.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get("Content-Type"),
        cache: response.headers.get("Cache-Control"),
        bytes: (await response.arrayBuffer()).byteLength,
      };
    }, audioUrl);
    expect(audio).toMatchObject({ status: 200, type: "audio/mpeg", cache: "private, no-store" });
    expect(audio.bytes).toBeGreaterThan(10_000);

    // The release details as the artist gave them (the defaults here); the operator corrects the genre
    // and adds a credit, saved and shown at the next read of the queue.
    await expect.poll(() => item.locator("dd").allTextContents()).toContain("E2E Payer (performer), E2E Payer (composer)");
    await item.getByText("No lyrics given.", { exact: true }).waitFor();
    await item
      .locator("summary")
      .filter({ hasText: `Correct genre, language or credits of ${approvedTitle}` })
      .click();
    await item.getByLabel("Genre", { exact: true }).selectOption("Rock");
    await item.getByRole("button", { name: "Add a credit" }).click();
    await item.getByLabel("Credit 3: name", { exact: true }).fill("Guest Writer");
    await item.getByLabel("Credit 3: role", { exact: true }).selectOption("lyricist");
    await item.getByRole("button", { name: "Save corrections" }).click();
    await toastShown(admin, "Details corrected", approvedTitle);
    await expect.poll(() => item.locator("dd").allTextContents()).toContain("E2E Payer (performer), E2E Payer (composer), Guest Writer (lyricist)");
    expect(await item.locator("dd").allTextContents()).toContain("Rock");

    // Approve, correcting the answer: the operator heard explicit content.
    const explicit = item.getByRole("checkbox", { name: "Explicit content" });
    await expect.poll(() => explicit.isChecked()).toBe(false);
    await explicit.check();
    await item.getByRole("button", { name: `Approve ${approvedTitle}` }).click();
    await toastShown(admin, "Song approved", approvedTitle);
    await item.waitFor({ state: "detached" });
    await expect.poll(recentIds, { timeout: 30_000, interval: 500 }).toContain(approved.songId);
    await approved.page.goto(server.baseURL);
    await approved.page.getByRole("region", { name: "Recently Added" }).getByRole("heading", { level: 3, name: approvedTitle }).waitFor();

    // Reject the other: a reason from the list and a note, in a dialog that takes the focus.
    const rejectedItem = await openInReview(admin, rejectedTitle);
    await rejectedItem.getByRole("button", { name: `Reject ${rejectedTitle}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Reject song" });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // A reason is required.
    await dialog.getByRole("button", { name: "Reject song" }).click();
    await dialog.getByText("Choose why the song is rejected.", { exact: true }).waitFor();
    await dialog.getByRole("radio", { name: "Someone else's work" }).check();
    await dialog.getByLabel(/^Note/).fill("The recording is another artist's release.");
    // The one rejection call, the same Distribution Status makes.
    const rejection = admin.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === `/api/admin/songs/${rejected.songId}/reject`,
    );
    await dialog.getByRole("button", { name: "Reject song" }).click();
    const answered = await rejection;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toEqual({ reason: "not_their_work", note: "The recording is another artist's release." });
    await toastShown(admin, "Song rejected", rejectedTitle);
    await dialog.waitFor({ state: "hidden" });
    await admin.getByText("No songs waiting for review", { exact: true }).waitFor();

    // The artist's page: the refund of the $99.00 fee, and the reason as the operator gave it.
    const artist = rejected.page;
    await artist.goto(`${server.baseURL}${rejected.artistPage}`);
    const song = artist.getByRole("listitem").filter({ has: artist.getByRole("heading", { level: 3, name: rejectedTitle }) });
    await expect
      .poll(
        async () => {
          await artist.reload();
          await song.waitFor();
          return song.getByText("Refunded $99.00", { exact: true }).count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    await expect.poll(() => song.getByText("Reason: Someone else's work: The recording is another artist's release.", { exact: true }).isVisible()).toBe(true);
    expect(await recentIds()).not.toContain(rejected.songId);
  }, 300_000);
});
