/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * /distribute rendered by the Worker (apps/web/src/server/render-distribute.tsx), in a real browser:
 * with JavaScript off the hero, the payment-setup card and the song form are there (their inputs
 * disabled: nothing typed before the app runs may be lost); with it on, hydration keeps the very
 * elements the server sent, reports nothing, and then the form takes what the artist types.
 */
import { describe, expect, test } from "vitest";
import { newPage, waitForHydration } from "./support/browser";
import { holdAppScript, recordPageErrors, rememberServerNodes, serverNodesKept } from "./support/hydration";
import { newPhone } from "./support/artist";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

/** The elements hydration must keep as the server sent them: headings, the form's controls, its buttons. */
const SERVER_NODES = "h1, h2, label, input, button";

describe("/distribute rendered on the server", () => {
  test("with JavaScript off, shows the hero, the payment-setup card and the song form, whose inputs wait for the app", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(`${baseURL}/distribute`);
    expect(response?.status()).toBe(200);

    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: "1. Payment setup" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: "2. Your song" }).isVisible()).toBe(true);
    for (const label of ["Artist name", "Song title", "MP3 file"]) expect(await page.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
    expect(await page.getByLabel("Phone number", { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save Payment Method" }).isDisabled()).toBe(true);
    expect(await page.title()).toBe("Distribute Your Music – JPlay");
  });

  test("hydration keeps the server's elements and reports nothing; then the phone number typed stays while the card form loads", async () => {
    // A tablet whose date is not UTC's today (which of the two zones depends on the hour): the form's
    // release date is the tablet's own today, set once the app runs, never a mismatch with the server's page.
    const timezoneId = new Date().getUTCHours() < 10 ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";
    const page = await newPage({ timezoneId });
    const hydrationErrors = recordPageErrors(page);
    const releaseScript = await holdAppScript(page);

    await page.goto(`${baseURL}/distribute`, { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    expect(await rememberServerNodes(page, SERVER_NODES)).toBeGreaterThan(15);
    releaseScript();

    await waitForHydration(page, 'input[name="phone"]');
    const phone = page.getByLabel("Phone number", { exact: true });
    await expect.poll(() => phone.isEnabled()).toBe(true);
    expect(await serverNodesKept(page)).toBe(true);

    const number = newPhone();
    await phone.fill(number);
    // The card form arrives (Stripe's or the sandbox's), the setup intent loads: the number is still there.
    await expect.poll(() => page.getByRole("button", { name: "Save Payment Method" }).isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await phone.inputValue()).toBe(number);
    const tabletToday = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    });
    expect(tabletToday).not.toBe(new Date().toISOString().slice(0, 10));
    expect(await page.locator('input[name="releaseDate"]').inputValue()).toBe(tabletToday);
    expect(hydrationErrors).toEqual([]);
  });
});
