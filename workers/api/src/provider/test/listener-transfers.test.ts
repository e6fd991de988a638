/**
 * A listener belongs to the provider holding them (docs/decisions/086-listeners-held-by-one-provider.md):
 * another enrolled provider reading their library, redeeming their receipts, opening their tablet
 * Library or asking for their transfer code is answered 404 exactly as for an id nobody named, and
 * nothing is written. A transfer code the holder (or the listener's tablet) hands over moves the
 * listener once; a used, expired, voided, self-issued or other listener's code is refused, as are
 * built-in names as listener ids and codes.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listenerIdProblem, type PurchaseReportAnswer } from "@jplay/schema/purchases";
import { type LibraryAnswer, type RedeemAnswer, type TabletLibraryAnswer, TRANSFER_CODE_TTL_MS, type TransferCodeAnswer } from "@jplay/schema/receipts";
import { signListenerToken } from "../listener-token";
import { hashSecretToken } from "../../platform/secret-token";
import {
  type Caller,
  errorOf,
  listenerPurchase,
  liveSongWithIsrc,
  newListenerId,
  PRIMARY_SECRET,
  providerCall,
  rowCounts,
  SECOND_PROVIDER,
  transferCode,
  transferListener,
  openListenerSession,
} from "../../../test/receipt-support";
import { Browser } from "../../../test/support";

const PRIMARY: Caller = {};
const SECOND: Caller = { provider: SECOND_PROVIDER };
const BUILT_IN_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** A listener the primary provider sold two songs to, with their receipts. */
async function primaryListener() {
  const listenerId = newListenerId();
  const songs = [await liveSongWithIsrc(), await liveSongWithIsrc()];
  const answer = await (
    await providerCall("POST", "/api/provider/purchases", { purchases: songs.map((song) => listenerPurchase(song.songId, listenerId)) })
  ).json<PurchaseReportAnswer>();
  const receipts = answer.results.map((result) => (result as { receipt: string }).receipt);
  return { listenerId, receipts };
}

const library = (listenerId: string, caller: Caller) => providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, caller);
const redeem = (listenerId: string, receipts: string[], caller: Caller) => providerCall("POST", "/api/provider/redeem", { listenerId, receipts }, caller);
const redeemCode = (listenerId: string, code: string, caller: Caller) => providerCall("POST", "/api/provider/listener-transfers", { listenerId, code }, caller);
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
/** A listener token of a session the provider opened (any provider may open one; only the holder's opens anything). */
const tokenOf = (provider: "primary" | typeof SECOND_PROVIDER, listenerId: string) => openListenerSession(listenerId, provider === "primary" ? {} : SECOND);
const tabletLibrary = async (token: string) => new Browser().fetch("/api/provider/tablet-library", { headers: { "X-JPlay-Listener": token } });
const tabletTransferCode = async (token: string) =>
  new Browser().fetch("/api/provider/tablet-library/transfer-code", { method: "POST", headers: { "X-JPlay-Listener": token } });

const UNKNOWN_LISTENER = { status: 404, code: "unknown_listener", message: "No listener with this id is held by this provider" };
const UNKNOWN_CODE = { status: 404, code: "unknown_transfer_code" };

describe("a listener another provider holds", () => {
  it("is not there for another provider: library, redemption, tablet Library and transfer codes answer 404 as for an unknown id, and nothing is written", async () => {
    const { listenerId, receipts } = await primaryListener();
    const nobody = newListenerId();
    const secondTokens = new Map([
      [listenerId, await tokenOf(SECOND_PROVIDER, listenerId)],
      [nobody, await tokenOf(SECOND_PROVIDER, nobody)],
    ]);
    const before = await rowCounts();

    for (const id of [listenerId, nobody]) {
      expect({ id, ...(await errorOf(await library(id, SECOND))) }).toEqual({ id, ...UNKNOWN_LISTENER });
      expect({ id, ...(await errorOf(await redeem(id, receipts, SECOND))) }).toEqual({ id, ...UNKNOWN_LISTENER });
      expect({ id, ...(await errorOf(await tabletLibrary(secondTokens.get(id)!))) }).toEqual({ id, ...UNKNOWN_LISTENER });
      expect({ id, ...(await errorOf(await providerCall("POST", "/api/provider/transfer-codes", { listenerId: id }, SECOND))) }).toEqual({
        id,
        ...UNKNOWN_LISTENER,
      });
      expect({ id, ...(await errorOf(await tabletTransferCode(secondTokens.get(id)!))) }).toEqual({ id, ...UNKNOWN_LISTENER });
    }
    expect(await rowCounts()).toEqual(before);

    // The holder reads and redeems as before.
    expect((await (await library(listenerId, PRIMARY)).json<LibraryAnswer>()).receipts).toHaveLength(2);
    expect(await (await redeem(listenerId, receipts, PRIMARY)).json<RedeemAnswer>()).toMatchObject({ redeemed: 2, refused: 0 });
    expect((await (await tabletLibrary(await tokenOf("primary", listenerId))).json<TabletLibraryAnswer>()).songs).toHaveLength(2);
  });
});

