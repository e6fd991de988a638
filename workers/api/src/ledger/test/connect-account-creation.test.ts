/**
 * An artist's Express account is created once however its creation goes wrong
 * (docs/decisions/094-payout-truth.md): a create whose answer was lost, retried after the artist changed
 * their payout frequency, finds the account made the first time instead of failing on the idempotency
 * key (or making a second), and the account pays out on the new schedule; a creation whose key may have
 * expired looks the account up before creating. Real local D1 and the Stripe sandbox, whose faults are
 * armed for this file alone (each file has a reset sandbox: test/world/reset-world.ts).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { artists, connectAccountCreations } from "@jplay/schema/tables";
import { createDb } from "../../platform/db";
import { createStripe } from "../../platform/stripe-client";
import { CREATE_KEY_MAY_HAVE_EXPIRED_MS, ensureConnectedAccount } from "../connect-accounts";
import { impatientStripe, sandboxAdmin } from "../../../test/payment-support";
import { testContext } from "../../../test/support";

const stripe = createStripe(env);
const db = createDb(env.DB);

async function weeklyArtist() {
  const id = crypto.randomUUID();
  await db.insert(artists).values({ id, paymentFrequency: "weekly" });
  return id;
}
const artistRow = async (id: string) => (await db.select().from(artists).where(eq(artists.id, id)))[0]!;
const accountsOf = async (artistId: string) => (await stripe.accounts.list({ limit: 100 })).data.filter((account) => account.metadata?.artistId === artistId);

describe("the artist's connected account", () => {
  it("a create whose answer was lost, retried after the artist changed frequency, finds the one account and gives it the new schedule", async () => {
    const artistId = await weeklyArtist();
    // Stripe makes the account; its answer never reaches the product.
    expect((await sandboxAdmin("/v1/test_helpers/faults", { mode: "timeout_after_commit", path_prefix: "/v1/accounts", method: "POST" })).status).toBe(200);
    await expect(ensureConnectedAccount(testContext({ stripe: impatientStripe() }), await artistRow(artistId))).rejects.toThrow();
    expect(await accountsOf(artistId)).toHaveLength(1);
    expect((await artistRow(artistId)).stripeAccountId).toBeNull();

    await db.update(artists).set({ paymentFrequency: "daily" }).where(eq(artists.id, artistId));
    const accountId = await ensureConnectedAccount(testContext(), await artistRow(artistId));
    const [only] = await accountsOf(artistId);
    expect(accountId).toBe(only!.id);
    expect(await accountsOf(artistId)).toHaveLength(1);
    expect((await stripe.accounts.retrieve(accountId)).settings?.payouts?.schedule).toMatchObject({ interval: "daily" });
    expect((await artistRow(artistId)).stripeAccountId).toBe(accountId);
    expect(await db.select().from(connectAccountCreations).where(eq(connectAccountCreations.artistId, artistId))).toEqual([]);
  });

  it("a creation begun longer ago than Stripe keeps keys looks the account up and creates none", async () => {
    const artistId = await weeklyArtist();
    // A first attempt, a day ago, made the account; its answer was lost and its key is past Stripe's 24 hours.
    const made = await stripe.accounts.create({ type: "express", capabilities: { transfers: { requested: true } }, metadata: { artistId } });
    await db
      .insert(connectAccountCreations)
      .values({ artistId, idempotencyKey: `connect-account-${artistId}:attempt:7`, startedAt: Date.now() - CREATE_KEY_MAY_HAVE_EXPIRED_MS - 1 });

    expect(await ensureConnectedAccount(testContext(), await artistRow(artistId))).toBe(made.id);
    expect(await accountsOf(artistId)).toHaveLength(1);
    expect((await stripe.accounts.retrieve(made.id)).settings?.payouts?.schedule).toMatchObject({ interval: "weekly", weekly_anchor: "monday" });
  });
});
