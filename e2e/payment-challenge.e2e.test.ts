/**
 * The payment form's challenge (docs/decisions/084): an artist whose network is past its free
 * payment setups is asked, on the form, to pass a Turnstile challenge — locally the stand-in in the
 * Stripe sandbox Worker, whose widget is one checkbox — and, once past it, sets up and saves the card.
 * Its own server: every browser of a test run shares 127.0.0.1, one network, whose free attempts the
 * shared servers raise out of reach; here they are one setup intent and one card save an hour, both
 * spent first by another artist on the same network (from Node, through the product's API).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ArtistClient } from "../bench/lib/artist-client.ts";
import { CHALLENGE_TOKEN_HEADER } from "@jplay/schema/payments";
import { newPage } from "./support/browser";
import { CARDS, fillCard, newPhone } from "./support/artist";
import { startOwnServer, type LocalServer } from "./support/own-server";

let server: LocalServer;

beforeAll(async () => {
  server = await startOwnServer({ vars: { UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "1", UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR: "1" } });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("a network past its free payment setups", () => {
  test("the artist passes the challenge on the payment form, and the card is saved", async () => {
    const { baseURL } = server;
    // Another artist on the same network spends its free setup intent and card save.
    await new ArtistClient(baseURL).saveCard(newPhone());

    const page = await newPage();
    /** The payment-setup calls the page makes: their status and whether they carried a token. */
    const calls: Array<{ path: string; status: number; token: boolean }> = [];
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (path === "/api/create-setup-intent" || path === "/api/save-payment-method")
        calls.push({ path, status: response.status(), token: Boolean(response.request().headers()[CHALLENGE_TOKEN_HEADER.toLowerCase()]) });
    });
    await page.goto(`${baseURL}/distribute`);

    // The setup intent waits for the challenge; the form says why.
    const reason = page.getByText("Please confirm you are not a robot to continue", { exact: false });
    await reason.waitFor();
    const setupIntent = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/create-setup-intent" && response.ok());
    // A click, not check(): the widget and the form change the box as soon as the token is issued
    // (check() would click again when it finds it changed); what the test waits for is the request.
    await page.getByRole("checkbox", { name: "Verify you are human" }).click();
    await setupIntent;
    await reason.waitFor({ state: "hidden" });

    await page.getByLabel("Phone number", { exact: true }).fill(newPhone());
    await fillCard(page, CARDS.visa);
    const save = page.getByRole("button", { name: "Save Payment Method" });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    // The save is past the network's free one too: challenged again, with a widget of its own.
    await reason.waitFor();
    await page.getByRole("checkbox", { name: "Verify you are human" }).click();
    await page.getByText("Payment method saved successfully", { exact: true }).waitFor();

    expect(calls).toEqual([
      { path: "/api/create-setup-intent", status: 428, token: false },
      { path: "/api/create-setup-intent", status: 200, token: true },
      { path: "/api/save-payment-method", status: 428, token: false },
      { path: "/api/save-payment-method", status: 200, token: true },
    ]);
  });
});
