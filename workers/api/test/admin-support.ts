/** Helpers for the admin tests: an operator's browser, signed in with the test ADMIN_PASSWORD. */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../src/index";
import { ADMIN_COOKIE } from "../src/access/admin-access";
import type { CapturingQueue } from "./song-fixtures";
import { Browser } from "./support";

/** The origin test requests are made to (support.ts Browser): same-origin writes carry it. */
export const SITE_ORIGIN = "http://jplay.test";

/** A same-origin JSON write, as the admin screen sends it. */
export const adminWrite = (browser: Browser, method: "POST" | "PUT" | "DELETE", path: string, body?: unknown, origin = SITE_ORIGIN) =>
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

/**
 * The operator's same-origin JSON POST answered by the Worker with `jobs` capturing what it queues
 * (texts, refunds), so no job runs behind the test's back.
 */
export const adminPostCapturing = (operator: Browser, path: string, body: unknown, jobs: CapturingQueue) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, Cookie: `${ADMIN_COOKIE}=${operator.cookie(ADMIN_COOKIE)}` },
      body: JSON.stringify(body),
    }),
    { ...env, JOBS: jobs.asQueue() },
    createExecutionContext(),
  );
