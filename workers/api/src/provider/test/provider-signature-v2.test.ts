/**
 * Provider calls signed with signature v2 (provider/provider-signature.ts): the signature binds the
 * method, path and query, the provider and the body, so one made for another call is refused; a
 * signed POST is accepted once (provider/signature-replay.ts), so a replay within the 5-minute window
 * is refused with nothing written; the old v1 form passes only where PROVIDER_SIGNATURE_V1 allows it.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import type { RedeemAnswer } from "@jplay/schema/receipts";
import { signProviderRequest, signProviderRequestV1 } from "../provider-signature";
import worker from "../../index";
import { purgeProviderStateTask } from "../index";
import {
  errorOf,
  listenerPurchase,
  liveSongWithIsrc,
  newListenerId,
  PRIMARY_SECRET,
  providerCall,
  SECOND_PROVIDER,
  SECOND_SECRET,
} from "../../../test/receipt-support";
import { Browser, testContext } from "../../../test/support";

const ctx = testContext();
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n")) ?? 0;

async function listenerWithReceipt() {
  const listenerId = newListenerId();
  const { songId } = await liveSongWithIsrc();
  const answer = await (
    await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase(songId, listenerId)] })
  ).json<PurchaseReportAnswer>();
  const result = answer.results[0] as { receipt: string; receiptId: string };
  return { listenerId, receipt: result.receipt, receiptId: result.receiptId };
}

/** Sends a call exactly as given: these headers, this body. */
const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Browser().fetch(path, { method, headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers }, body });

const now = () => String(Math.floor(Date.now() / 1000));

describe("replays", () => {
  it("a signed redemption sent again within the window is refused (401) and redeems nothing more", async () => {
    const { listenerId, receipt, receiptId } = await listenerWithReceipt();
    const body = JSON.stringify({ listenerId, receipts: [receipt] });
    const timestamp = now();
    const signature = await signProviderRequest(PRIMARY_SECRET, timestamp, {
      method: "POST",
      pathAndQuery: "/api/provider/redeem",
      providerId: "primary",
      body,
    });
    const headers = { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature };
    const first = await send("POST", "/api/provider/redeem", headers, body);
    expect(first.status).toBe(200);
    expect((await first.json<RedeemAnswer>()).redeemed).toBe(1);
    const logged = await count("select count(*) as n from receipt_redemptions where receipt_id = ?1", receiptId);
    expect(logged).toBe(1);

    expect(await errorOf(await send("POST", "/api/provider/redeem", headers, body))).toMatchObject({ status: 401, code: "replayed_signature" });
    // The same signature in capitals is the same signature.
    expect(await errorOf(await send("POST", "/api/provider/redeem", { ...headers, "X-JPlay-Signature": signature.toUpperCase() }, body))).toMatchObject({
      status: 401,
      code: "replayed_signature",
    });
    expect(await count("select count(*) as n from receipt_redemptions where receipt_id = ?1", receiptId)).toBe(1);
  });

  it("a purchase report replayed is refused (401) and records nothing", async () => {
    const { songId } = await liveSongWithIsrc();
    const purchase = listenerPurchase(songId, newListenerId());
    const body = JSON.stringify({ purchases: [purchase] });
    const timestamp = now();
    const headers = {
      "X-JPlay-Timestamp": timestamp,
      "X-JPlay-Signature": await signProviderRequest(PRIMARY_SECRET, timestamp, {
        method: "POST",
        pathAndQuery: "/api/provider/purchases",
        providerId: "primary",
        body,
      }),
    };
    expect((await send("POST", "/api/provider/purchases", headers, body)).status).toBe(200);
    const before = {
      purchases: await count("select count(*) as n from purchases"),
      transactions: await count("select count(*) as n from ledger_transactions"),
    };
    expect(await errorOf(await send("POST", "/api/provider/purchases", headers, body))).toMatchObject({ status: 401, code: "replayed_signature" });
    expect({
      purchases: await count("select count(*) as n from purchases"),
      transactions: await count("select count(*) as n from ledger_transactions"),
    }).toEqual(before);
  });

  it("the cron deletes used signatures once their window has passed, and keeps those still in it", async () => {
    const { listenerId, receipt } = await listenerWithReceipt();
    expect((await providerCall("POST", "/api/provider/redeem", { listenerId, receipts: [receipt] })).status).toBe(200);
    const live = await count("select count(*) as n from provider_signatures where expires_at > ?1", Date.now());
    expect(live).toBeGreaterThan(0);
    await env.DB.prepare("insert into provider_signatures (signature_hash, provider_id, expires_at) values (?1, 'primary', ?2)")
      .bind(`old-${crypto.randomUUID()}`, Date.now() - 1000)
      .run();
    await purgeProviderStateTask(ctx, new Date());
    expect(await count("select count(*) as n from provider_signatures where expires_at <= ?1", Date.now() - 1000)).toBe(0);
    expect(await count("select count(*) as n from provider_signatures where expires_at > ?1", Date.now())).toBeGreaterThanOrEqual(live);
  });
});

