/**
 * The world the attacker's suite attacks: two artists (the victim and an attacker who is an artist
 * too, each with a saved card, a song, a browser session and a private page link), a listener with a
 * receipt for a live song, and a signed-in operator — with credentials that once worked and no longer
 * do (an ended session, a revoked and an expired page link, a signed-out operator cookie). Every
 * route's request is built from it: path parameters are filled by name from `ids`.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { serializeSigned } from "hono/utils/cookie";
import { afterAll, beforeAll, expect } from "vitest";
import { ADMIN_COOKIE } from "../../src/access/admin-access";
import { issueArtistLink, revokeArtistLinks } from "../../src/access/artist-links";
import { endArtistSession, startArtistSession } from "../../src/access/artist-sessions";
import { hashSecretToken } from "../../src/platform/secret-token";
import { collaboratorLinkStatement } from "../../src/splits/collaborator-links";
import { adminWrite, signedInOperator } from "../admin-support";
import { sandboxAdmin, uploadSong } from "../payment-support";
import { settled } from "./attack-support";
import { listenerPurchase, liveSongWithIsrc, newListenerId, openListenerSession, providerCall } from "../receipt-support";
import { Browser, nextPhone, setUpArtist, testContext } from "../support";

export interface Artist {
  artistId: string;
  customerId: string;
  paymentMethodId: string;
  phoneNumber: string;
  songId: string;
  /** A live session of this artist's, and its cookie as a browser sends it (`name=value`). */
  sessionId: string;
  sessionCookie: string;
  /** A working private page link's token. */
  pageToken: string;
}

/** The session cookie a browser holding `token` sends. */
export const sessionCookieFor = async (token: string, secret = env.SESSION_SECRET!) =>
  (await serializeSigned("__Host-jplay_session", token, secret, { secure: true, path: "/" })).split(";")[0]!;

/** A fresh live session and page link for `artist` (a route's rightful request may end or replace them). */
export async function freshCredentials(artist: Artist): Promise<Artist> {
  const ctx = testContext();
  const { token, session } = await startArtistSession(ctx, { stripeCustomerId: artist.customerId, artistId: artist.artistId, userAgent: "attacker-suite" });
  return { ...artist, sessionId: session.id, sessionCookie: await sessionCookieFor(token), pageToken: await issueArtistLink(ctx, artist.artistId) };
}

/**
 * Marks the artists' sessions and links as used now (rows updated, none added): a session or link
 * unused for five minutes is renewed by its next use, a write, which would count against an attack
 * sent with the rightful credential on a slow run.
 */
export async function credentialsUsedNow(world: World): Promise<void> {
  const tenants = world.artists;
  if (!tenants) return;
  const now = Date.now();
  const artistsOfWorld = [tenants.victim, tenants.attacker];
  await env.DB.batch([
    ...artistsOfWorld.map((artist) => env.DB.prepare("update artist_sessions set last_seen_at = ?1 where id = ?2").bind(now, artist.sessionId)),
    ...(await Promise.all(
      artistsOfWorld.map(async (artist) =>
        env.DB.prepare("update artist_links set renewed_at = ?1 where token_hash = ?2").bind(now, await hashSecretToken(artist.pageToken)),
      ),
    )),
  ]);
}

/** An artist as the distribution page makes one: card saved through the Stripe sandbox, one song uploaded. */
async function newArtist(): Promise<Artist> {
  const browser = new Browser();
  const phoneNumber = nextPhone();
  const { setup, confirmed, saved } = await setUpArtist(browser, undefined, phoneNumber);
  expect(saved.status).toBe(200);
  const songId = await uploadSong(browser, "Attacked Song");
  const artist = await env.DB.prepare("select id from artists where stripe_customer_id = ?1").bind(setup.customerId).first<{ id: string }>();
  return freshCredentials({
    artistId: artist!.id,
    customerId: setup.customerId,
    paymentMethodId: confirmed.payment_method,
    phoneNumber,
    songId,
    sessionId: "",
    sessionCookie: "",
    pageToken: "",
  });
}

