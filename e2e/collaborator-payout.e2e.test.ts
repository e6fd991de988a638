/// <reference lib="dom" />
/**
 * A collaborator's whole way to being paid, in a real browser on a server of its own (delivery windows
 * compressed, the cron callable, the texts read from its log as the local SMS outbox): an artist
 * names them on a live song's split; the invitation texted to their phone holds their page's link;
 * they open it, confirm the phone with the code texted to it, see and accept their share of a sale, set
 * up payouts in Stripe's (sandbox) onboarding, and after the daily payout run their page says when
 * they were paid; the operator finds the song's split and the collaborator's balances and payout in
 * the artist's details (docs/splits.md: Accepting, Confirming the phone, Onboarding, Payouts, Admin).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cronTrigger } from "../scripts/cron-trigger.ts";
import { DAILY_CRON } from "../workers/api/src/worker/crons.ts";
import { freshVisa, newPhone, sandboxApi } from "./support/artist";
import { newPage } from "./support/browser";
import { approveInReviewTab, signedInOperator } from "./support/operator";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { reportPurchase } from "./support/provider";
import { artistWithSong, openAsArtist } from "./support/world";

const providerSecret = randomBytes(24).toString("hex");
let server: LocalServer;
/** Every text the server "sent": with no SMS provider configured, each is one JSON line of its log. */
const texts: { to: string; kind: string; body: string }[] = [];
let logged = "";

