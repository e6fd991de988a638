/**
 * Receipts: a purchase report naming its listener (an opaque id, refused when it looks like a name,
 * a number or an e-mail address) is stored per listener and answered with a receipt JPlay signed
 * (Ed25519 compact JWS). The receipts verify with the published JWKS through an independent JOSE
 * library (jose), fail when altered, and keep verifying after the signing key is rotated; a report
 * sent again answers the same receipts.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { base64url, compactVerify, createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { describe, expect, it } from "vitest";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import worker from "../../index";
import { errorOf, listenerPurchase, liveSongWithIsrc, newListenerId, providerCall } from "../../../test/receipt-support";

const report = (purchases: unknown[], caller: Parameters<typeof providerCall>[3] = {}) =>
  providerCall("POST", "/api/provider/purchases", { purchases }, caller);

async function jwksOf(testEnv: Env = env): Promise<JSONWebKeySet> {
  const response = await worker.fetch(new Request("http://jplay.test/.well-known/jwks.json"), testEnv, createExecutionContext());
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/jwk-set+json");
  // Served outside /api, where the API's headers do not reach: a browser never sniffs the keys as another type.
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  return response.json();
}

const count = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...values)
    .first<number>("n")) ?? 0;

/** A fresh Ed25519 private JWK, as `pnpm dev` makes one (scripts/dev-vars.ts). */
async function newSigningKey(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  return (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
}
const publicPart = ({ kty, crv, x }: JsonWebKey) => ({ kty, crv, x });

describe("listener ids", () => {
  it.each([
    ["a bare number (an inmate number)", "12345678901234567", "not a number"],
    ["an inmate number with its prefix", "DC-12345678", "16–64 characters"],
    ["a name", "John Smith", "no spaces"],
    ["an e-mail address", "john.smith@example.com", "not an e-mail address"],
    ["a name run together", "JohnMichaelSmithJr", "not a name"],
    ["a name with underscores", "john_michael_smith", "not a name"],
    ["a formatted number", "1234-5678-9012-3456", "not a number"],
    ["too short", "ab12cd34", "16–64 characters"],
    ["too few different characters", "ab12ab12ab12ab12", "at least 8 different characters"],
    ["other characters", "abc123def456ghi7/x", "only letters, digits"],
  ])("refuses %s with 400, storing nothing", async (_what, listenerId, message) => {
    const { songId } = await liveSongWithIsrc();
    const before = await count("select count(*) as n from purchases");
    const refused = await errorOf(await report([listenerPurchase(songId, listenerId)]));
    expect(refused).toMatchObject({ status: 400, code: "bad_request" });
    expect(refused.message).toContain("purchases.0.listenerId");
    expect(refused.message).toContain(message);
    expect(await count("select count(*) as n from purchases")).toBe(before);
  });

  it("accepts opaque ids: a UUID, a random base64url token", async () => {
    const { songId } = await liveSongWithIsrc();
    const answer = await (
      await report([listenerPurchase(songId, crypto.randomUUID()), listenerPurchase(songId, "q7Zx-_3kLm9PbN2vR8sT4w")])
    ).json<PurchaseReportAnswer>();
    expect(answer).toMatchObject({ recorded: 2, rejected: 0 });
  });
});

describe("receipts", () => {
  it("stores who bought what, where and on which tablet, and answers a receipt that verifies with the published JWKS", async () => {
    const { songId, isrc } = await liveSongWithIsrc();
    const listenerId = newListenerId();
    const bought = listenerPurchase(songId, listenerId, { facilityId: "facility-tx-1" });
    const response = await report([bought]);
    expect(response.status).toBe(200);
    const answer = await response.json<PurchaseReportAnswer>();
    const [result] = answer.results;
    expect(result).toMatchObject({ purchaseId: bought.purchaseId, status: "recorded", receiptId: expect.any(String), receipt: expect.any(String) });
    if (result?.status !== "recorded" || !result.receipt) throw new Error("no receipt");

    const stored = await env.DB.prepare("select listener_id, device_id, facility_id, isrc, price_cents, purchased_at from purchases where id = ?1")
      .bind(bought.purchaseId)
      .first();
    expect(stored).toEqual({
      listener_id: listenerId,
      device_id: "tablet-0042",
      facility_id: "facility-tx-1",
      isrc,
      price_cents: 199,
      purchased_at: Date.parse(bought.purchasedAt),
    });

    const jwks = await jwksOf();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty("d");
    const header = decodeProtectedHeader(result.receipt);
    // An explicit type (RFC 8725 §3.11): a receipt is never taken for another JWT, nor another JWT for a receipt.
    expect(header).toEqual({ alg: "EdDSA", kid: jwks.keys[0]!.kid, typ: "jplay-receipt+jwt" });

    const { payload } = await jwtVerify(result.receipt, createLocalJWKSet(jwks), { issuer: "jplay", algorithms: ["EdDSA"], typ: "jplay-receipt+jwt" });
    expect(payload).toEqual({
      iss: "jplay",
      jti: result.receiptId,
      sub: listenerId,
      iat: expect.any(Number),
      isrc,
      songId,
      priceCents: 199,
      currency: "USD",
      purchasedAt: Math.floor(Date.parse(bought.purchasedAt) / 1000),
      purchaseId: bought.purchaseId,
    });
  });

  it("answers the same receipts when the report is sent again, even naming another listener", async () => {
    const { songId } = await liveSongWithIsrc();
    const listenerId = newListenerId();
    const purchases = [listenerPurchase(songId, listenerId), listenerPurchase(songId, listenerId)];
    const first = await (await report(purchases)).json<PurchaseReportAnswer>();
    const again = await (await report(purchases)).json<PurchaseReportAnswer>();
    expect(again).toMatchObject({ recorded: 0, duplicates: 2 });
    expect(again.results.map((r) => (r.status === "duplicate" ? [r.receiptId, r.receipt] : null))).toEqual(
      first.results.map((r) => (r.status === "recorded" ? [r.receiptId, r.receipt] : null)),
    );
    // A redelivery cannot give the purchase to someone else: the receipt is the stored one.
    const hijack = await (await report(purchases.map((p) => ({ ...p, listenerId: newListenerId() })))).json<PurchaseReportAnswer>();
    expect(hijack.results.map((r) => (r.status === "duplicate" ? r.receipt : null))).toEqual(
      first.results.map((r) => (r.status === "recorded" ? r.receipt : null)),
    );
    expect(await count("select count(*) as n from receipts where listener_id = ?1", listenerId)).toBe(2);
  });

  it("does not verify once altered: another price, another listener, another signature, or alg none", async () => {
    const { songId } = await liveSongWithIsrc();
    const answer = await (await report([listenerPurchase(songId, newListenerId())])).json<PurchaseReportAnswer>();
    const token = (answer.results[0] as { receipt: string }).receipt;
    const keys = createLocalJWKSet(await jwksOf());
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/"))) as Record<string, unknown>;
    const encode = (value: unknown) => btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

    await expect(jwtVerify(token, keys)).resolves.toBeTruthy();
    await expect(jwtVerify(`${header}.${encode({ ...claims, priceCents: 1 })}.${signature}`, keys)).rejects.toThrow(/signature verification failed/);
    await expect(jwtVerify(`${header}.${encode({ ...claims, sub: newListenerId() })}.${signature}`, keys)).rejects.toThrow(/signature verification failed/);
    const signatureBytes = base64url.decode(signature);
    signatureBytes[0] = signatureBytes[0]! ^ 1; // one bit flipped: always another signature
    const flipped = base64url.encode(signatureBytes);
    await expect(compactVerify(`${header}.${payload}.${flipped}`, keys)).rejects.toThrow();
    await expect(jwtVerify(`${encode({ alg: "none" })}.${payload}.`, keys)).rejects.toThrow();
  });

  it("keeps old receipts verifying after a rotation: the retired key stays in the JWKS, new receipts carry the new key", async () => {
    const { songId } = await liveSongWithIsrc();
    const before = await (await report([listenerPurchase(songId, newListenerId())])).json<PurchaseReportAnswer>();
    const oldReceipt = (before.results[0] as { receipt: string }).receipt;
    const oldKey = JSON.parse(env.RECEIPT_SIGNING_KEY!) as JsonWebKey;

    // Rotation: a new current key; the old one's public half moves to the retired keys.
    const rotated: Env = { ...env, RECEIPT_SIGNING_KEY: JSON.stringify(await newSigningKey()), RECEIPT_RETIRED_KEYS: JSON.stringify([publicPart(oldKey)]) };
    const jwks = await jwksOf(rotated);
    expect(jwks.keys).toHaveLength(2);
    expect(jwks.keys.every((key) => !("d" in key))).toBe(true);
    const after = await (await report([listenerPurchase(songId, newListenerId())], { env: rotated })).json<PurchaseReportAnswer>();
    const newReceipt = (after.results[0] as { receipt: string }).receipt;
    expect(decodeProtectedHeader(newReceipt).kid).toBe(jwks.keys[0]!.kid);
    expect(decodeProtectedHeader(oldReceipt).kid).toBe(jwks.keys[1]!.kid);

    const verify = createLocalJWKSet(jwks);
    await expect(jwtVerify(oldReceipt, verify)).resolves.toBeTruthy();
    await expect(jwtVerify(newReceipt, verify)).resolves.toBeTruthy();
    // The JWKS as it was before the rotation cannot verify the new key's receipts.
    await expect(jwtVerify(newReceipt, createLocalJWKSet(await jwksOf()))).rejects.toThrow();
  });

  it("refuses a report naming listeners while no signing key is configured (503, nothing stored); a report without listeners still counts", async () => {
    const { songId } = await liveSongWithIsrc();
    const noKey: Env = { ...env, RECEIPT_SIGNING_KEY: undefined };
    const before = await count("select count(*) as n from purchases where song_id = ?1", songId);
    expect(await errorOf(await report([listenerPurchase(songId, newListenerId())], { env: noKey }))).toMatchObject({ status: 503, code: "not_configured" });
    expect(await count("select count(*) as n from purchases where song_id = ?1", songId)).toBe(before);
    const anonymous = { ...listenerPurchase(songId, ""), listenerId: undefined, deviceId: undefined };
    expect(await (await report([anonymous], { env: noKey })).json()).toMatchObject({
      recorded: 1,
      results: [{ purchaseId: anonymous.purchaseId, status: "recorded" }],
    });
    expect(await errorOf(await worker.fetch(new Request("http://jplay.test/.well-known/jwks.json"), noKey, createExecutionContext()))).toMatchObject({
      status: 503,
    });
  });

  it("refuses a signing key whose public half is not its own", async () => {
    const key = await newSigningKey();
    const other = await newSigningKey();
    const mismatched: Env = { ...env, RECEIPT_SIGNING_KEY: JSON.stringify({ ...key, x: other.x }) };
    expect(await errorOf(await worker.fetch(new Request("http://jplay.test/.well-known/jwks.json"), mismatched, createExecutionContext()))).toMatchObject({
      status: 503,
      message: 'RECEIPT_SIGNING_KEY: "x" is not the public key of "d"',
    });
  });
});
