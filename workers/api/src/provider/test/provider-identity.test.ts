/**
 * Who may call the provider API: only a provider JPlay enrolled, signing with its own secret. The
 * provider id is the caller's choice (X-JPlay-Provider, the first part of a listener token), so
 * JavaScript's built-in names (`constructor`, `__proto__`, …) are tried as ids, signed with the text
 * of the member such a name would find on a plain object — public text anyone can sign with. Every
 * call is refused and writes nothing. A setting that would enrol a guessable secret enrols nobody.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signListenerToken } from "../listener-token";
import {
  errorOf,
  listenerPurchase,
  liveSongWithIsrc,
  newListenerId,
  providerCall,
  rowCounts,
  SECOND_PROVIDER,
  SECOND_SECRET,
  transferListener,
} from "../../../test/receipt-support";
import { Browser } from "../../../test/support";

/** Every name a plain object answers without owning it, and the text of what it finds (what String() of it gives). */
const BUILT_IN_NAMES = Object.getOwnPropertyNames(Object.prototype);
const signedWith = (name: string) => String((Object.prototype as unknown as Record<string, unknown>)[name]);

async function listenerWithPurchase() {
  const listenerId = newListenerId();
  const { songId } = await liveSongWithIsrc();
  const purchase = listenerPurchase(songId, listenerId);
  const reported = await providerCall("POST", "/api/provider/purchases", { purchases: [purchase] });
  expect(reported.status).toBe(200);
  return { listenerId, songId, purchaseId: purchase.purchaseId };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe("the provider API refuses built-in names as provider ids", () => {
  it("knows the names it tries", () => {
    expect(BUILT_IN_NAMES).toEqual(expect.arrayContaining(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]));
    expect(signedWith("constructor")).toBe("function Object() { [native code] }");
  });

  it("a listener's library: 401 for every built-in name signed with its public text, nothing written", async () => {
    const { listenerId } = await listenerWithPurchase();
    const before = await rowCounts();
    for (const name of BUILT_IN_NAMES) {
      const response = await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { provider: name, secret: signedWith(name) });
      expect({ name, ...(await errorOf(response)) }).toMatchObject({ name, status: 401, code: "unknown_provider" });
    }
    expect(await rowCounts()).toEqual(before);
    // The enrolled provider the listener moved to still reads it.
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    expect((await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { provider: SECOND_PROVIDER })).status).toBe(200);
  });

  it("redemption and failed-download credits: 401 for every built-in name, nothing written", async () => {
    const { listenerId } = await listenerWithPurchase();
    const before = await rowCounts();
    for (const name of BUILT_IN_NAMES) {
      const caller = { provider: name, secret: signedWith(name) };
      const redeem = await providerCall("POST", "/api/provider/redeem", { listenerId, receipts: ["a.b.c"] }, caller);
      expect({ name, ...(await errorOf(redeem)) }).toMatchObject({ name, status: 401, code: "unknown_provider" });
      const failure = await providerCall("POST", "/api/provider/download-failures", { receiptId: "r-1", attemptId: `a-${name}`, reason: "timed out" }, caller);
      expect({ name, ...(await errorOf(failure)) }).toMatchObject({ name, status: 401, code: "unknown_provider" });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("listener tokens: a token naming a built-in provider opens no Library", async () => {
    const { listenerId } = await listenerWithPurchase();
    for (const name of BUILT_IN_NAMES) {
      const token = await signListenerToken(signedWith(name), name, listenerId, inAnHour(), crypto.randomUUID());
      const response = await new Browser().fetch("/api/provider/tablet-library", { headers: { "X-JPlay-Listener": token } });
      expect({ name, status: response.status }).toEqual({ name, status: 401 });
    }
  });

  it("ids outside the pattern are refused before any lookup, and the answer does not echo them", async () => {
    const { listenerId } = await listenerWithPurchase();
    for (const id of ["Second-Vendor", "second_vendor", "a".repeat(33), "second-vendor.x", "second-vendor\u0000"]) {
      const response = await providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { provider: id, secret: SECOND_SECRET }).catch(
        () => null,
      );
      // Headers a Request cannot carry (a NUL) never reach the Worker at all.
      if (response === null) continue;
      const error = await errorOf(response);
      expect({ id, ...error }).toMatchObject({ id, status: 401, code: "unknown_provider" });
      expect(error.message).not.toContain(id);
    }
  });
});

describe("provider secrets JPlay refuses to enrol", () => {
  const library = async (listenerId: string, overrides: Partial<Env>, caller: { provider?: string; secret: string }) =>
    providerCall("GET", `/api/provider/listeners/${listenerId}/library`, undefined, { ...caller, env: { ...env, ...overrides } });

  it("PROVIDER_SECRETS with a secret under 32 bytes, a malformed id, or `primary` enrols nobody from it", async () => {
    const { listenerId } = await listenerWithPurchase();
    const goodSecret = "another-long-enough-provider-secret-0123";
    const settings = [
      { [SECOND_PROVIDER]: SECOND_SECRET, "short-one": "only-twenty-bytes-ok" },
      { [SECOND_PROVIDER]: SECOND_SECRET, "Bad Id": goodSecret },
      { [SECOND_PROVIDER]: SECOND_SECRET, primary: goodSecret },
      { [SECOND_PROVIDER]: SECOND_SECRET, numeric: 12345678901234567890123456789012345 },
      [SECOND_PROVIDER, SECOND_SECRET],
    ];
    for (const setting of settings) {
      const response = await library(listenerId, { PROVIDER_SECRETS: JSON.stringify(setting) }, { provider: SECOND_PROVIDER, secret: SECOND_SECRET });
      expect({ setting, ...(await errorOf(response)) }).toMatchObject({ setting, status: 401, code: "unknown_provider" });
    }
    // Well formed, the same setting enrols the provider: the listener moves to it and it reads their library.
    const wellFormed = { ...env, PROVIDER_SECRETS: JSON.stringify({ [SECOND_PROVIDER]: SECOND_SECRET, other: goodSecret }) };
    await transferListener(listenerId, {}, { provider: "other", secret: goodSecret, env: wellFormed });
    const enrolled = await library(listenerId, { PROVIDER_SECRETS: wellFormed.PROVIDER_SECRETS }, { provider: "other", secret: goodSecret });
    expect(enrolled.status).toBe(200);
  });

  it("a PROVIDER_WEBHOOK_SECRET under 32 bytes authenticates nothing: 503, reports refused", async () => {
    const shortSecret = "short-primary-secret";
    const { songId } = await liveSongWithIsrc();
    const before = await rowCounts();
    const report = await providerCall(
      "POST",
      "/api/provider/purchases",
      { purchases: [listenerPurchase(songId, newListenerId())] },
      { secret: shortSecret, env: { ...env, PROVIDER_WEBHOOK_SECRET: shortSecret } },
    );
    expect(await errorOf(report)).toMatchObject({ status: 503, code: "not_configured", message: expect.stringContaining("shorter than 32 bytes") });
    expect(await rowCounts()).toEqual(before);
  });
});
