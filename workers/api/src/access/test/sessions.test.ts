/**
 * Artist sessions with a server-side record, and artist page links that expire
 * (docs/decisions/019-sessions-server-side.md), through the Worker's fetch handler: the
 * `__Host-` cookie, a D1 row per browser with absolute and idle expiry, a new session when a card is
 * saved (the old token ended, the artist's other browsers untouched), sessions ended by the artist
 * from their page or by an operator; links renewed by each visit, expired after ARTIST_LINK_TTL_DAYS
 * without one, and revoked by the artist, who gets a fresh link.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { serializeSigned } from "hono/utils/cookie";
import { describe, expect, it } from "vitest";
import type { AdminArtistDetails } from "@jplay/schema/admin";
import type { ArtistPageResponse, RevokeArtistLinksResponse } from "@jplay/schema/artist";
import worker from "../../index";
import { DELIVERY_CRON } from "../../worker/crons";
import { ARTIST_SESSION_COOKIE } from "../artist-session";
import { startArtistSession } from "../artist-sessions";
import { adminWrite, signedInOperator, SITE_ORIGIN } from "../../../test/admin-support";
import { Browser, mp3Bytes, setUpArtist, testContext } from "../../../test/support";

const DAY = 24 * 60 * 60 * 1000;
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

interface SessionRow {
  id: string;
  artist_id: string | null;
  stripe_customer_id: string;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ended_at: number | null;
  ended_reason: string | null;
}
const sessionsOfCustomer = async (customerId: string) =>
  (await env.DB.prepare("SELECT * FROM artist_sessions WHERE stripe_customer_id = ? ORDER BY created_at, rowid").bind(customerId).all<SessionRow>()).results;

/** An artist who saved a card in `browser`; answers their ids and page token. */
async function artistIn(browser = new Browser(), userAgent = CHROME_ANDROID) {
  browser.userAgent = userAgent;
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
  const artist = await env.DB.prepare("SELECT id FROM artists WHERE stripe_customer_id = ?").bind(setup.customerId).first<{ id: string }>();
  return { browser, customerId: setup.customerId, artistId: artist!.id, token: artistPageUrl.slice("/artist/".length) };
}

/** What an artist session lets a browser do: upload a song (201), or not (401). */
async function uploadStatus(browser: Browser) {
  const form = new FormData();
  form.set("artistName", "Session Artist");
  form.set("songTitle", "Session Song");
  form.set("explicit", "no");
  form.set("price", "1.99");
  form.set("songFile", new Blob([mp3Bytes()]), "song.mp3");
  return (await browser.fetch("/api/distribute", { method: "POST", body: form })).status;
}

const page = async (token: string, browser = new Browser()) => {
  const response = await browser.fetch(`/api/artist/${token}`);
  expect(response.status).toBe(200);
  return await response.json<ArtistPageResponse>();
};

