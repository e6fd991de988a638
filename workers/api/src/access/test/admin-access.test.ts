/**
 * Admin access fails closed (docs/architecture.md, Fails closed): no credentials, a wrong password, a forged or
 * expired cookie, an Access JWT with the wrong audience, expired or signed by an unknown key, or no
 * configuration at all → refused; the right password or a valid Access JWT → let in. Changes from
 * another site's page are refused even with the operator's cookie.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { AdminSessionResponse } from "@jplay/schema/admin";
import worker from "../../index";
import { SIGN_IN_FAILURES_OVERALL_PER_HOUR, SIGN_IN_FAILURES_PER_ADDRESS } from "../admin-sign-in-guard";
import { hashSecretToken } from "../../platform/secret-token";
import { adminWrite, signedInOperator, SITE_ORIGIN } from "../../../test/admin-support";
import { Browser } from "../../../test/support";
import { addressKey } from "../../platform/client-address";

const PROTECTED = ["/api/admin/payments", "/api/admin/failed-jobs", "/api/admin/artists/some-artist", "/api/admin/payments/retry/some-batch"];

/** The test D1, every statement answered `delayMs` later (a busy database, far away). */
function slowD1(delayMs: number): D1Database {
  const later = <T>(work: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => void work().then(resolve, reject), delayMs));
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        if (property === "run" || property === "all" || property === "first" || property === "raw")
          return (...args: unknown[]) => later(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return value.bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => later(() => target.batch(statements.map((statement) => real.get(statement) ?? statement)));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const errorOf = async (response: Response) => (await response.json<{ error: { code: string; message: string } }>()).error;

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

  it("refuses a cookie whose signed value was edited, and one whose session has expired", async () => {
    const signIn = await adminWrite(new Browser(), "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
    const genuine = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const [token, signature] = decodeURIComponent(genuine.slice("jplay_admin=".length)).split(/\.(?=[^.]+$)/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const otherToken = `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`;
    const forged = `jplay_admin=${encodeURIComponent(`${otherToken}.${signature}`)}`;
    const withCookie = (cookie: string) =>
      worker.fetch(new Request(`${SITE_ORIGIN}/api/admin/failed-jobs`, { headers: { Cookie: cookie } }), env, createExecutionContext());
    expect((await withCookie(genuine)).status).toBe(200);
    expect((await withCookie(forged)).status).toBe(401);
    // The session's 8 hours are over (kept on the server, not in the cookie).
    await env.DB.prepare("UPDATE admin_sessions SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1, await hashSecretToken(token!))
      .run();
    expect((await withCookie(genuine)).status).toBe(401);
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

describe("admin sessions end on the server, and guesses are counted before they are compared", () => {
  it("signing out ends the session on the server: a copy of the cookie stops working too", async () => {
    const operator = await signedInOperator();
    const copy = new Browser();
    copy.setCookie("jplay_admin", operator.cookie("jplay_admin")!);
    expect((await copy.fetch("/api/admin/failed-jobs")).status).toBe(200);

    expect((await adminWrite(operator, "DELETE", "/api/admin/session")).status).toBe(200);
    expect((await operator.fetch("/api/admin/failed-jobs")).status).toBe(401);
    expect((await copy.fetch("/api/admin/failed-jobs")).status).toBe(401);
    expect(await (await copy.fetch("/api/admin/session")).json()).toEqual({ signedIn: false, method: "password" });
  });

  it(`gives ${SIGN_IN_FAILURES_PER_ADDRESS} tries, no more, to 20 guesses sent at once from one address`, async () => {
    const guesser = new Browser("203.0.113.90");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adminWrite(guesser, "POST", "/api/admin/session", { password: `parallel-guess-${i}-xxxx` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FAILURES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - SIGN_IN_FAILURES_PER_ADDRESS);
    // Only the 5 that were counted had their password compared (tries are kept under the address's key).
    expect(await env.DB.prepare("SELECT count(*) AS n FROM admin_sign_in_attempts WHERE address = ?").bind(addressKey(guesser.address)).first()).toEqual({
      n: SIGN_IN_FAILURES_PER_ADDRESS,
    });
  });

  it("gives the last free try to one request of a parallel burst, however slow the database: the right password in it gets in only if it took that try", async () => {
    const address = "203.0.113.93";
    const signIn = (password: string, target: Env = env) =>
      worker.fetch(
        new Request(`${SITE_ORIGIN}/api/admin/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": address },
          body: JSON.stringify({ password }),
        }),
        target,
        createExecutionContext(),
      );
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS - 1; i++) expect((await signIn(`one-by-one-${i}-xxxx`)).status).toBe(401);
    // One try left; nine guesses and the right password arrive together, each database call taking
    // 30 ms, so every request is between its check and its count while the others are too.
    const slow = { ...env, DB: slowD1(30) } as Env;
    const burst = await Promise.all([...Array.from({ length: 9 }, (_, i) => signIn(`burst-guess-${i}-xxxx`, slow)), signIn(env.ADMIN_PASSWORD!, slow)]);
    const answered = burst.map((response) => response.status).filter((status) => status !== 429);
    expect(answered).toHaveLength(1);
    expect([[401], [200]]).toContainEqual(answered);
  });

  it("tells a locked-out operator when to try again, in Retry-After and in words", async () => {
    const guesser = new Browser("203.0.113.91");
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) await adminWrite(guesser, "POST", "/api/admin/session", { password: `guess-${i}-xxxxxxxx` });
    const blocked = await adminWrite(guesser, "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const until = new Date(Date.now() + retryAfter * 1000).toISOString().slice(11, 16);
    const { message } = await errorOf(blocked);
    expect(message).toMatch(/^Too many wrong passwords\. You can try again at \d\d:\d\d UTC \(in 1[45] minutes\)\.$/);
    // The time said is the time Retry-After gives (to the minute).
    expect([until, new Date(Date.now() + retryAfter * 1000 - 60_000).toISOString().slice(11, 16)]).toContain(/at (\d\d:\d\d) UTC/.exec(message)![1]);
  });

  it(`locks everyone out after ${SIGN_IN_FAILURES_OVERALL_PER_HOUR} wrong passwords in an hour from any addresses, even guesses sent at once`, async () => {
    await env.DB.prepare("DELETE FROM admin_sign_in_attempts").run();
    onTestFinished(async () => {
      await env.DB.prepare("DELETE FROM admin_sign_in_attempts").run();
    });
    const guesses = await Promise.all(
      Array.from({ length: SIGN_IN_FAILURES_OVERALL_PER_HOUR + 15 }, (_, i) =>
        adminWrite(new Browser(`192.0.2.${i + 1}`), "POST", "/api/admin/session", { password: `distributed-guess-${i}-xxxx` }),
      ),
    );
    expect(guesses.filter((answer) => answer.status === 401)).toHaveLength(SIGN_IN_FAILURES_OVERALL_PER_HOUR);
    expect(guesses.filter((answer) => answer.status === 429)).toHaveLength(15);
    // A new address with the right password waits too, and is told until when.
    const operator = await adminWrite(new Browser("192.0.2.200"), "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD });
    expect(operator.status).toBe(429);
    expect(Number(operator.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect((await errorOf(operator)).message).toMatch(/You can try again at \d\d:\d\d UTC \(in (59|60) minutes\)/);
  });

  it("a right password gives its try back: signing in often never locks the operator out", async () => {
    const operator = new Browser("203.0.113.92");
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS + 3; i++) {
      expect((await adminWrite(operator, "POST", "/api/admin/session", { password: env.ADMIN_PASSWORD })).status).toBe(200);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM admin_sign_in_attempts WHERE address = ?").bind(operator.address).first()).toEqual({ n: 0 });
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

  it("takes the team domain only as Cloudflare's, over https; any other is closed, and the password does not take over", async () => {
    const { team, accessConfigured } = await accessEnv();
    const jwt = await token(team);
    for (const domain of ["jplay-test.cloudflareaccess.com", "https://jplay-test.cloudflareaccess.com/", " https://JPLAY-TEST.cloudflareaccess.com "]) {
      const response = await call("/api/admin/failed-jobs", { ...accessConfigured, ACCESS_TEAM_DOMAIN: domain }, { "Cf-Access-Jwt-Assertion": jwt });
      expect(response.status, domain).toBe(200);
    }
    const refused = [
      "http://jplay-test.cloudflareaccess.com",
      "https://jplay-test.cloudflareaccess.com.evil.example",
      "https://evil.example/jplay-test.cloudflareaccess.com",
      "https://jplay-test.cloudflareaccess.com:8443",
      "https://user@jplay-test.cloudflareaccess.com",
      "ftp://jplay-test.cloudflareaccess.com",
      "https://cloudflareaccess.com",
    ];
    for (const domain of refused) {
      const environment = { ...accessConfigured, ACCESS_TEAM_DOMAIN: domain } as Env;
      // A token naming that domain as its issuer, as keys fetched from it (over http, or from another host) could sign.
      const claimed = await token(team, { iss: domain });
      const response = await call("/api/admin/failed-jobs", environment, { "Cf-Access-Jwt-Assertion": claimed });
      expect(response.status, domain).toBe(401);
      const signIn = await call(
        "/api/admin/session",
        environment,
        { "Content-Type": "application/json", Origin: SITE_ORIGIN },
        { method: "POST", body: JSON.stringify({ password: env.ADMIN_PASSWORD }) },
      );
      expect(signIn.status, domain).not.toBe(200);
      expect(signIn.headers.getSetCookie(), domain).toEqual([]);
    }
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

  it("fetches the team's certs over HTTP, keeps them, fetches them again for a rotated key, and refuses an unknown key id without hammering the certs URL", async () => {
    // A team of its own, so no key set cached by another test is used, and a certs server standing in
    // for Cloudflare's: it answers what the team publishes now and records every fetch.
    const team = `https://jwks-${crypto.randomUUID().slice(0, 8)}.cloudflareaccess.com`;
    const first = await keyPair("team-key-1");
    const rotated = await keyPair("team-key-2");
    let published = [first.jwk];
    const fetched: string[] = [];
    const certs = {
      fetch: async (input: RequestInfo | URL) => {
        fetched.push(String(input instanceof Request ? input.url : input));
        return Response.json({ keys: published });
      },
    } as unknown as Fetcher;
    const remote = { ...env, ACCESS_TEAM_DOMAIN: team, ACCESS_AUD: AUD, ACCESS_JWKS: undefined, ACCESS_CERTS: certs } as Env;
    const signedBy = (key: { kid: string; privateKey: CryptoKey }) => token(key, { iss: team });
    const status = async (jwt: string) => (await call("/api/admin/failed-jobs", remote, { "Cf-Access-Jwt-Assertion": jwt })).status;

    expect(await status(await signedBy(first))).toBe(200);
    expect(await status(await signedBy(first))).toBe(200);
    expect(fetched).toEqual([`${team}/cdn-cgi/access/certs`]);

    // Cloudflare rotates: the new key is published beside the old. Within jose's 30-second cooldown a
    // token naming it is refused without a fetch; after it, the key set is fetched again and it is let in.
    published = [first.jwk, rotated.jwk];
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    expect(await status(await signedBy(rotated))).toBe(401);
    expect(fetched).toHaveLength(1);
    vi.setSystemTime(Date.now() + 31_000);
    expect(await status(await signedBy(rotated))).toBe(200);
    expect(await status(await signedBy(first))).toBe(200);
    expect(fetched).toHaveLength(2);

    // A key id the team never published: one fetch after the cooldown, refused; made-up ids right after fetch nothing.
    const stranger = await keyPair("not-the-teams");
    vi.setSystemTime(Date.now() + 31_000);
    expect(await status(await signedBy(stranger))).toBe(401);
    expect(fetched).toHaveLength(3);
    for (const kid of ["made-up-1", "made-up-2", "made-up-3"]) expect(await status(await signedBy({ ...stranger, kid }))).toBe(401);
    expect(fetched).toHaveLength(3);
    expect(new Set(fetched)).toEqual(new Set([`${team}/cdn-cgi/access/certs`]));
  });
});

describe("admin with nothing configured", () => {
  /** At the deployment's public origin when it has one (production serves nowhere else). */
  const call = (path: string, environment: Env, init: RequestInit = {}) =>
    worker.fetch(new Request(`${environment.APP_ORIGIN ?? SITE_ORIGIN}${path}`, init), environment, createExecutionContext());

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
    // Served at its public origin (the address these calls use), as production must be.
    const production = { ...env, APP_ENV: "production", APP_ORIGIN: SITE_ORIGIN.replace("http:", "https:") } as unknown as Env;
    const short = { ...env, ADMIN_PASSWORD: "short" } as Env;
    for (const environment of [production, short]) {
      expect(await (await call("/api/admin/session", environment)).json()).toEqual({ signedIn: false, method: null });
      const signIn = await call("/api/admin/session", environment, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: environment.APP_ORIGIN ?? SITE_ORIGIN },
        body: JSON.stringify({ password: environment.ADMIN_PASSWORD }),
      });
      expect(signIn.status).toBe(401);
    }
  });
});
