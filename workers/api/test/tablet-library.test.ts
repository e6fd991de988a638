/**
 * The tablet app's Library (GET /api/provider/tablet-library): only with a listener token signed by the
 * enrolled provider holding the listener, unexpired; it lists that listener's purchased songs with
 * links that play them, also after a content takedown, and nothing of anyone else's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TabletLibraryAnswer } from "@jplay/schema/receipts";
import { signListenerToken } from "../src/provider/listener-token";
import { errorOf, listenerPurchase, liveSongWithIsrc, newListenerId, providerCall, SECOND_PROVIDER, SECOND_SECRET, transferListener } from "./receipt-support";
import { Browser } from "./support";

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const library = (token?: string) => new Browser().fetch("/api/provider/tablet-library", { headers: token ? { "X-JPlay-Listener": token } : {} });

describe("the tablet Library", () => {
  it("lists the listener's songs, newest first, each once, with links that play them", async () => {
    const listenerId = newListenerId();
    const [older, newer] = [await liveSongWithIsrc(), await liveSongWithIsrc()];
    const bought = (songId: string, minutesAgo: number) => listenerPurchase(songId, listenerId, { purchasedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
    await providerCall("POST", "/api/provider/purchases", { purchases: [bought(older.songId, 30), bought(newer.songId, 10), bought(older.songId, 20)] });
    // Someone else's purchase is not listed.
    await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase((await liveSongWithIsrc()).songId, newListenerId())] });

    const response = await library(await signListenerToken(env.PROVIDER_WEBHOOK_SECRET!, "primary", listenerId, inAnHour()));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { songs } = await response.json<TabletLibraryAnswer>();
    expect(songs.map((song) => song.id)).toEqual([newer.songId, older.songId]);
    expect(songs[0]).toMatchObject({ artist: "Fixture Artist", price: 1.99, coverUrl: null });
    const audio = await new Browser().fetch(songs[0]!.audioUrl.replace(/^https?:\/\/[^/]+/, ""));
    expect(audio.status).toBe(200);

    // A token from the second enrolled provider opens nothing until the listener moves there; then only its own does.
    const secondToken = await signListenerToken(SECOND_SECRET, SECOND_PROVIDER, listenerId, inAnHour());
    expect(await errorOf(await library(secondToken))).toMatchObject({ status: 404, code: "unknown_listener" });
    await transferListener(listenerId, {}, { provider: SECOND_PROVIDER });
    expect((await (await library(secondToken)).json<TabletLibraryAnswer>()).songs).toHaveLength(2);
    expect(await errorOf(await library(await signListenerToken(env.PROVIDER_WEBHOOK_SECRET!, "primary", listenerId, inAnHour())))).toMatchObject({ status: 404, code: "unknown_listener" });
  });

  it("answers nothing without a valid token: none, another secret, expired, too long-lived, a listener changed", async () => {
    const listenerId = newListenerId();
    const secret = env.PROVIDER_WEBHOOK_SECRET!;
    const token = await signListenerToken(secret, "primary", listenerId, inAnHour());
    expect(await errorOf(await library())).toMatchObject({ status: 401 });
    expect(await errorOf(await library(await signListenerToken("another-secret-0123456789", "primary", listenerId, inAnHour())))).toMatchObject({ status: 401 });
    expect(await errorOf(await library(await signListenerToken(secret, "primary", listenerId, Math.floor(Date.now() / 1000) - 1)))).toMatchObject({ status: 401, message: expect.stringContaining("expired") });
    expect(await errorOf(await library(await signListenerToken(secret, "primary", listenerId, inAnHour() + 31 * 86400)))).toMatchObject({ status: 401 });
    expect(await errorOf(await library(token.replace(listenerId, newListenerId())))).toMatchObject({ status: 401 });
    expect(await errorOf(await library(await signListenerToken(secret, "not-enrolled", listenerId, inAnHour())))).toMatchObject({ status: 401, code: "unknown_provider" });
  });
});