describe("artist sessions", () => {
  it("live in a __Host- cookie: Secure, HttpOnly, SameSite=Lax, Path=/, 30 days, and a D1 row with the browser", async () => {
    const browser = new Browser();
    browser.userAgent = FIREFOX_WINDOWS;
    const first = await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" });
    expect(first.status).toBe(200);
    const { customerId } = await first.json<{ customerId: string }>();
    const [cookie] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-jplay_session=[^;]+/);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);

    const [row] = await sessionsOfCustomer(customerId);
    expect(row).toMatchObject({ artist_id: null, user_agent: FIREFOX_WINDOWS, ended_at: null });
    expect(row!.expires_at - row!.created_at).toBe(30 * DAY);
    // Only a hash of the token is stored.
    const token = decodeURIComponent(cookie!.split(";")[0]!.split("=").slice(1).join("=")).split(".")[0]!;
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM artist_sessions WHERE id = ?").bind(row!.id).first())).not.toContain(token);
  });

  it("saving a card replaces the browser's session: a copy of the earlier cookie cannot act as the artist", async () => {
    const browser = new Browser();
    await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" });
    // Someone copies the cookie before the card is saved.
    const copy = new Browser();
    copy.setCookie(ARTIST_SESSION_COOKIE, browser.cookie(ARTIST_SESSION_COOKIE)!);

    const { setup, saved } = await setUpArtist(browser);
    expect(saved.status).toBe(200);
    expect(saved.headers.getSetCookie().some((c) => c.startsWith(`${ARTIST_SESSION_COOKIE}=`))).toBe(true);
    const rows = await sessionsOfCustomer(setup.customerId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ artist_id: null, ended_reason: "rotated", ended_at: expect.any(Number) });
    expect(rows[1]).toMatchObject({ artist_id: expect.any(String), ended_at: null });

    expect(await uploadStatus(browser)).toBe(201);
    expect(await uploadStatus(copy)).toBe(401);
    expect((await copy.postJson("/api/create-payment-intent", { amount: 9900 })).status).toBe(401);
  });

  it("ends after 7 days without use and 30 days after it started, however much it is used", async () => {
    const idle = await artistIn();
    expect(await uploadStatus(idle.browser)).toBe(201);
    await env.DB.prepare("UPDATE artist_sessions SET last_seen_at = ? WHERE artist_id = ?")
      .bind(Date.now() - 7 * DAY - 60_000, idle.artistId)
      .run();
    expect(await uploadStatus(idle.browser)).toBe(401);

    const old = await artistIn();
    // Used every day, but started 30 days ago.
    await env.DB.prepare("UPDATE artist_sessions SET created_at = ?, expires_at = ?, last_seen_at = ? WHERE artist_id = ?")
      .bind(Date.now() - 30 * DAY, Date.now() - 1000, Date.now() - DAY, old.artistId)
      .run();
    expect(await uploadStatus(old.browser)).toBe(401);

    // A used session stays alive: last seen moves on with each use.
    const busy = await artistIn();
    await env.DB.prepare("UPDATE artist_sessions SET last_seen_at = ? WHERE artist_id = ?")
      .bind(Date.now() - 6 * DAY, busy.artistId)
      .run();
    expect(await uploadStatus(busy.browser)).toBe(201);
    const [row] = (
      await env.DB.prepare("SELECT last_seen_at FROM artist_sessions WHERE artist_id = ? AND ended_at IS NULL")
        .bind(busy.artistId)
        .all<{ last_seen_at: number }>()
    ).results;
    expect(Date.now() - row!.last_seen_at).toBeLessThan(60_000);
  });

  it("writes its last use at most every five minutes: uses in between leave the row as it was", async () => {
    const artist = await artistIn();
    const lastSeen = async () =>
      (await env.DB.prepare("SELECT last_seen_at FROM artist_sessions WHERE artist_id = ? AND ended_at IS NULL")
        .bind(artist.artistId)
        .first<{ last_seen_at: number }>())!.last_seen_at;
    const minuteAgo = Date.now() - 60_000;
    await env.DB.prepare("UPDATE artist_sessions SET last_seen_at = ? WHERE artist_id = ?").bind(minuteAgo, artist.artistId).run();
    const signedIn = async () => (await (await artist.browser.fetch("/api/me")).json<{ artist: unknown }>()).artist !== null;
    for (let use = 0; use < 5; use++) expect(await signedIn()).toBe(true);
    expect(await lastSeen()).toBe(minuteAgo);
    // Six minutes on, the next use is written.
    await env.DB.prepare("UPDATE artist_sessions SET last_seen_at = ? WHERE artist_id = ?")
      .bind(Date.now() - 6 * 60_000, artist.artistId)
      .run();
    expect(await signedIn()).toBe(true);
    expect(Date.now() - (await lastSeen())).toBeLessThan(60_000);
  });

  it("saving a card in another browser ends neither browser's session silently: the artist page lists both", async () => {
    const artist = await artistIn(new Browser(), CHROME_ANDROID);
    // A second browser of the same artist (one they used before holds such a session).
    const laptop = new Browser();
    laptop.userAgent = FIREFOX_WINDOWS;
    const { token } = await startArtistSession(testContext(), { stripeCustomerId: artist.customerId, artistId: artist.artistId, userAgent: FIREFOX_WINDOWS });
    const signed = await serializeSigned("x", token, env.SESSION_SECRET!);
    laptop.setCookie(ARTIST_SESSION_COOKIE, signed.slice("x=".length).split(";")[0]!);
    expect(await uploadStatus(laptop)).toBe(201);

    // The laptop saves a new card: its own session is replaced, the phone's is left alone.
    const { saved } = await setUpArtist(laptop);
    expect(saved.status).toBe(200);
    expect(await uploadStatus(artist.browser)).toBe(201);
    expect(await uploadStatus(laptop)).toBe(201);

    const listed = await page(artist.token, artist.browser);
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), createdAt: expect.any(String), lastSeenAt: expect.any(String), browser: "Chrome 131 on Android", current: true },
        { id: expect.any(String), createdAt: expect.any(String), lastSeenAt: expect.any(String), browser: "Firefox 133 on Windows", current: false },
      ]),
    );
  });

  it("the artist ends a session from their page: that browser is signed out; another artist's session is not found", async () => {
    const artist = await artistIn(new Browser(), CHROME_ANDROID);
    const other = await artistIn(new Browser(), FIREFOX_WINDOWS);
    const [mine] = (await page(artist.token)).sessions;
    const [theirs] = (await page(other.token)).sessions;

    const foreign = await artist.browser.postJson(`/api/artist/${artist.token}/sessions/${theirs!.id}/end`, {});
    expect(foreign.status).toBe(404);
    expect(await uploadStatus(other.browser)).toBe(201);

    // Ended from another device (the page opened elsewhere): the phone is signed out.
    const ended = await new Browser().postJson(`/api/artist/${artist.token}/sessions/${mine!.id}/end`, {});
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: true });
    expect(await uploadStatus(artist.browser)).toBe(401);
    expect((await page(artist.token)).sessions).toEqual([]);
    expect((await new Browser().postJson(`/api/artist/${artist.token}/sessions/${mine!.id}/end`, {})).status).toBe(404);
    expect(await env.DB.prepare("SELECT ended_reason FROM artist_sessions WHERE id = ?").bind(mine!.id).first()).toEqual({ ended_reason: "ended_by_artist" });
  });

  it("ending this browser's own session also removes its cookie", async () => {
    const artist = await artistIn();
    const [mine] = (await page(artist.token, artist.browser)).sessions;
    expect(mine!.current).toBe(true);
    const ended = await artist.browser.postJson(`/api/artist/${artist.token}/sessions/${mine!.id}/end`, {});
    expect(ended.status).toBe(200);
    expect(ended.headers.getSetCookie()).toEqual([expect.stringMatching(/^__Host-jplay_session=; Max-Age=0;.*Secure/)]);
    expect(artist.browser.cookie(ARTIST_SESSION_COOKIE)).toBeUndefined();
  });

  it("an operator ends every session of an artist; the artist details list them until then", async () => {
    const artist = await artistIn();
    const operator = await signedInOperator();
    const before = await (await operator.fetch(`/api/admin/artists/${artist.artistId}`)).json<AdminArtistDetails>();
    expect(before.sessions).toEqual([
      { id: expect.any(String), createdAt: expect.any(String), lastSeenAt: expect.any(String), browser: "Chrome 131 on Android" },
    ]);

    const refused = await adminWrite(new Browser(), "POST", `/api/admin/artists/${artist.artistId}/end-sessions`);
    expect(refused.status).toBe(401);
    expect(await uploadStatus(artist.browser)).toBe(201);

    const ended = await adminWrite(operator, "POST", `/api/admin/artists/${artist.artistId}/end-sessions`);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 1 });
    expect(await uploadStatus(artist.browser)).toBe(401);
    expect((await (await operator.fetch(`/api/admin/artists/${artist.artistId}`)).json<AdminArtistDetails>()).sessions).toEqual([]);
    expect((await adminWrite(operator, "POST", "/api/admin/artists/no-such-artist/end-sessions")).status).toBe(404);
  });

  it("a session cookie that is garbled, unsigned or signed with another secret is no session", async () => {
    const artist = await artistIn();
    const genuine = artist.browser.cookie(ARTIST_SESSION_COOKIE)!;
    const [value] = decodeURIComponent(genuine).split(/\.(?=[^.]+$)/);
    const forgedSignature = (await serializeSigned("x", value!, "some-other-secret-0123456789")).slice(2).split(";")[0]!;
    for (const cookie of [value!, encodeURIComponent(`${value}.AAAA`), forgedSignature, "", "%", encodeURIComponent("cus_123.abc")]) {
      const stranger = new Browser();
      stranger.setCookie(ARTIST_SESSION_COOKIE, cookie);
      expect(await uploadStatus(stranger), cookie).toBe(401);
    }
    // The old name, holding a customer id, means nothing now.
    const oldStyle = new Browser();
    oldStyle.setCookie("jplay_session", encodeURIComponent(artist.customerId));
    expect(await uploadStatus(oldStyle)).toBe(401);
  });
});

