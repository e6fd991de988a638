/**
 * The tablet app's Library (GET /api/provider/tablet-library): only with a listener token signed by the
 * enrolled provider holding the listener, unexpired; it lists that listener's purchased songs with
 * links that play them, also after a content takedown, and nothing of anyone else's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TabletLibraryAnswer } from "@jplay/schema/receipts";
import { signListenerToken } from "../listener-token";
import {
  errorOf,
  listenerPurchase,
  liveSongWithIsrc,
  newListenerId,
  openListenerSession,
  providerCall,
  SECOND_PROVIDER,
  transferListener,
} from "../../../test/receipt-support";
import { Browser } from "../../../test/support";

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const library = (token?: string) => new Browser().fetch("/api/provider/tablet-library", { headers: token ? { "X-JPlay-Listener": token } : {} });

describe("the tablet Library", () => {
  it("lists the listener's songs, newest first, each once, with links that play them", async () => {
    const listenerId = newListenerId();
    const [older, newer] = [await liveSongWithIsrc(), await liveSongWithIsrc()];
    const bought = (songId: string, minutesAgo: number) =>
      listenerPurchase(songId, listenerId, { purchasedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
    await providerCall("POST", "/api/provider/purchases", { purchases: [bought(older.songId, 30), bought(newer.songId, 10), bought(older.songId, 20)] });
    // Someone else's purchase is not listed.
    await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase((await liveSongWithIsrc()).songId, newListenerId())] });

    const response = await library(await openListenerSession(listenerId));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { songs } = await response.json<TabletLibraryAnswer>();
    expect(songs.map((song) => song.id)).toEqual([newer.songId, older.songId]);
    expect(songs[0]).toMatchObject({ artist: "Fixture Artist", price: 1.99, coverUrl: null });
    const audio = await new Browser().fetch(songs[0]!.audioUrl.replace(/^https?:\/\/[^/]+/, ""));
    expect(audio.status).toBe(200);

    // A session the second enrolled provider opens shows nothing until the listener moves there; then
    // only its own sessions do.
    const secondToken = await openListenerSession(listenerId, { provider: SECOND_PROVIDER });
    const primaryToken = await openListenerSession(listenerId);
    expect(await errorOf(await library(secondToken))).toMatchObject({ status: 404, code: "unknown_listener" });
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    expect((await (await library(secondToken)).json<TabletLibraryAnswer>()).songs).toHaveLength(2);
    expect(await errorOf(await library(primaryToken))).toMatchObject({ status: 404, code: "unknown_listener" });
  });

  it("answers nothing without a valid token: none, another secret, expired, too long-lived, a listener changed", async () => {
    const listenerId = newListenerId();
    const secret = env.PROVIDER_WEBHOOK_SECRET!;
    const token = await openListenerSession(listenerId);
    const sessionId = token.split(".")[3]!;
    expect(await errorOf(await library())).toMatchObject({ status: 401 });
    expect(await errorOf(await library(await signListenerToken("another-secret-0123456789", "primary", listenerId, inAnHour(), sessionId)))).toMatchObject({
      status: 401,
    });
    expect(await errorOf(await library(await signListenerToken(secret, "primary", listenerId, Math.floor(Date.now() / 1000) - 1, sessionId)))).toMatchObject({
      status: 401,
      message: expect.stringContaining("expired"),
    });
    expect(await errorOf(await library(await signListenerToken(secret, "primary", listenerId, inAnHour() + 31 * 86400, sessionId)))).toMatchObject({
      status: 401,
    });
    expect(await errorOf(await library(token.replace(listenerId, newListenerId())))).toMatchObject({ status: 401 });
    expect(await errorOf(await library(await signListenerToken(secret, "not-enrolled", listenerId, inAnHour(), sessionId)))).toMatchObject({
      status: 401,
      code: "unknown_provider",
    });
  });

  it("a revoked listener session's token is refused (401), at once, and only the revoking provider's sessions end", async () => {
    const listenerId = newListenerId();
    await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase((await liveSongWithIsrc()).songId, listenerId)] });
    // Two sessions (two tablets); the calls differ, as two identical signed POSTs within a second are one call replayed.
    const [first, second] = [await openListenerSession(listenerId), await openListenerSession(listenerId, {}, { expiresInSeconds: 3600 })];
    const atSecondProvider = await openListenerSession(listenerId, { provider: SECOND_PROVIDER });
    expect((await library(first)).status).toBe(200);

    const revoke = await providerCall("POST", `/api/provider/listeners/${listenerId}/sessions/revoke`, {});
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({ listenerId, revoked: 2 });
    for (const token of [first, second]) expect(await errorOf(await library(token))).toMatchObject({ status: 401, code: "session_revoked" });
    // Another provider's session of the same listener is that provider's to revoke: it still passes the
    // session check, and is answered as that provider is (it does not hold the listener: 404, not 401).
    expect(await errorOf(await library(atSecondProvider))).toMatchObject({ status: 404, code: "unknown_listener" });
  });

  it("a token naming a session never opened, or another listener's session, is refused", async () => {
    const listenerId = newListenerId();
    const secret = env.PROVIDER_WEBHOOK_SECRET!;
    expect(await errorOf(await library(await signListenerToken(secret, "primary", listenerId, inAnHour(), crypto.randomUUID())))).toMatchObject({
      status: 401,
      code: "session_revoked",
    });
    const othersSession = (await openListenerSession(newListenerId())).split(".")[3]!;
    expect(await errorOf(await library(await signListenerToken(secret, "primary", listenerId, inAnHour(), othersSession)))).toMatchObject({
      status: 401,
      code: "session_revoked",
    });
  });

  it("opens sessions for at most 30 days, and only for an opaque listener id", async () => {
    const listenerId = newListenerId();
    const tooLong = await providerCall("POST", `/api/provider/listeners/${listenerId}/sessions`, { expiresInSeconds: 31 * 86400 });
    expect(await errorOf(tooLong)).toMatchObject({ status: 400 });
    const notOpaque = await providerCall("POST", "/api/provider/listeners/12345678901234567/sessions", {});
    expect(await errorOf(notOpaque)).toMatchObject({ status: 400 });
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from listener_sessions where listener_id in (?1, ?2)")
        .bind(listenerId, "12345678901234567")
        .first<number>("n")) ?? 0;
    expect(await count()).toBe(0);
  });
});
