/// <reference lib="dom" />
/**
 * From paid song to paid artist in a real browser: an artist pays for an expedited song, watches it go
 * live on their private page once an operator approved it in review (delivery windows compressed on
 * this test's own server), and sees their earnings once the tablet provider reports a signed purchase.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startLocalServer, type LocalServer } from "../scripts/local-server.ts";
import { songAwaitingPayment } from "./support/artist";
import { newPage } from "./support/browser";
import { approveInReviewTab, signedInOperator } from "./support/operator";
import { reportPurchase } from "./support/provider";

const providerSecret = randomBytes(24).toString("hex");
let server: LocalServer;

beforeAll(async () => {
  // 1 hour of a window lasts 0.01 s here: an expedited song (48 h) goes live about half a second after its audio check.
  server = await startLocalServer({ vars: { DISTRIBUTION_SECONDS_PER_HOUR: "0.01", PROVIDER_WEBHOOK_SECRET: providerSecret } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("the artist's private page after payment", () => {
  test("shows the paid song going live and its earnings after a purchase", async () => {
    const page = await newPage();
    const songId = await songAwaitingPayment(page, server.baseURL, "4242424242424242", "Goes Live Song");
    const link = await page.evaluate(() => window.localStorage.getItem("artistPageUrl"));
    expect(link).toMatch(/^\/artist\//);

    // Expedited is preselected: $49.99, 10% to the provider.
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.waitForURL(`${server.baseURL}/`, { timeout: 30_000 });
    // Every paid song waits for an operator's approval before it can go live.
    await approveInReviewTab(await signedInOperator(server.baseURL, server.adminPassword), "Goes Live Song");

    await page.goto(`${server.baseURL}${link}`);
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

