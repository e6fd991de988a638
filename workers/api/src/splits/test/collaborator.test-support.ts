/**
 * What the collaborator tests share (docs/splits.md): a live song of an artist, a split, sales
 * reported by the provider, a page link as the invitation writes one, and a browser that opened it
 * and confirmed the phone with the code texted to it.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { SaveSongSplitRequest } from "@jplay/schema/splits";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { collaboratorLinkStatement } from "../collaborator-links";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

export const at = (now: number) => testContext({ now: () => now });

export async function liveSong(title: string, artistName: string, language: "en" | "es" = "en") {
  const artistId = await insertArtist();
  await env.DB.prepare("update artists set language = ?2 where id = ?1").bind(artistId, language).run();
  const songId = await insertSong({ artistId, status: "distributed", package: "standard", priceCents: 199, audio: null });
  await env.DB.prepare("update songs set title = ?2, artist_name = ?3 where id = ?1").bind(songId, title, artistName).run();
  return { artistId, songId };
}

export const split = (...people: Array<[name: string, phone: string, basisPoints: number]>): SaveSongSplitRequest => ({
  collaborators: people.map(([name, phone, basisPoints]) => ({ name, phone, role: "producer" as const, basisPoints })),
  recoup: null,
});

let sequence = 0;
export async function sell(songId: string, count: number, now = Date.now()) {
  const purchases = Array.from({ length: count }, () => ({
    purchaseId: `collab-${++sequence}-${crypto.randomUUID().slice(0, 6)}`,
    songId,
    priceCents: 199,
    purchasedAt: new Date(now - 1_000).toISOString(),
  }));
  expect((await recordPurchaseReport(at(now), { purchases }, {}, now)).recorded).toBe(count);
}

/** A page link for `phone`, as the invitation writes one. */
export async function linkFor(phone: string): Promise<string> {
  const { token, statement } = await collaboratorLinkStatement(phone, sql`1`);
  await testContext().db.run(statement);
  return token;
}

export const collaboratorIds = async (phone: string) =>
  (await env.DB.prepare("select id from collaborators where phone = ?1 order by id").bind(phone).all<{ id: string }>()).results.map((row) => row.id);

/** A browser that opened the texted link itself: it keeps the token in its cookie and calls the API through `link`. */
export async function opened(token: string): Promise<Browser> {
  const browser = new Browser();
  const landed = await browser.fetch(`/collaborator/${token}`, { headers: { "Sec-Fetch-Site": "none" }, redirect: "manual" });
  expect(landed.status).toBe(303);
  expect(landed.headers.get("Location")).toBe("/collaborator");
  expect(landed.headers.get("Referrer-Policy")).toBe("no-referrer");
  return browser;
}

/** The code in the latest code text to `phone` (as the phone shows it: `123-456`). */
export async function textedCode(phone: string): Promise<string> {
  const text = await env.DB.prepare("select body from text_messages where to_phone = ?1 and kind = 'phone_code' order by created_at desc, rowid desc limit 1")
    .bind(phone)
    .first<{ body: string }>();
  const code = /^JPlay: (\d{3}-\d{3}) /.exec(text?.body ?? "")?.[1];
  expect(code).toBeDefined();
  return code!;
}

export const askForCode = (browser: Browser, token = "link") => browser.fetch(`/api/collaborator/${token}/phone/code`, { method: "POST" });
export const confirmCode = (browser: Browser, code: string, token = "link") => browser.postJson(`/api/collaborator/${token}/phone/confirm`, { code });

/** A browser that opened the texted link and confirmed the phone with the code texted to it. */
export async function confirmed(token: string, phone: string): Promise<Browser> {
  const browser = await opened(token);
  expect((await askForCode(browser)).status).toBe(200);
  expect((await confirmCode(browser, await textedCode(phone))).status).toBe(200);
  return browser;
}
