/**
 * Admin access fails closed (ARCHITECTURE decision 8): no credentials, a wrong password, a forged or
 * expired cookie, an Access JWT with the wrong audience, expired or signed by an unknown key, or no
 * configuration at all → refused; the right password or a valid Access JWT → let in. Changes from
 * another site's page are refused even with the operator's cookie.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import type { AdminSessionResponse } from "@jplay/schema/admin";
import worker from "../src/index";
import { SIGN_IN_FAILURES_PER_ADDRESS } from "../src/routes/admin";
import { adminWrite, signedInOperator, SITE_ORIGIN } from "./admin-support";
import { Browser } from "./support";

const PROTECTED = ["/api/admin/payments", "/api/admin/failed-jobs", "/api/admin/artists/some-artist", "/api/admin/payments/retry/some-batch"];

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe("admin sign-in with the local password", () => {
  it("refuses every admin call from a browser that has not signed in, and says how to sign in", async () => {
    const visitor = new Browser();
    for (const path of PROTECTED) {
      const response = await visitor.fetch(path);
      expect(response.status, path).toBe(401);
    }
    const retry = await adminWrite(visitor, "POST", "/api/admin/payments/retry", { payments: [] });
    expect(retry.status).toBe(401);
    const session = await visitor.fetch("/api/admin/session");
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ signedIn: false, method: "password" } satisfies AdminSessionResponse);
  });

  it("refuses a wrong password with 'Wrong password' and sets no cookie", async () => {
    const visitor = new Browser();
    const response = await adminWrite(visitor, "POST", "/api/admin/session", { password: "not-the-password-at-all" });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe("Wrong password");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await visitor.fetch("/api/admin/failed-jobs")).status).toBe(401);
    const empty = await adminWrite(visitor, "POST", "/api/admin/session", { password: "" });
    expect(empty.status).toBe(400);
  });

  it("signs in with the right password: a short-lived, HttpOnly, SameSite=Strict cookie for the admin API only", async () => {
    const operator = new Browser();
    const response = await adminWrite(operator, "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true, method: "password" });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^jplay_admin=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/admin/);
    expect(cookie).toMatch(/; Max-Age=28800/);

    expect(await (await operator.fetch("/api/admin/session")).json()).toEqual({ signedIn: true, method: "password" });
    const jobs = await operator.fetch("/api/admin/failed-jobs");
    expect(jobs.status).toBe(200);
    expect(await jobs.json()).toMatchObject({ failedJobs: expect.any(Array) });

    const signOut = await adminWrite(operator, "DELETE", "/api/admin/session");
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ signedIn: false, method: "password" });
    expect((await operator.fetch("/api/admin/failed-jobs")).status).toBe(401);
  });

  it("refuses a cookie whose signed expiry was edited", async () => {
    const signIn = await adminWrite(new Browser(), "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
    const genuine = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const [payload, signature] = decodeURIComponent(genuine.slice("jplay_admin=".length)).split(/\.(?=[^.]+$)/);
    expect(payload).toMatch(/^operator\.\d+$/);
    const forged = `jplay_admin=${encodeURIComponent(`operator.${Date.now() + 10 * 365 * 86_400_000}.${signature}`)}`;
    const withCookie = (cookie: string) =>
      worker.fetch(new Request(`${SITE_ORIGIN}/api/admin/failed-jobs`, { headers: { Cookie: cookie } }), env, createExecutionContext());
    expect((await withCookie(genuine)).status).toBe(200);
    expect((await withCookie(forged)).status).toBe(401);
  });

  it("refuses sign-in, sign-out and retries sent from another site's page (Origin check), even with the cookie", async () => {
    const operator = await signedInOperator();
    const elsewhere = "https://evil.example";
    const signIn = await adminWrite(new Browser(), "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD }, elsewhere);
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    const retry = await adminWrite(operator, "POST", "/api/admin/payments/retry", { payments: [] }, elsewhere);
    expect(retry.status).toBe(403);
    const signOut = await adminWrite(operator, "DELETE", "/api/admin/session", undefined, elsewhere);
    expect(signOut.status).toBe(403);
    const noOrigin = await operator.fetch("/api/admin/session", { method: "DELETE" });
    expect(noOrigin.status).toBe(403);
    // Still signed in: none of those reached the handler.
    expect((await operator.fetch("/api/admin/failed-jobs")).status).toBe(200);
  });

  it(`waits after ${SIGN_IN_FAILURES_PER_ADDRESS} wrong passwords from one address, even for the right one`, async () => {
    const guesser = new Browser("203.0.113.77");
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) {
      const response = await adminWrite(guesser, "POST", "/api/admin/session", { password: `guess-number-${i}-xxxx` });
      expect(response.status).toBe(401);
    }
    const blocked = await adminWrite(guesser, "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // Another address is unaffected.
    expect((await adminWrite(new Browser("203.0.113.78"), "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD })).status).toBe(200);
  });
});

describe("admin behind Cloudflare Access", () => {
  const TEAM = "https://jplay-test.cloudflareaccess.com";
  const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";

  async function keyPair(kid: string) {
    const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
    return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
  }

  const token = (key: { kid: string; privateKey: CryptoKey }, claims: { aud?: string; iss?: string; exp?: number | string } = {}) =>
    new SignJWT({ email: "operator@jplay.example", type: "app" })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .setIssuer(claims.iss ?? TEAM)
      .setAudience(claims.aud ?? AUD)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? "1h")
      .sign(key.privateKey);

  async function accessEnv() {
    const team = await keyPair("team-key-1");
    // The password stays configured: with Access configured it must not work any more.
    const accessConfigured = { ...env, ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ACCESS_JWKS: JSON.stringify({ keys: [team.jwk] }) } as Env;
    return { team, accessConfigured };
  }

  const call = (path: string, environment: Env, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    worker.fetch(new Request(`${SITE_ORIGIN}${path}`, { ...init, headers }), environment, createExecutionContext());

  it("lets in a request whose Access JWT the team signed for this application", async () => {
    const { team, accessConfigured } = await accessEnv();
    const jwt = await token(team);
    const jobs = await call("/api/admin/failed-jobs", accessConfigured, { "Cf-Access-Jwt-Assertion": jwt });
    expect(jobs.status).toBe(200);
    const session = await call("/api/admin/session", accessConfigured, { "Cf-Access-Jwt-Assertion": jwt });
    expect(await session.json()).toEqual({ signedIn: true, method: "access" });
  });

  it("refuses a missing JWT, a wrong audience, a wrong issuer, an expired one and one signed by an unknown key", async () => {
    const { team, accessConfigured } = await accessEnv();
    const stranger = await keyPair("stranger-key");
    const impostor = await keyPair("team-key-1"); // same key id, different key
    const refused = {
      none: undefined,
      wrongAudience: await token(team, { aud: "some-other-application" }),
      wrongIssuer: await token(team, { iss: "https://elsewhere.cloudflareaccess.com" }),
      expired: await token(team, { exp: Math.floor(Date.now() / 1000) - 60 }),
      unknownKey: await token(stranger),
      sameKidOtherKey: await token(impostor),
      garbage: "not.a.jwt",
    };
    for (const [name, jwt] of Object.entries(refused)) {
      const response = await call("/api/admin/failed-jobs", accessConfigured, jwt ? { "Cf-Access-Jwt-Assertion": jwt } : {});
      expect(response.status, name).toBe(401);
    }
    const session = await call("/api/admin/session", accessConfigured);
    expect(await session.json()).toEqual({ signedIn: false, method: "access" });
  });

  it("does not accept the local password once Access is configured", async () => {
    const { accessConfigured } = await accessEnv();
    const signIn = await call(
      "/api/admin/session",
      accessConfigured,
      { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      { method: "POST", body: JSON.stringify({ password: env.ADMIN_PASSWORD }) },
    );
    expect(signIn.status).toBe(400);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });
});

describe("admin with nothing configured", () => {
  const call = (path: string, environment: Env, init: RequestInit = {}) =>
    worker.fetch(new Request(`${SITE_ORIGIN}${path}`, init), environment, createExecutionContext());

  it("is closed, not open: every call is refused and sign-in is impossible", async () => {
    const closed = { ...env, ADMIN_PASSWORD: undefined, ACCESS_TEAM_DOMAIN: undefined, ACCESS_AUD: undefined } as Env;
    for (const path of PROTECTED) expect((await call(path, closed)).status, path).toBe(401);
    expect(await (await call("/api/admin/session", closed)).json()).toEqual({ signedIn: false, method: null });
    const signIn = await call("/api/admin/session", closed, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      body: JSON.stringify({ password: env.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(401);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a cookie made under the password once the password is removed", async () => {
    const operator = await signedInOperator();
    const closed = { ...env, ADMIN_PASSWORD: undefined } as Env;
    const cookie = (await adminWrite(new Browser(), "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD })).headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await call("/api/admin/failed-jobs", closed, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await operator.fetch("/api/admin/failed-jobs")).status).toBe(200);
  });

  it("never takes the local password in production, nor a too-short one", async () => {
    const production = { ...env, APP_ENV: "production" } as unknown as Env;
    const short = { ...env, ADMIN_PASSWORD: "short" } as Env;
    for (const environment of [production, short]) {
      expect(await (await call("/api/admin/session", environment)).json()).toEqual({ signedIn: false, method: null });
      const signIn = await call("/api/admin/session", environment, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
        body: JSON.stringify({ password: environment.ADMIN_PASSWORD }),
      });
      expect(signIn.status).toBe(401);
    }
  });
});
