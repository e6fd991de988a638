/**
 * The Turnstile stand-in (src/http/turnstile.ts) answers as Cloudflare's siteverify does, so the product's
 * challenge code is tested against the semantics it meets in production: a token is good once, for 300
 * seconds, only with the site's secret and only for the site it was issued for; a browser may not
 * call siteverify; the widget script is JavaScript a page can load.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { advanceClock } from "./support";

const ORIGIN = "http://127.0.0.1:8787";

async function issue(sitekey = env.TURNSTILE_SITE_KEY, action = "payment-setup") {
  const answer = await exports.default.fetch(
    new Request(`${ORIGIN}/turnstile/v0/challenge`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ sitekey, action }),
    }),
  );
  return { status: answer.status, token: answer.ok ? (await answer.json<{ token: string }>()).token : "" };
}

interface Verdict {
  success: boolean;
  "error-codes": string[];
  hostname?: string;
  action?: string;
  challenge_ts?: string;
}

/** siteverify as a server calls it: form-encoded (or JSON), no browser headers. */
async function siteverify(fields: Record<string, string>, as: "form" | "json" = "form", headers: Record<string, string> = {}) {
  const body = as === "form" ? new URLSearchParams(fields).toString() : JSON.stringify(fields);
  const type = as === "form" ? "application/x-www-form-urlencoded" : "application/json";
  const answer = await exports.default.fetch(
    new Request("https://challenges.cloudflare.com/turnstile/v0/siteverify", { method: "POST", headers: { "Content-Type": type, ...headers }, body }),
  );
  return { status: answer.status, verdict: await answer.json<Verdict>() };
}

describe("the Turnstile stand-in", () => {
  it("serves the widget script as JavaScript defining window.turnstile", async () => {
    const answer = await exports.default.fetch(new Request(`${ORIGIN}/turnstile/v0/api.js?onload=onloadTurnstileCallback&render=explicit`));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const script = await answer.text();
    expect(script).toContain("window.turnstile = {");
    expect(script).toContain("Verify you are human");
    expect(() => new Function(script)).not.toThrow();
  });

  it("a token verifies once, with the site's secret, and tells where and for what it was solved", async () => {
    const { status, token } = await issue();
    expect(status).toBe(200);
    const first = await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token, remoteip: "2001:db8::1" });
    expect(first.status).toBe(200);
    expect(first.verdict).toMatchObject({ success: true, "error-codes": [], hostname: "127.0.0.1", action: "payment-setup" });
    expect(Date.parse(first.verdict.challenge_ts!)).toBeGreaterThan(0);
    // Replayed, as JSON this time: spent.
    expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token }, "json")).verdict).toEqual(
      expect.objectContaining({ success: false, "error-codes": ["timeout-or-duplicate"] }),
    );
  });

  it("two verifications of one token at once: exactly one succeeds", async () => {
    const { token } = await issue();
    const verdicts = await Promise.all(Array.from({ length: 5 }, () => siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token })));
    expect(verdicts.filter(({ verdict }) => verdict.success)).toHaveLength(1);
  });

  it("a wrong or missing secret is refused and does not spend the token", async () => {
    const { token } = await issue();
    expect((await siteverify({ secret: `${env.TURNSTILE_SECRET_KEY}x`, response: token })).verdict).toMatchObject({
      success: false,
      "error-codes": ["invalid-input-secret"],
    });
    expect((await siteverify({ secret: "constructor", response: token })).verdict).toMatchObject({ success: false, "error-codes": ["invalid-input-secret"] });
    expect((await siteverify({ response: token })).verdict).toMatchObject({ success: false, "error-codes": ["missing-input-secret"] });
    expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token })).verdict.success).toBe(true);
  });

  it("a made-up, missing or oversized token is refused", async () => {
    for (const response of ["0.standin.made-up", "__proto__", "x".repeat(2049)]) {
      expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response })).verdict, response.slice(0, 20)).toMatchObject({
        success: false,
        "error-codes": ["invalid-input-response"],
      });
    }
    expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY })).verdict).toMatchObject({ success: false, "error-codes": ["missing-input-response"] });
  });

  it("the widget gets no token for another site's key", async () => {
    expect((await issue("0x-some-other-site")).status).toBe(400);
  });

  it("a token expires 300 seconds after it was issued", async () => {
    const { token: used } = await issue();
    const { token } = await issue();
    await advanceClock(299);
    expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: used })).verdict.success).toBe(true);
    await advanceClock(2);
    expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token })).verdict).toMatchObject({
      success: false,
      "error-codes": ["timeout-or-duplicate"],
    });
  });

  it("a browser may not call siteverify (the secret belongs on a server)", async () => {
    const { token } = await issue();
    const fromPage = await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token }, "form", { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" });
    expect(fromPage.status).toBe(403);
    expect(fromPage.verdict.success).toBe(false);
    expect((await siteverify({ secret: env.TURNSTILE_SECRET_KEY, response: token })).verdict.success).toBe(true);
  });
});
