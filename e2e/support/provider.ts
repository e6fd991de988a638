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