describe("artist page links", () => {
  const setLinkTimes = (artistId: string, times: { created?: number; renewed?: number | null }) =>
    env.DB.prepare("UPDATE artist_links SET created_at = coalesce(?, created_at), renewed_at = ? WHERE artist_id = ?")
      .bind(times.created ?? null, times.renewed ?? null, artistId)
      .run();

  it("expire 90 days after their last visit; each visit renews them, and the page says until when", async () => {
    const artist = await artistIn();
    // Issued 89 days ago, never visited: still good, and this visit renews it.
    await setLinkTimes(artist.artistId, { created: Date.now() - 89 * DAY, renewed: null });
    const visited = await page(artist.token);
    expect(Date.parse(visited.link.expiresAt) - Date.now()).toBeGreaterThan(90 * DAY - 60_000);
    // Visited 89 days ago (issued long before): still good.
    await setLinkTimes(artist.artistId, { created: Date.now() - 400 * DAY, renewed: Date.now() - 89 * DAY });
    expect((await new Browser().fetch(`/api/artist/${artist.token}`)).status).toBe(200);
    // 91 days without a visit: gone, for the page and for payouts setup alike.
    await setLinkTimes(artist.artistId, { created: Date.now() - 400 * DAY, renewed: Date.now() - 91 * DAY });
    const expired = await new Browser().fetch(`/api/artist/${artist.token}`);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ error: { code: "not_found", message: "Link not found" } });
    expect((await new Browser().postJson(`/api/artist/${artist.token}/connect`, {})).status).toBe(404);
  });

  it("write a visit's renewal at most every five minutes; the page's expiry counts from the renewal written", async () => {
    const artist = await artistIn();
    const renewedAt = async () =>
      (await env.DB.prepare("SELECT renewed_at FROM artist_links WHERE artist_id = ?").bind(artist.artistId).first<{ renewed_at: number }>())!.renewed_at;
    const minuteAgo = Date.now() - 60_000;
    await setLinkTimes(artist.artistId, { renewed: minuteAgo });
    for (let visit = 0; visit < 3; visit++) {
      const { link } = await page(artist.token);
      expect(Date.parse(link.expiresAt)).toBe(minuteAgo + 90 * DAY);
    }
    expect(await renewedAt()).toBe(minuteAgo);
    await setLinkTimes(artist.artistId, { renewed: Date.now() - 6 * 60_000 });
    await page(artist.token);
    expect(Date.now() - (await renewedAt())).toBeLessThan(60_000);
  });

  it("follow ARTIST_LINK_TTL_DAYS", async () => {
    const artist = await artistIn();
    await setLinkTimes(artist.artistId, { created: Date.now() - 2 * DAY, renewed: null });
    const call = (ttl: string | undefined) =>
      worker.fetch(new Request(`${SITE_ORIGIN}/api/artist/${artist.token}`), { ...env, ARTIST_LINK_TTL_DAYS: ttl }, createExecutionContext());
    expect((await call("1")).status).toBe(404);
    const week = await call("7");
    expect(week.status).toBe(200);
    const { link } = await week.json<ArtistPageResponse>();
    expect(Math.abs(Date.parse(link.expiresAt) - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    // A nonsensical setting falls back to 90 days.
    expect((await call("-5")).status).toBe(200);
  });

  it("the artist revokes every link from the page and gets a fresh one", async () => {
    const artist = await artistIn();
    const again = await setUpArtist(artist.browser);
    const second = (await again.saved.json<{ artistPageUrl: string }>()).artistPageUrl.slice("/artist/".length);

    const response = await new Browser().postJson(`/api/artist/${artist.token}/revoke-links`, {});
    expect(response.status).toBe(200);
    const body = await response.json<RevokeArtistLinksResponse>();
    expect(body).toEqual({ revoked: 2, artistPageUrl: expect.stringMatching(/^\/artist\/[A-Za-z0-9_-]{43}$/) });
    for (const old of [artist.token, second]) expect((await new Browser().fetch(`/api/artist/${old}`)).status).toBe(404);
    const fresh = body.artistPageUrl.slice("/artist/".length);
    expect((await page(fresh)).songs).toEqual([]);
    // The artist's sessions are not links: this browser still works.
    expect(await uploadStatus(artist.browser)).toBe(201);
    expect((await new Browser().postJson(`/api/artist/${artist.token}/revoke-links`, {})).status).toBe(404);
  });
});

