/**
 * Redeeming receipts (POST /api/provider/redeem) and listing a listener's library: the provider that
 * holds the listener redeems — the one that sold, or another enrolled one the listener moved to with a
 * transfer code (src/provider/test/listener-transfers.test.ts); links serve the recording and expire; a content
 * takedown keeps the buyer's download while a rights removal refuses it and refunds the buyers through
 * the ledger; forged, altered, foreign and revoked receipts are refused; each redemption is logged
 * and limited per receipt.
 */
import { env } from "cloudflare:workers";
import { base64url, decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import { REDEMPTIONS_PER_RECEIPT_PER_DAY, type LibraryAnswer, type RedeemAnswer } from "@jplay/schema/receipts";
import { accountBalance, ACCOUNTS, artistAvailableBalances } from "../../ledger/ledger";
import { receiptKeys } from "../receipts/receipt-keys";
import { adminPostCapturing, signedInOperator } from "../../../test/admin-support";
import {
  errorOf,
  listenerPurchase,
  liveSongWithIsrc,
  newListenerId,
  providerCall,
  SECOND_PROVIDER,
  transferListener,
  type Caller,
} from "../../../test/receipt-support";
import { CapturingQueue } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

const ctx = testContext();

/** A listener who bought one song (or `songs`), with the receipts the report answered. */
async function listenerWithReceipts(count = 1) {
  const listenerId = newListenerId();
  const songs = await Promise.all(Array.from({ length: count }, () => liveSongWithIsrc()));
  const response = await providerCall("POST", "/api/provider/purchases", { purchases: songs.map((song) => listenerPurchase(song.songId, listenerId)) });
  const answer = await response.json<PurchaseReportAnswer>();
  const receipts = answer.results.map((result) => (result as { receipt: string }).receipt);
  const receiptIds = answer.results.map((result) => (result as { receiptId: string }).receiptId);
  return { listenerId, songs, receipts, receiptIds };
}

async function redeem(listenerId: string, receipts: string[], caller: Caller = {}): Promise<RedeemAnswer> {
  const response = await providerCall("POST", "/api/provider/redeem", { listenerId, receipts }, caller);
  expect(response.status).toBe(200);
  return response.json();
}

const download = (url: string) => new Browser().fetch(url.replace(/^https?:\/\/[^/]+/, ""));

async function takeDown(songId: string, kind: "content" | "rights") {
  const operator = await signedInOperator();
  const response = await adminPostCapturing(
    operator,
    `/api/admin/songs/${songId}/takedown`,
    { reason: kind === "rights" ? "Rights claim by the label" : "Hateful lyrics", kind },
    new CapturingQueue(),
  );
  expect(response.status).toBe(200);
}

describe("redemption", () => {
  it("gives each receipt signed, expiring links that serve the recording, from the provider that sold it and from a second enrolled one the listener moved to", async () => {
    const { listenerId, songs, receipts, receiptIds } = await listenerWithReceipts(2);
    for (const caller of [{}, { provider: SECOND_PROVIDER }]) {
      if (caller.provider) await transferListener(listenerId, {}, caller);
      const answer = await redeem(listenerId, receipts, caller);
      expect(answer).toMatchObject({ redeemed: 2, refused: 0 });
      expect(answer.results.map((result) => result.status === "redeemed" && [result.receiptId, result.songId, result.isrc])).toEqual(
        songs.map((song, index) => [receiptIds[index], song.songId, song.isrc]),
      );
      const first = answer.results[0]!;
      if (first.status !== "redeemed") throw new Error("not redeemed");
      expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(24 * 3600 * 1000 - 60_000);
      const audio = await download(first.audioUrl);
      expect(audio.status).toBe(200);
      const stored = await env.MEDIA.get(`songs/${songs[0]!.songId}/audio.mp3`);
      expect(new Uint8Array(await audio.arrayBuffer())).toEqual(new Uint8Array(await stored!.arrayBuffer()));
      // An altered link (another receipt's id) is refused.
      const altered = await download(first.audioUrl.replace(receiptIds[0]!, receiptIds[1]!));
      expect(await errorOf(altered)).toMatchObject({ status: 403, code: "invalid_link" });
    }
    const logged = await env.DB.prepare(
      "select provider_id, count(*) as n from receipt_redemptions where listener_id = ?1 group by provider_id order by provider_id",
    )
      .bind(listenerId)
      .all();
    expect(logged.results).toEqual([
      { provider_id: "primary", n: 2 },
      { provider_id: SECOND_PROVIDER, n: 2 },
    ]);
  });

  it("refuses providers JPlay has not enrolled, and a provider signing with another's secret", async () => {
    const { listenerId, receipts } = await listenerWithReceipts();
    expect(
      await errorOf(
        await providerCall("POST", "/api/provider/redeem", { listenerId, receipts }, { provider: "unknown-vendor", secret: "whatever-secret-0123456789" }),
      ),
    ).toMatchObject({
      status: 401,
      code: "unknown_provider",
    });
    expect(
      await errorOf(
        await providerCall("POST", "/api/provider/redeem", { listenerId, receipts }, { provider: SECOND_PROVIDER, secret: env.PROVIDER_WEBHOOK_SECRET! }),
      ),
    ).toMatchObject({
      status: 401,
      code: "invalid_signature",
    });
    expect(await errorOf(await providerCall("POST", "/api/provider/redeem", { listenerId: "John Smith", receipts }))).toMatchObject({ status: 400 });
  });

  it("refuses forged, altered and another listener's receipts, one by one", async () => {
    const { listenerId, receipts, receiptIds } = await listenerWithReceipts();
    const other = await listenerWithReceipts();
    const [header, payload, signature] = receipts[0]!.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/"))) as Record<string, unknown>;
    const cheaper = btoa(JSON.stringify({ ...claims, priceCents: 1 }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const answer = await redeem(listenerId, [receipts[0]!, `${header}.${cheaper}.${signature}`, "not-a-receipt", other.receipts[0]!]);
    expect(answer).toMatchObject({ redeemed: 1, refused: 3 });
    expect(answer.results.slice(1)).toEqual([
      { index: 1, status: "refused", receiptId: receiptIds[0], code: "invalid_receipt", reason: "This is not a receipt JPlay issued, or it was altered" },
      { index: 2, status: "refused", receiptId: null, code: "invalid_receipt", reason: "This is not a receipt JPlay issued, or it was altered" },
      { index: 3, status: "refused", receiptId: other.receiptIds[0], code: "invalid_receipt", reason: "This receipt belongs to another listener" },
    ]);
  });

  it(`limits a receipt to ${REDEMPTIONS_PER_RECEIPT_PER_DAY} redemptions a day`, async () => {
    const { listenerId, receipts } = await listenerWithReceipts();
    const answer = await redeem(
      listenerId,
      Array.from({ length: REDEMPTIONS_PER_RECEIPT_PER_DAY + 2 }, () => receipts[0]!),
    );
    expect(answer).toMatchObject({ redeemed: REDEMPTIONS_PER_RECEIPT_PER_DAY, refused: 2 });
    expect(answer.results.at(-1)).toMatchObject({ status: "refused", code: "redemption_limit" });
    expect((await redeem(listenerId, receipts)).results[0]).toMatchObject({ status: "refused", code: "redemption_limit" });
  });

  it(`${REDEMPTIONS_PER_RECEIPT_PER_DAY + 1} concurrent redemptions of a receipt: exactly ${REDEMPTIONS_PER_RECEIPT_PER_DAY} succeed, and ${REDEMPTIONS_PER_RECEIPT_PER_DAY} are logged`, async () => {
    const { listenerId, receipts, receiptIds } = await listenerWithReceipts();
    const now = Math.floor(Date.now() / 1000);
    // Distinct calls (each signed at its own second), all in flight at once.
    const answers = await Promise.all(
      Array.from({ length: REDEMPTIONS_PER_RECEIPT_PER_DAY + 1 }, async (_, i) => {
        const response = await providerCall("POST", "/api/provider/redeem", { listenerId, receipts }, {}, { timestamp: now - i });
        expect(response.status).toBe(200);
        return response.json<RedeemAnswer>();
      }),
    );
    expect(answers.filter((answer) => answer.redeemed === 1)).toHaveLength(REDEMPTIONS_PER_RECEIPT_PER_DAY);
    expect(answers.filter((answer) => answer.results[0]!.status === "refused").map((answer) => answer.results[0])).toEqual([
      expect.objectContaining({ code: "redemption_limit" }),
    ]);
    const logged = await env.DB.prepare("select count(*) as n from receipt_redemptions where receipt_id = ?1").bind(receiptIds[0]).first<number>("n");
    expect(logged).toBe(REDEMPTIONS_PER_RECEIPT_PER_DAY);
  });

  it("refuses a receipt whose header says typ JWT, even one JPlay signed and stored (RFC 8725 §3.11), logging nothing", async () => {
    const { listenerId, receipts, receiptIds } = await listenerWithReceipts();
    // The same receipt, signed by JPlay's key with the generic typ (as receipts were before the explicit type).
    const { signingKey, kid } = await receiptKeys(env);
    const input = `${base64url.encode(JSON.stringify({ alg: "EdDSA", kid, typ: "JWT" }))}.${base64url.encode(JSON.stringify(decodeJwt(receipts[0]!)))}`;
    const generic = `${input}.${base64url.encode(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, signingKey, new TextEncoder().encode(input))))}`;
    await env.DB.prepare("update receipts set token = ?1 where id = ?2").bind(generic, receiptIds[0]).run();

    const answer = await redeem(listenerId, [generic]);
    expect(answer).toMatchObject({ redeemed: 0, refused: 1 });
    expect(answer.results[0]).toMatchObject({ status: "refused", code: "invalid_receipt", reason: expect.stringContaining("jplay-receipt+jwt") });
    expect(await env.DB.prepare("select count(*) as n from receipt_redemptions where receipt_id = ?1").bind(receiptIds[0]).first<number>("n")).toBe(0);

    // The listener's library answers it signed again with the explicit type, same claims, and that one redeems.
    const library = await (await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined)).json<LibraryAnswer>();
    const retyped = library.receipts[0]!.receipt;
    expect(decodeProtectedHeader(retyped)).toMatchObject({ typ: "jplay-receipt+jwt" });
    expect(decodeJwt(retyped)).toEqual(decodeJwt(generic));
    expect(await redeem(listenerId, [retyped])).toMatchObject({ redeemed: 1 });
  });
});

describe("takedowns", () => {
  it("a song taken down for its content leaves the catalogue but stays downloadable to its buyer", async () => {
    const { listenerId, songs, receipts } = await listenerWithReceipts();
    const before = await redeem(listenerId, receipts);
    await takeDown(songs[0]!.songId, "content");
    const songPage = await new Browser().fetch(`/api/songs/${songs[0]!.songId}`);
    expect(songPage.status).toBe(404);
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    const after = await redeem(listenerId, receipts, { provider: SECOND_PROVIDER });
    expect(after).toMatchObject({ redeemed: 1 });
    for (const answer of [before, after]) {
      const result = answer.results[0]!;
      if (result.status !== "redeemed") throw new Error("not redeemed");
      expect((await download(result.audioUrl)).status).toBe(200);
    }
    const library = await (
      await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { provider: SECOND_PROVIDER })
    ).json<LibraryAnswer>();
    expect(library.receipts.map((entry) => entry.state)).toEqual(["valid"]);
  });

  it("a song removed for a rights claim cannot be downloaded, and every buyer is refunded through the provider once", async () => {
    const { listenerId, songs, receipts } = await listenerWithReceipts();
    const { songId, artistId } = songs[0]!;
    // A second buyer, who bought without naming a listener (an older report): refunded too.
    await providerCall("POST", "/api/provider/purchases", { purchases: [{ ...listenerPurchase(songId, ""), listenerId: undefined }] });
    const link = (await redeem(listenerId, receipts)).results[0]!;
    if (link.status !== "redeemed") throw new Error("not redeemed");
    const receivableBefore = await accountBalance(ctx, ACCOUNTS.providerReceivable);
    expect((await artistAvailableBalances(ctx, [artistId])).get(artistId)).toBe(2 * 180);

    await takeDown(songId, "rights");
    expect((await artistAvailableBalances(ctx, [artistId])).get(artistId)).toBe(0);
    expect((await accountBalance(ctx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(2 * 199);
    const refunds = await env.DB.prepare(
      "select count(*) as n from ledger_transactions t join purchases p on p.id = t.ref where t.kind = 'purchase.refund' and p.song_id = ?1",
    )
      .bind(songId)
      .first<number>("n");
    expect(refunds).toBe(2);

    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    const refused = await redeem(listenerId, receipts, { provider: SECOND_PROVIDER });
    expect(refused.results[0]).toMatchObject({ status: "refused", code: "rights_removed" });
    expect(await errorOf(await download(link.audioUrl))).toMatchObject({ status: 403, code: "rights_removed" });
    // Redeeming again refunds nothing twice.
    expect((await accountBalance(ctx, ACCOUNTS.providerReceivable)) - receivableBefore).toBe(2 * 199);
    const library = await (
      await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { provider: SECOND_PROVIDER })
    ).json<LibraryAnswer>();
    expect(library.receipts.map((entry) => entry.state)).toEqual(["rights_removed"]);
  });
});

describe("the library", () => {
  it("lists a listener's receipts for a replacement tablet or a new provider, signed like every call", async () => {
    const { listenerId, songs, receipts, receiptIds } = await listenerWithReceipts(3);
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    const response = await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { provider: SECOND_PROVIDER });
    expect(response.status).toBe(200);
    const library = await response.json<LibraryAnswer>();
    expect(library.listenerId).toBe(listenerId);
    expect(new Set(library.receipts.map((entry) => entry.receiptId))).toEqual(new Set(receiptIds));
    expect(new Set(library.receipts.map((entry) => entry.receipt))).toEqual(new Set(receipts));
    expect(library.receipts[0]).toMatchObject({ priceCents: 199, state: "valid", title: expect.any(String), artistName: "Fixture Artist" });
    expect(new Set(library.receipts.map((entry) => entry.isrc))).toEqual(new Set(songs.map((song) => song.isrc)));

    // A listener nobody named is answered as one another provider holds: 404.
    expect(await errorOf(await providerCall("GET", `/api/provider/listeners/${newListenerId()}/library`, undefined))).toMatchObject({
      status: 404,
      code: "unknown_listener",
    });
    expect(await errorOf(await providerCall("GET", "/api/provider/listeners/123456789012345678/library", undefined))).toMatchObject({ status: 400 });
    const unsigned = await new Browser().fetch(`/api/provider/listeners/${listenerId}/library`);
    expect(await errorOf(unsigned)).toMatchObject({ status: 401, code: "missing_signature" });
  });
});
