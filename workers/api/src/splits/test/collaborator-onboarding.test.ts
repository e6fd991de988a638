/**
 * A collaborator sets up payouts (docs/splits.md, Onboarding) with real local D1 and the Stripe
 * sandbox: only once the phone is confirmed, one Express account per phone however many artists
 * named it, Stripe's hosted onboarding, and payouts waiting while Stripe asks for the tax details.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { CollaboratorPageResponseSchema } from "@jplay/schema/splits";
import { createStripe } from "../../platform/stripe-client";
import { saveSongSplit } from "../index";
import { deliverEvents, submitSandboxOnboarding } from "../../../test/payment-support";
import { Browser } from "../../../test/support";
import { at, confirmed, linkFor, liveSong, opened, split } from "./collaborator.test-support";

const stripe = createStripe(env);
const phone = "+15550300401";

const pageOf = async (browser: Browser) => v.parse(CollaboratorPageResponseSchema, await (await browser.fetch("/api/collaborator/link")).json());
const startSetup = (browser: Browser) => browser.fetch("/api/collaborator/link/connect", { method: "POST" });
const payee = () =>
  env.DB.prepare("select id, stripe_account_id as accountId from collaborator_payees where phone = ?1")
    .bind(phone)
    .first<{ id: string; accountId: string | null }>();

/** The sandbox's hosted onboarding submitted from `url`, `fields` beyond the card; back to /collaborator, its webhooks delivered. */
async function onboard(url: string, fields: Record<string, string> = {}) {
  const done = await submitSandboxOnboarding(url, fields);
  expect(done.status).toBe(303);
  // Back to the page without its token: the token never goes to Stripe.
  expect(new URL(done.headers.get("Location")!).pathname).toBe("/collaborator");
  expect((await deliverEvents()).status).toBe(200);
}

describe("a collaborator's payout setup", () => {
  it("is refused until the phone is confirmed, and creates nothing", async () => {
    const { artistId, songId } = await liveSong("Tide", "Ana");
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split(["Gil", phone, 2_500]));
    const browser = await opened(await linkFor(phone));
    expect((await pageOf(browser)).connect).toBeNull();
    const refused = await startSetup(browser);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("phone_not_confirmed");
    expect(await payee()).toBeNull();
    expect((await stripe.accounts.list({ limit: 10 })).data).toEqual([]);
  });

  it("creates one Express account for the phone, onboards on Stripe's page, and waits for the tax details before it is ready", async () => {
    // A second artist names the same phone: still one person, one account.
    const other = await liveSong("Reef", "Ben");
    await saveSongSplit(at(Date.now() - 60_000), other.artistId, other.songId, split(["Gil", phone, 1_000]));
    const browser = await confirmed(await linkFor(phone), phone);
    expect((await pageOf(browser)).connect).toEqual({ status: "not_started", missing: [] });

    const start = await startSetup(browser);
    expect(start.status).toBe(200);
    const { url } = await start.json<{ url: string }>();
    expect(url).toMatch(/^\/api\/stripe-sandbox\/connect\/onboarding\/acl_/);
    const created = (await payee())!;
    expect(created.accountId).toMatch(/^acct_/);
    expect(await stripe.accounts.retrieve(created.accountId ?? "")).toMatchObject({ type: "express", metadata: { collaboratorPayeeId: created.id } });
    expect((await pageOf(browser)).connect?.status).toBe("onboarding");

    // Asked again, from another link of the same phone: a fresh link for the same account.
    const again = await startSetup(await opened(await linkFor(phone)));
    const { url: fresh } = await again.json<{ url: string }>();
    expect(fresh).not.toBe(url);
    expect((await payee())!.accountId).toBe(created.accountId);
    expect((await stripe.accounts.list({ limit: 10 })).data).toHaveLength(1);

    await onboard(fresh, { without_tax_details: "on" });
    await expect.poll(async () => (await pageOf(browser)).connect).toEqual({ status: "onboarding", missing: ["tax_details"] });

    const { url: last } = await (await startSetup(browser)).json<{ url: string }>();
    await onboard(last, { tax_id: "000-00-0000" });
    await expect.poll(async () => (await pageOf(browser)).connect).toEqual({ status: "ready", missing: [] });
  });
});