describe("the 15-minute cron", () => {
  it("deletes sessions a day after they ended or expired, and sign-in tries older than their windows; live ones stay", async () => {
    const now = Date.now();
    const live = await artistIn();
    const ended = await artistIn();
    await env.DB.prepare("UPDATE artist_sessions SET ended_at = ?, ended_reason = 'ended_by_operator' WHERE artist_id = ?")
      .bind(now - 2 * DAY, ended.artistId)
      .run();
    const idle = await artistIn();
    await env.DB.prepare("UPDATE artist_sessions SET last_seen_at = ? WHERE artist_id = ?")
      .bind(now - 9 * DAY, idle.artistId)
      .run();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO admin_sessions (id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)").bind(
        "old-admin",
        `hash-${crypto.randomUUID()}`,
        now - 3 * DAY,
        now - 2 * DAY,
      ),
      env.DB.prepare("INSERT INTO admin_sign_in_attempts (id, address, at) VALUES (?, '192.0.2.250', ?)").bind("old-try", now - 2 * 60 * 60 * 1000),
      env.DB.prepare("INSERT INTO admin_sign_in_attempts (id, address, at) VALUES (?, '192.0.2.250', ?)").bind("recent-try", now - 60_000),
    ]);

    await worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime: now }), env, createExecutionContext());

    const left = async (sql: string, ...binds: unknown[]) =>
      (await env.DB.prepare(sql)
        .bind(...binds)
        .first<{ n: number }>())!.n;
    expect(await left("SELECT count(*) AS n FROM artist_sessions WHERE artist_id = ?", live.artistId)).toBe(1);
    expect(await left("SELECT count(*) AS n FROM artist_sessions WHERE artist_id = ?", ended.artistId)).toBe(0);
    expect(await left("SELECT count(*) AS n FROM artist_sessions WHERE artist_id = ?", idle.artistId)).toBe(0);
    expect(await left("SELECT count(*) AS n FROM admin_sessions WHERE id = ?", "old-admin")).toBe(0);
    expect(await left("SELECT count(*) AS n FROM admin_sign_in_attempts WHERE id IN ('old-try', 'recent-try')")).toBe(1);
    expect(await uploadStatus(live.browser)).toBe(201);
  });
});
