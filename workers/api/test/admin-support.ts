/** Helpers for the admin tests: an operator's browser, signed in with the test ADMIN_PASSWORD. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { Browser } from "./support";

/** The origin test requests are made to (support.ts Browser): same-origin writes carry it. */
export const SITE_ORIGIN = "http://jplay.test";

/** A same-origin JSON write, as the admin screen sends it. */
export const adminWrite = (browser: Browser, method: "POST" | "DELETE", path: string, body?: unknown, origin = SITE_ORIGIN) =>
  browser.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export async function signedInOperator(): Promise<Browser> {
  const operator = new Browser();
  const response = await adminWrite(operator, "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
  expect(response.status).toBe(200);
  return operator;
}