beforeAll(async () => {
  // One $1.99 sale is split here: the collaborator's 60% of the $1.80 artist credit is $1.08, paid with
  // a minimum of $1.00 (the $10.00 default has its own tests, workers/api/src/ledger/test/collaborator-payouts.test.ts).
  server = await startOwnServer({
    vars: { DISTRIBUTION_SECONDS_PER_HOUR: "0.01", PROVIDER_WEBHOOK_SECRET: providerSecret, PAYOUT_MINIMUM_CENTS: "100" },
    logLevel: "log",
    onOutput: (chunk) => {
      logged += chunk;
      const lines = logged.split("\n");
      logged = lines.pop() ?? "";
      for (const line of lines) {
        const json = line.slice(line.indexOf("{"));
        if (!json.includes("text message (no SMS provider configured)")) continue;
        texts.push(JSON.parse(json) as { to: string; kind: string; body: string });
      }
    },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** The newest text of `kind` to `phone` (E.164), once it was sent. */
async function textTo(phone: string, kind: string): Promise<string> {
  await expect
    .poll(() => texts.some((text) => text.to === phone && text.kind === kind), { timeout: 30_000, interval: 250 })
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`no ${kind} text to ${phone}; texts: ${JSON.stringify(texts.map((text) => [text.to, text.kind]))}`, { cause: error });
    });
  return texts.findLast((text) => text.to === phone && text.kind === kind)!.body;
}

/** Reloads `page` until `ready` holds (webhooks, queue jobs, the pipeline and payouts run in the background). */
async function reloadUntil(page: Page, ready: () => Promise<boolean>, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.waitForLoadState("networkidle");
        return ready();
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
}

describe("a collaborator, from the texted link to being paid", () => {
  test("opens the invitation, confirms the phone, accepts the share, onboards and sees the payout", async () => {
    const run = Date.now() % 100_000;
    const title = `Shared Song ${run}`;
    const collaboratorPhone = newPhone();
    const e164 = collaboratorPhone.replace(/\s/g, "");

    // The artist pays for a song; an operator approves it and it goes live.
    const world = await artistWithSong(server.baseURL, freshVisa(), title);
    const artist = await newPage();
    await openAsArtist(artist, server.baseURL, world);
    await artist.getByRole("button", { name: "Complete Distribution" }).click();
    await artist.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    await approveInReviewTab(admin, title);
    await artist.goto(`${server.baseURL}/artist`);
    const song = artist.getByRole("listitem").filter({ has: artist.getByRole("heading", { level: 3, name: title }) });
    await reloadUntil(artist, async () => (await song.getByText("Status: Live").count()) === 1);

    // The artist names the collaborator on 60% of the song (the split form has its own browser test).
    const saved = await artist.evaluate(
      async ({ songId, phone }) =>
        (
          await fetch(`/api/artist/link/songs/${songId}/splits`, {
            method: "PUT",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ collaborators: [{ name: "Rosa Producer", phone, role: "producer", basisPoints: 6000 }], recoup: null }),
          })
        ).status,
      { songId: world.songId, phone: collaboratorPhone },
    );
    expect(saved).toBe(200);
    await reportPurchase(server.baseURL, providerSecret, world.songId, 199);

    // The invitation texted to the collaborator holds their page's link.
    const invitation = await textTo(e164, "split_invitation");
    const link = /https?:\/\/\S+\/collaborator\/[A-Za-z0-9_-]{43}/.exec(invitation)?.[0];
    expect(link, invitation).toBeDefined();
    const page = await newPage();
    await page.goto(link!);
    await page.waitForURL(`${server.baseURL}/collaborator`);
    await page.getByRole("heading", { level: 1, name: "Your shares" }).waitFor();

    // Nothing is shown until the phone is confirmed by the code texted to it.
    expect(await page.getByRole("table").count()).toBe(0);
    await page.getByRole("button", { name: "Text me a code" }).click();
    const form = page.getByRole("form", { name: "Confirm your phone" });
    await form.waitFor();
    const code = /\b(\d{3}-\d{3})\b/.exec(await textTo(e164, "phone_code"))?.[1];
    expect(code).toBeDefined();
    await form.getByLabel("Code", { exact: true }).fill(code!);
    await form.getByRole("button", { name: "Confirm phone" }).click();

    // The share, held until accepted: 60% of the $1.80 artist credit.
    const share = page.getByRole("row").filter({ hasText: title });
    await share.waitFor();
    expect(await share.getByRole("cell").allTextContents()).toEqual([title, "E2E Payer", "60%", "$1.08", "$0.00"]);
    await page.getByRole("button", { name: "Accept my shares" }).click();
    await page.getByText("You accepted your shares. New sales are credited to you as available.", { exact: true }).waitFor();
    expect(await share.getByRole("cell").allTextContents()).toEqual([title, "E2E Payer", "60%", "$0.00", "$1.08"]);
    await page.getByText("Available to be paid: $1.08", { exact: true }).waitFor();
    await page.getByText("No payouts yet.", { exact: true }).waitFor();

    // Payouts set up in Stripe's hosted onboarding, back on the page.
    await page.getByRole("button", { name: "Set up payouts" }).click();
    await page.waitForURL(/\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await page.waitForURL(`${server.baseURL}/collaborator`);
    await reloadUntil(page, async () => (await page.getByText("Payouts are set up. Your available balance is paid in the next payout run.").count()) === 1);

    // The daily payout run, with Stripe's balance funded (a top-up, available days later), pays them.
    await sandboxApi(server.baseURL, "POST", "/v1/topups", { amount: "100000", currency: "usd", description: "collaborator top-up" });
    await sandboxApi(server.baseURL, "POST", "/v1/test_helpers/advance_clock", { seconds: String(10 * 24 * 60 * 60) });
    expect((await cronTrigger(server.baseURL, DAILY_CRON)).status).toBe(200);
    const payouts = page.getByRole("table", { name: "Your payouts, newest first" });
    await reloadUntil(page, async () => (await payouts.getByRole("row").filter({ hasText: "$1.08" }).filter({ hasText: "Paid" }).count()) === 1);
    await page.getByText(/^You were last paid \$1\.08 on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).waitFor();
    // Paid: nothing waits for the next payout; the share's credit stays in its row.
    await page.getByText("Available to be paid: $0.00", { exact: true }).waitFor();
    expect(await share.getByRole("cell").allTextContents()).toEqual([title, "E2E Payer", "60%", "$0.00", "$1.08"]);

    // This month's statement is offered for download.
    const month = new Date().toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    await page.getByRole("link", { name: `Download the ${month} statement` }).waitFor();

    // The operator finds the same from the song: its splits in the artist's details, the collaborator's balances and payouts.
    await admin.getByRole("tab", { name: "Payment Methods" }).click();
    await admin.getByRole("searchbox", { name: "Search payment methods" }).fill(title);
    await admin.getByRole("button", { name: "View Details for E2E Payer" }).click();
    const dialog = admin.getByRole("dialog", { name: "Artist Details" });
    await dialog.locator("summary", { hasText: `Splits of ${title}` }).click();
    await dialog.getByText("Rosa Producer · producer · 60 % · accepted", { exact: false }).waitFor();
    await dialog.locator("summary", { hasText: "Balances and payouts of Rosa Producer" }).click();
    const balances = dialog.locator('dl[aria-label="Balances of Rosa Producer"] dd');
    await expect.poll(() => balances.allTextContents()).toEqual(["$0.00", "$0.00", "$1.08"]);
    const paidRow = dialog.getByRole("table", { name: "Payouts of Rosa Producer's phone, newest first" }).getByRole("row").filter({ hasText: "paid" });
    expect(await paidRow.getByRole("cell").allTextContents()).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), "$1.08", "$1.08", "paid"]);
  }, 420_000);
});