describe("a signature binds its call", () => {
  it("a signature made for another path, method or provider is refused (401), nothing written", async () => {
    const { listenerId, receipt } = await listenerWithReceipt();
    const body = JSON.stringify({ listenerId, receipts: [receipt] });
    const before = await count("select count(*) as n from receipt_redemptions where listener_id = ?1", listenerId);
    const signedFor = async (method: string, pathAndQuery: string, providerId: string, secret = PRIMARY_SECRET) => {
      const timestamp = now();
      return { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": await signProviderRequest(secret, timestamp, { method, pathAndQuery, providerId, body }) };
    };
    // Made for the failed-downloads route, sent to redemption.
    expect(
      await errorOf(await send("POST", "/api/provider/redeem", await signedFor("POST", "/api/provider/download-failures", "primary"), body)),
    ).toMatchObject({ status: 401, code: "invalid_signature" });
    // Made for a PUT (or any other method) of the same path.
    expect(await errorOf(await send("POST", "/api/provider/redeem", await signedFor("PUT", "/api/provider/redeem", "primary"), body))).toMatchObject({
      status: 401,
      code: "invalid_signature",
    });
    // Made for the same path with a query.
    expect(await errorOf(await send("POST", "/api/provider/redeem", await signedFor("POST", "/api/provider/redeem?x=1", "primary"), body))).toMatchObject({
      status: 401,
      code: "invalid_signature",
    });
    // Made by the second provider as itself, sent as the primary one's (and the other way round).
    expect(
      await errorOf(await send("POST", "/api/provider/redeem", await signedFor("POST", "/api/provider/redeem", SECOND_PROVIDER, PRIMARY_SECRET), body)),
    ).toMatchObject({ status: 401, code: "invalid_signature" });
    expect(
      await errorOf(
        await send(
          "POST",
          "/api/provider/redeem",
          { ...(await signedFor("POST", "/api/provider/redeem", "primary", SECOND_SECRET)), "X-JPlay-Provider": SECOND_PROVIDER },
          body,
        ),
      ),
    ).toMatchObject({ status: 401, code: "invalid_signature" });
    expect(await count("select count(*) as n from receipt_redemptions where listener_id = ?1", listenerId)).toBe(before);
  });

  it("a v1 signature (body only) is refused unless PROVIDER_SIGNATURE_V1 is accept; v1 calls are accepted once too", async () => {
    const { listenerId, receipt } = await listenerWithReceipt();
    const body = JSON.stringify({ listenerId, receipts: [receipt] });
    const v1 = async (timestamp: string) =>
      signProviderRequestV1(PRIMARY_SECRET, timestamp, { method: "POST", pathAndQuery: "/api/provider/redeem", providerId: "primary", body });
    const timestamp = now();
    // By default a v1 signature (which would pass for this body on any route) is refused.
    const headers = { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": await v1(timestamp) };
    expect(await errorOf(await send("POST", "/api/provider/redeem", headers, body))).toMatchObject({ status: 401, code: "invalid_signature" });

    const migrating = { ...env, PROVIDER_SIGNATURE_V1: "accept" } as Env;
    const call = () =>
      worker.fetch(new Request("http://jplay.test/api/provider/redeem", { method: "POST", headers, body }), migrating, createExecutionContext());
    expect((await call()).status).toBe(200);
    expect(await errorOf(await call())).toMatchObject({ status: 401, code: "replayed_signature" });
  });
});