export interface Artists {
  victim: Artist;
  attacker: Artist;
  /** The victim's credentials that no longer work: a session ended, a link revoked, a link expired. */
  endedSessionCookie: string;
  revokedPageToken: string;
  expiredPageToken: string;
  /** A session made for payment setup, before any card was saved: it is nobody's yet. */
  cardlessSessionCookie: string;
}

export async function artists(): Promise<Artists> {
  const victim = await newArtist();
  const attacker = await newArtist();
  const ctx = testContext();
  const ended = await startArtistSession(ctx, { stripeCustomerId: victim.customerId, artistId: victim.artistId, userAgent: "attacker-suite" });
  await endArtistSession(ctx, ended.session.id, "ended_by_artist");
  // Revoking revokes every link of the artist: the victim's working link is issued after.
  const revokedPageToken = await issueArtistLink(ctx, victim.artistId);
  await revokeArtistLinks(ctx, victim.artistId);
  const expiredPageToken = await issueArtistLink(ctx, victim.artistId);
  await env.DB.prepare("update artist_links set created_at = 0, renewed_at = null where token_hash = ?1")
    .bind(await hashSecretToken(expiredPageToken))
    .run();
  const cardless = await startArtistSession(ctx, {
    stripeCustomerId: `cus_nobody${crypto.randomUUID().slice(0, 8)}`,
    artistId: null,
    userAgent: "attacker-suite",
  });
  return {
    victim: await freshCredentials(victim),
    attacker,
    endedSessionCookie: await sessionCookieFor(ended.token),
    revokedPageToken,
    expiredPageToken,
    cardlessSessionCookie: await sessionCookieFor(cardless.token),
  };
}

/** Two collaborators' page links (the victim's and the attacker's), and the victim's links that no longer open. */
export interface Collaborators {
  victimToken: string;
  attackerToken: string;
  revokedToken: string;
  expiredToken: string;
}

async function collaboratorLink(phone: string): Promise<string> {
  const { token, statement } = await collaboratorLinkStatement(phone, sql`1`);
  await testContext().db.run(statement);
  return token;
}

export async function collaborators(): Promise<Collaborators> {
  const victimPhone = "+15550107001";
  const revokedToken = await collaboratorLink(victimPhone);
  await env.DB.prepare("update collaborator_links set revoked_at = 1 where token_hash = ?1")
    .bind(await hashSecretToken(revokedToken))
    .run();
  const expiredToken = await collaboratorLink(victimPhone);
  await env.DB.prepare("update collaborator_links set created_at = 0, renewed_at = null where token_hash = ?1")
    .bind(await hashSecretToken(expiredToken))
    .run();
  return { victimToken: await collaboratorLink(victimPhone), attackerToken: await collaboratorLink("+15550107002"), revokedToken, expiredToken };
}

export interface Listener {
  listenerId: string;
  /** A session the primary provider opened for the listener: its token, id and expiry (Unix seconds). */
  sessionToken: string;
  sessionId: string;
  sessionExpires: number;
  /** The token of another listener's session, revoked since. */
  revokedSessionToken: string;
  /** A live song (with an ISRC) the listener bought, and the receipt JPlay signed for it. */
  songId: string;
  receiptId: string;
  receipt: string;
  /** The attempt JPlay issued when the primary provider redeemed that receipt (a failed download is reported under it). */
  attemptId: string;
  /** Another listener's receipt. */
  otherListenerId: string;
  otherReceiptId: string;
}

