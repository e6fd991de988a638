/**
 * Card testing through the payment-setup form (docs/decisions/020-limits-and-card-testing.md): a
 * SetupIntent declined three times is canceled by the server (it learns each decline from Stripe's
 * `setup_intent.setup_failed` webhook), so its client secret tests no more cards. An artist who
 * simply mistyped is not stuck: the form, told the intent is closed, fetches a new one, and the right
 * card saves.
 */
import { describe, expect, test } from "vitest";
import { newPage as open } from "./support/browser";
import { CARDS, fillCard } from "./support/artist";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

/** The sandbox's view of a SetupIntent, read with the server key through the pass-through. */
async function setupIntentStatus(intentId: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/stripe-sandbox/v1/setup_intents/${intentId}`, { headers: { Authorization: "Bearer sk_test_jplay_sandbox" } });
  expect(response.status).toBe(200);
  return (await response.json<{ status: string }>()).status;
}

describe("card testing through the setup form", () => {
  test("three declines cancel the SetupIntent; the form gets a new one and the right card saves", async () => {
    const page = await open();
    const setups: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/create-setup-intent" && response.ok()) {
        void response.json().then((body: { clientSecret: string }) => setups.push(body.clientSecret.split("_secret_")[0]!));
      }
    });
    const firstSetup = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/create-setup-intent");
    await page.goto(`${baseURL}/distribute`);
    await firstSetup;
    await page.getByLabel("Phone number", { exact: true }).fill(`+1 555 ${String(Date.now() % 1_000_000).padStart(6, "0")}7`);
    const save = page.getByRole("button", { name: "Save Payment Method" });

    /** One try with `card`; answers the sandbox's status for its confirmation. */
    async function attempt(card: string): Promise<number> {
      await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
      await fillCard(page, card);
      const confirmation = page.waitForResponse((response) =>
        /\/api\/stripe-sandbox\/v1\/setup_intents\/[^/]+\/confirm$/.test(new URL(response.url()).pathname),
      );
      await save.click();
      return (await confirmation).status();
    }

    for (let i = 0; i < 3; i++) {
      expect(await attempt(CARDS.declined)).toBe(402);
      await page
        .getByRole("alert")
        .filter({ hasText: /declined/i })
        .waitFor();
    }
    const declinedIntent = setups[0]!;
    expect(setups).toEqual([declinedIntent]);
    await expect.poll(() => setupIntentStatus(declinedIntent), { timeout: 30_000 }).toBe("canceled");

    // The canceled intent refuses the next card; the form fetches a new intent at once.
    const newSetup = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/create-setup-intent");
    expect(await attempt(CARDS.visa)).toBe(400);
    expect((await newSetup).status()).toBe(200);
    await page
      .getByRole("alert")
      .filter({ hasText: /cannot confirm this SetupIntent/i })
      .waitFor();

    expect(await attempt(CARDS.visa)).toBe(200);
    await page.getByText("Payment method saved successfully", { exact: true }).waitFor();
    expect(setups).toHaveLength(2);
    expect(await setupIntentStatus(setups[1]!)).toBe("succeeded");
  });
});