describe("transfer codes", () => {
  it("move a listener once: the new provider reads, redeems and opens the tablet Library; the old one no longer; the code is kept hashed", async () => {
    const { listenerId, receipts } = await primaryListener();
    const issuedAt = Date.now();
    const { code, expiresAt, listenerId: named } = await transferCode(listenerId, PRIMARY);
    expect(named).toBe(listenerId);
    expect(Date.parse(expiresAt) - issuedAt).toBeGreaterThanOrEqual(TRANSFER_CODE_TTL_MS - 60_000);
    expect(Date.parse(expiresAt) - issuedAt).toBeLessThanOrEqual(TRANSFER_CODE_TTL_MS + 60_000);
    const stored = await env.DB.prepare("select code_hash from listener_transfer_codes where listener_id = ?1").bind(listenerId).all<{ code_hash: string }>();
    expect(stored.results).toEqual([{ code_hash: await hashSecretToken(code) }]);

    const moved = await redeemCode(listenerId, code, SECOND);
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ listenerId, providerId: SECOND_PROVIDER });

    expect((await (await library(listenerId, SECOND)).json<LibraryAnswer>()).receipts).toHaveLength(2);
    expect(await (await redeem(listenerId, receipts, SECOND)).json<RedeemAnswer>()).toMatchObject({ redeemed: 2, refused: 0 });
    expect((await (await tabletLibrary(await tokenOf(SECOND_PROVIDER, listenerId))).json<TabletLibraryAnswer>()).songs).toHaveLength(2);
    expect(await errorOf(await library(listenerId, PRIMARY))).toEqual(UNKNOWN_LISTENER);
    expect(await errorOf(await redeem(listenerId, receipts, PRIMARY))).toEqual(UNKNOWN_LISTENER);
    expect(await errorOf(await tabletLibrary(await tokenOf("primary", listenerId)))).toEqual(UNKNOWN_LISTENER);

    // Used once: the same code again moves nobody, whoever sends it, and writes nothing.
    const before = await rowCounts();
    expect(await errorOf(await redeemCode(listenerId, code, SECOND))).toMatchObject(UNKNOWN_CODE);
    expect(await errorOf(await redeemCode(listenerId, code, PRIMARY))).toMatchObject(UNKNOWN_CODE);
    expect(await rowCounts()).toEqual(before);

    // The new holder can hand them back the same way.
    await transferListener(listenerId, SECOND, PRIMARY);
    expect((await library(listenerId, PRIMARY)).status).toBe(200);
    expect(await errorOf(await library(listenerId, SECOND))).toEqual(UNKNOWN_LISTENER);
  });

  it("refuse a code that expired, one the caller issued itself, one for another listener, one voided by a newer code, and a made-up one: 404, nothing written", async () => {
    const { listenerId } = await primaryListener();
    const other = await primaryListener();

    const expired = await transferCode(listenerId, PRIMARY);
    await env.DB.prepare("update listener_transfer_codes set expires_at = ?1 where code_hash = ?2")
      .bind(Date.now() - 1, await hashSecretToken(expired.code))
      .run();
    const voided = await transferCode(listenerId, PRIMARY);
    const current = await transferCode(listenerId, PRIMARY);
    const otherCode = await transferCode(other.listenerId, PRIMARY);
    const madeUp = "A".repeat(43);

    const before = await rowCounts();
    const refusals: Array<[string, string, string, Caller]> = [
      ["expired", listenerId, expired.code, SECOND],
      ["voided by a newer one", listenerId, voided.code, SECOND],
      ["issued by the caller itself", listenerId, current.code, PRIMARY],
      ["another listener's", listenerId, otherCode.code, SECOND],
      ["this listener's, sent for another", other.listenerId, current.code, SECOND],
      ["made up", listenerId, madeUp, SECOND],
    ];
    for (const [why, id, code, caller] of refusals) {
      expect({ why, ...(await errorOf(await redeemCode(id, code, caller))) }).toMatchObject({ why, ...UNKNOWN_CODE });
    }
    expect(await rowCounts()).toEqual(before);
    expect(await errorOf(await library(listenerId, SECOND))).toEqual(UNKNOWN_LISTENER);

    // The listener's current code still works.
    expect((await redeemCode(listenerId, current.code, SECOND)).status).toBe(200);
    expect((await library(listenerId, SECOND)).status).toBe(200);
  });

  it("are handed over by the listener's own tablet with its listener token, never with another provider's token", async () => {
    const { listenerId } = await primaryListener();
    const response = await tabletTransferCode(await tokenOf("primary", listenerId));
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { code } = await response.json<TransferCodeAnswer>();

    expect((await redeemCode(listenerId, code, SECOND)).status).toBe(200);
    expect((await (await tabletLibrary(await tokenOf(SECOND_PROVIDER, listenerId))).json<TabletLibraryAnswer>()).songs).toHaveLength(2);
    // The old provider's token now opens nothing and hands over nothing.
    expect(await errorOf(await tabletLibrary(await tokenOf("primary", listenerId)))).toEqual(UNKNOWN_LISTENER);
    expect(await errorOf(await tabletTransferCode(await tokenOf("primary", listenerId)))).toEqual(UNKNOWN_LISTENER);
    expect(await errorOf(await tabletTransferCode("not-a-token"))).toMatchObject({ status: 401 });
  });
});

