/**
 * The tablet provider's side, for browser tests on a server of their own: reports purchases (one by
 * default) the way the provider does, signed with HMAC-SHA256 over "<timestamp>.<body>".
 */
import { createHmac, randomBytes } from "node:crypto";
import { expect } from "vitest";

export async function reportPurchase(baseURL: string, providerSecret: string, songId: string, priceCents: number, count = 1) {
  const purchases = Array.from({ length: count }, () => ({ purchaseId: `e2e-${randomBytes(6).toString("hex")}`, songId, priceCents, purchasedAt: new Date().toISOString() }));
  const body = JSON.stringify({ purchases });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", providerSecret).update(`${timestamp}.${body}`).digest("hex");
  const response = await fetch(`${baseURL}/api/provider/purchases`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature },
    body,
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ recorded: count });
}

/** A signed GET of one of the provider's feeds, as the provider signs it: over "<timestamp>.<method> <path and query>". */
async function signedFeedGet(baseURL: string, providerSecret: string, pathAndQuery: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", providerSecret).update(`${timestamp}.GET ${pathAndQuery}`).digest("hex");
  const response = await fetch(`${baseURL}${pathAndQuery}`, { headers: { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature } });
  expect(response.status).toBe(200);
  return response.json();
}

/** One page of the JSON delivery feed (`GET /api/provider/releases`). */
export const readDeliveryFeed = async (baseURL: string, providerSecret: string, since = "0") =>
  (await signedFeedGet(baseURL, providerSecret, `/api/provider/releases?since=${since}&limit=500`)) as { changes: ({ kind: string; songId: string } & Record<string, unknown>)[] };

/** One page of the DDEX ERN feed (`GET /api/provider/releases/ern`): each change carries one ERN message. */
export const readErnFeed = async (baseURL: string, providerSecret: string, since = "0") =>
  (await signedFeedGet(baseURL, providerSecret, `/api/provider/releases/ern?since=${since}&limit=500`)) as {
    changes: { cursor: string; kind: string; songId: string; ern: string }[];
    nextCursor: string;
    hasMore: boolean;
  };

/**
 * A signed POST to the provider API as an enrolled provider makes it (the primary one: no
 * X-JPlay-Provider), signed over "<timestamp>.<body>"; its JSON answer, once its status is `status`.
 */
export async function providerPost<T>(baseURL: string, providerSecret: string, path: string, body: unknown, status = 200): Promise<T> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", providerSecret).update(`${timestamp}.${raw}`).digest("hex");
  const response = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature },
    body: raw,
  });
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}
