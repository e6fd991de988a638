/**
 * The tablet provider's side, for browser tests on a server of their own: reports purchases (one by
 * default), opens listener sessions and reads the feeds the way the provider does, each call signed
 * with signature v2: HMAC-SHA256 over "<timestamp>.<METHOD> <path and query>.<provider>.<hex SHA-256 of the body>".
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { expect } from "vitest";

/** The v2 signature of a call from the primary provider (docs/catalogue-and-provider-api.md, "Sales"). */
export function providerSignature(providerSecret: string, timestamp: string, method: string, pathAndQuery: string, body = ""): string {
  const bodyHash = createHash("sha256").update(body).digest("hex");
  return createHmac("sha256", providerSecret).update(`${timestamp}.${method} ${pathAndQuery}.primary.${bodyHash}`).digest("hex");
}

/** The last timestamp this process signed a POST with. */
let lastPostTimestamp = 0;

/**
 * A signed POST of `body` (JSON) to `path`, as the primary provider sends it. Each call is signed with
 * a later second than the one before: the Worker accepts a signed POST once, so two identical calls
 * (the same receipt redeemed twice) signed in the same second would be one call replayed (docs/catalogue-and-provider-api.md, "Sales").
 */
export function providerPost(baseURL: string, providerSecret: string, path: string, body: unknown): Promise<Response> {
  const raw = JSON.stringify(body);
  lastPostTimestamp = Math.max(Math.floor(Date.now() / 1000), lastPostTimestamp + 1);
  const timestamp = String(lastPostTimestamp);
  return fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-JPlay-Timestamp": timestamp,
      "X-JPlay-Signature": providerSignature(providerSecret, timestamp, "POST", path, raw),
    },
    body: raw,
  });
}

export async function reportPurchase(baseURL: string, providerSecret: string, songId: string, priceCents: number, count = 1) {
  const purchases = Array.from({ length: count }, () => ({
    purchaseId: `e2e-${randomBytes(6).toString("hex")}`,
    songId,
    priceCents,
    purchasedAt: new Date().toISOString(),
  }));
  const response = await providerPost(baseURL, providerSecret, "/api/provider/purchases", { purchases });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ recorded: count });
}

/** A signed GET of one of the provider's feeds, as the provider signs it (v2, an empty body). */
async function signedFeedGet(baseURL: string, providerSecret: string, pathAndQuery: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = providerSignature(providerSecret, timestamp, "GET", pathAndQuery);
  const response = await fetch(`${baseURL}${pathAndQuery}`, { headers: { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature } });
  expect(response.status).toBe(200);
  return response.json();
}

/** One page of the JSON delivery feed (`GET /api/provider/releases`). */
export const readDeliveryFeed = async (baseURL: string, providerSecret: string, since = "0") =>
  (await signedFeedGet(baseURL, providerSecret, `/api/provider/releases?since=${since}&limit=500`)) as {
    changes: ({ kind: string; songId: string } & Record<string, unknown>)[];
  };

/** One page of the DDEX ERN feed (`GET /api/provider/releases/ern`): each change carries one ERN message. */
export const readErnFeed = async (baseURL: string, providerSecret: string, since = "0") =>
  (await signedFeedGet(baseURL, providerSecret, `/api/provider/releases/ern?since=${since}&limit=500`)) as {
    changes: { cursor: string; kind: string; songId: string; ern: string }[];
    nextCursor: string;
    hasMore: boolean;
  };

/** A signed POST (`providerPost`) whose JSON answer is returned once its status is `status`. */
export async function providerPostAnswer<T>(baseURL: string, providerSecret: string, path: string, body: unknown, status = 200): Promise<T> {
  const response = await providerPost(baseURL, providerSecret, path, body);
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}