/** A listener with a receipt, through the provider's own purchase report. */
export async function listener(): Promise<Listener> {
  const buy = async (listenerId: string) => {
    const { songId } = await liveSongWithIsrc();
    const reported = await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase(songId, listenerId)] });
    expect(reported.status).toBe(200);
    const { results } = await reported.json<{ results: Array<{ receiptId: string; receipt: string }> }>();
    return { songId, receiptId: results[0]!.receiptId, receipt: results[0]!.receipt };
  };
  const listenerId = newListenerId();
  const otherListenerId = newListenerId();
  const bought = await buy(listenerId);
  const other = await buy(otherListenerId);
  const redeemed = await providerCall("POST", "/api/provider/redeem", { listenerId, receipts: [bought.receipt] });
  expect(redeemed.status).toBe(200);
  const { results } = await redeemed.json<{ results: Array<{ attemptId: string }> }>();
  const sessionToken = await openListenerSession(listenerId);
  const [, , expires, sessionId] = sessionToken.split(".");
  const revokedSessionToken = await openListenerSession(otherListenerId);
  expect((await providerCall("POST", `/api/provider/listeners/${otherListenerId}/sessions/revoke`, {})).status).toBe(200);
  return {
    listenerId,
    sessionToken,
    sessionId: sessionId!,
    sessionExpires: Number(expires),
    revokedSessionToken,
    ...bought,
    attemptId: results[0]!.attemptId,
    otherListenerId,
    otherReceiptId: other.receiptId,
  };
}

export interface Operator {
  /** The signed-in operator's cookie (`jplay_admin=…`), and one whose session was signed out. */
  cookie: string;
  signedOutCookie: string;
}

export async function operator(): Promise<Operator> {
  const cookieOf = (browser: Browser) => `${ADMIN_COOKIE}=${browser.cookie(ADMIN_COOKIE)}`;
  const signedOut = await signedInOperator();
  const signedOutCookie = cookieOf(signedOut);
  expect((await adminWrite(signedOut, "DELETE", "/api/admin/session")).status).toBe(200);
  return { cookie: cookieOf(await signedInOperator()), signedOutCookie };
}

/** The month before this one, as the artist's statements name it (`YYYY-MM.csv`). */
export const lastMonthFile = () => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.toISOString().slice(0, 7)}.csv`;
};

export interface World {
  artists?: Artists;
  collaborators?: Collaborators;
  listener?: Listener;
  operator?: Operator;
}

/**
 * A route's path parameters by name, from the world: the victim's where a tenant owns it. A
 * parameter the world has no value for fails the test that asks, naming it.
 */
export function worldIds(world: World): Map<string, string> {
  const ids = new Map<string, string>([
    ["batchId", crypto.randomUUID()],
    ["facilityId", crypto.randomUUID()],
    ["blockId", crypto.randomUUID()],
    ["listId", crypto.randomUUID()],
    ["file", `${new Date().getUTCFullYear() - 1}.csv`],
    ["receiptId", crypto.randomUUID()],
  ]);
  const { artists: tenants, listener: buyer } = world;
  if (tenants) {
    ids.set("token", tenants.victim.pageToken);
    ids.set("songId", tenants.victim.songId);
    ids.set("artistId", tenants.victim.artistId);
    ids.set("sessionId", tenants.victim.sessionId);
  }
  if (world.collaborators && !tenants) ids.set("token", world.collaborators.victimToken);
  if (buyer) {
    ids.set("listenerId", buyer.listenerId);
    ids.set("receiptId", buyer.receiptId);
    if (!tenants) ids.set("songId", buyer.songId);
  }
  return ids;
}

/**
 * Keeps the background still while a file attacks: the Stripe sandbox's webhooks are held (a
 * rightful request's charge or Connect account would otherwise be told to the Worker later, and its
 * jobs run while the next route's rows are counted), and what the world's set-up left running
 * finishes first. Answers what lets them go again, for afterAll.
 */
export async function quietWorld(): Promise<() => Promise<void>> {
  expect((await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
  await settled(2_500);
  return async () => {
    await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" });
    await sandboxAdmin("/v1/test_helpers/deliver_events");
  };
}

/** A fresh phone number for bodies that carry one. */
export { nextPhone };

/**
 * A file's world of one listener with a receipt, made before its attacks with the sandbox's webhooks
 * held (quietWorld) and released after them: the setup of every file whose routes need a listener.
 */
export function listenerWorld(): World {
  const world: World = {};
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    world.listener = await listener();
    release = await quietWorld();
  }, 60_000);
  afterAll(() => release?.());
  return world;
}
