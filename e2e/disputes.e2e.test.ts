/**
 * The operators' Disputes panel (docs/decisions/093-disputes.md), in a real browser on the shared
 * server: an artist pays Standard with the sandbox's dispute card (4000 0000 0000 0259), which Stripe's
 * test mode charges back as fraudulent right after; the open dispute appears in admin's Disputes panel
 * with its song, amount and evidence due date; the operator sends the evidence and the panel's own row
 * then says it was sent.
 */
import { describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import { toastShown } from "./support/artist";
import { signedInOperator } from "./support/operator";
import { sharedServer } from "./support/shared-server";
import { artistWithSong, openAsArtist } from "./support/world";

const { baseURL, adminPassword } = sharedServer();
const DISPUTE_CARD = "4000 0000 0000 0259";

describe("a chargeback on an artist's payment", () => {
  test("shows in the Disputes panel, open, and the operator sends the evidence once", async () => {
    const title = `Disputed Song ${Date.now() % 100_000}`;
    const page = await newPage();
    await openAsArtist(page, baseURL, await artistWithSong(baseURL, DISPUTE_CARD, title));
    await page.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "Complete Distribution" }).click();
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });

    const admin = await signedInOperator(baseURL, adminPassword);
    const panel = admin.locator("details").filter({ has: admin.getByText(/^Disputes/) });
    await panel.getByText(/^Disputes \(/).click();
    const row = panel.getByRole("row").filter({ hasText: title });
    // The dispute arrives by Stripe's webhook; the panel reads the list again on its own.
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain("$99.00");
    expect(await row.textContent()).toContain("Needs a response");

    await row.getByRole("button", { name: `Send evidence for ${title}` }).click();
    await toastShown(admin, "Evidence sent", `Stripe has the records of “${title}”.`);
    await row.getByText(/^Evidence sent/).waitFor();
    expect(await row.textContent()).toContain("Under review");
    expect(await row.getByRole("button", { name: `Send evidence for ${title}` }).count()).toBe(0);
  });
});
