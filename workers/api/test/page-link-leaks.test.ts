/**
 * Where an artist page token must never go (docs/decisions/088-leaks-and-cheap-reads.md): Stripe's
 * return and refresh addresses for payout onboarding, whichever way the call named the link, and any
 * log line the Worker writes; a database error is logged by its type and code, never with the
 * query's bound values (drizzle puts them in its message). Isolated: one test renames a table.
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashSecretToken } from "../src/platform/secret-token";
import { Browser, setUpArtist } from "./support";

const LINK_COOKIE = "__Host-jplay_artist_link";

/** Every line the Worker logs while the test runs (console.log, info, warn, error, debug), as written. */
function capturedLogs(): string[] {
  const lines: string[] = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function artistToken(): Promise<string> {
  const { saved } = await setUpArtist(new Browser());
  expect(saved.status).toBe(200);
  return (await saved.json<{ artistPageUrl: string }>()).artistPageUrl.slice("/artist/".length);
}

/** The sandbox's hosted onboarding page at `url`: a form POST finishes it, a GET after that is a used link. */
const onboarding = (url: string, init: RequestInit = {}) => exports.default.fetch(new Request(`http://jplay.test${url}`, { redirect: "manual", ...init }));

describe("an artist page token stays out of Stripe and the logs", () => {
  it("payout setup gives Stripe /artist to return to and /artist?payouts=refresh for a used link, whether the token was in the path or the cookie; no log line holds the token or its hash", async () => {
    const lines = capturedLogs();
    const token = await artistToken();
    const hash = await hashSecretToken(token);

    for (const way of ["token in the path", "link kept in the cookie"] as const) {
      const browser = new Browser();
      let path = `/api/artist/${token}/connect`;
      if (way === "link kept in the cookie") {
        await browser.fetch(`/artist/${token}`, { redirect: "manual", headers: { "Sec-Fetch-Site": "none" } });
        expect(browser.cookie(LINK_COOKIE)).toBe(token);
        path = "/api/artist/link/connect";
      }
      const started = await browser.fetch(path, { method: "POST" });
      expect(started.status, way).toBe(200);
      const { url } = await started.json<{ url: string }>();
      expect(url).not.toContain(token);

      const finished = await onboarding(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card_number: "4000 0566 5566 5556" }).toString(),
      });
      expect(finished.status, way).toBe(303);
      expect(finished.headers.get("Location"), way).toBe("http://jplay.test/artist");
      // The link is used now: Stripe sends the browser to the refresh address.
      const used = await onboarding(url);
      expect(used.status, way).toBe(303);
      expect(used.headers.get("Location"), way).toBe("http://jplay.test/artist?payouts=refresh");
    }

    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(hash);
    }
  });

  it("a database error is logged by its type and code: not the query's bound values, not the message, not the stack", async () => {
    const token = await artistToken();
    const hash = await hashSecretToken(token);
    const browser = new Browser();
    await browser.fetch(`/artist/${token}`, { redirect: "manual", headers: { "Sec-Fetch-Site": "none" } });
    expect((await browser.fetch("/api/artist/link")).status).toBe(200);

    const lines = capturedLogs();
    // The links' table gone for a moment: the lookup by the token's hash fails in D1.
    await env.DB.exec("ALTER TABLE artist_links RENAME TO artist_links_away");
    let failed: Response;
    try {
      failed = await browser.fetch("/api/artist/link");
    } finally {
      await env.DB.exec("ALTER TABLE artist_links_away RENAME TO artist_links");
    }
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: { code: "internal", message: "Something went wrong on our side. Please try again." } });

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === "error");
    expect(logged).toEqual([
      { level: "error", requestId: expect.any(String), path: "/api/artist/[token]", errorType: "DrizzleQueryError", errorCode: "SQLITE_ERROR" },
    ]);
    for (const line of lines) {
      expect(line).not.toContain(hash);
      expect(line).not.toContain(token);
      expect(line).not.toMatch(/Failed query|params|artist_links|select/i);
    }
  });
});