describe("built-in names", () => {
  it("as listener ids and as codes are refused on every listener path, and nothing is written", async () => {
    const { listenerId } = await primaryListener();
    const { code } = await transferCode(listenerId, PRIMARY);
    expect(BUILT_IN_NAMES).toEqual(expect.arrayContaining(["constructor", "__proto__", "toString", "hasOwnProperty"]));
    const before = await rowCounts();
    for (const name of BUILT_IN_NAMES) {
      // Most are refused as listener ids outright (400: too short, or a name); the few long enough to
      // pass for an opaque id (`__defineGetter__`, …) are listeners nobody holds (404).
      const refused = listenerIdProblem(name) === null ? UNKNOWN_LISTENER : { status: 400, code: "bad_request" };
      for (const caller of [PRIMARY, SECOND]) {
        expect({ name, ...(await errorOf(await library(name, caller))) }).toMatchObject({ name, ...refused });
        expect({ name, ...(await errorOf(await redeem(name, ["a.b.c"], caller))) }).toMatchObject({ name, ...refused });
        expect({ name, ...(await errorOf(await providerCall("POST", "/api/provider/transfer-codes", { listenerId: name }, caller))) }).toMatchObject({
          name,
          ...refused,
        });
        expect({ name, ...(await errorOf(await redeemCode(name, code, caller))) }).toMatchObject({
          name,
          ...(listenerIdProblem(name) === null ? UNKNOWN_CODE : { status: 400 }),
        });
        expect({ name, ...(await errorOf(await redeemCode(listenerId, name, caller))) }).toMatchObject({ name, status: 400 });
      }
      // A body whose own keys are built-in names, and a listener token naming one.
      const raw = await providerCall(
        "POST",
        "/api/provider/listener-transfers",
        JSON.parse(`{"__proto__": {"listenerId": "${listenerId}", "code": "${code}"}, "${name}": "${code}"}`) as unknown,
        SECOND,
      );
      expect({ name, ...(await errorOf(raw)) }).toMatchObject({ name, status: 400 });
      // A token naming a built-in id is refused before any session is looked up (or, for an id of the
      // right shape, because no session was opened for it).
      const token = await signListenerToken(PRIMARY_SECRET, "primary", name, inAnHour(), crypto.randomUUID());
      const tokenRefused = { status: 401 };
      expect({ name, ...(await errorOf(await tabletTransferCode(token))) }).toMatchObject({ name, ...tokenRefused });
      expect({ name, ...(await errorOf(await tabletLibrary(token))) }).toMatchObject({ name, ...tokenRefused });
    }
    expect(await rowCounts()).toEqual(before);
    // The code was not spent by any of it.
    expect((await redeemCode(listenerId, code, SECOND)).status).toBe(200);
  });
});
