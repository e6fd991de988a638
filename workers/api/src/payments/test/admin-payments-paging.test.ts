/**
 * The admin payment overview a page at a time (payments/admin/admin-payments.ts): artists newest first,
 * each page's cursor leading to the next and none after the last, the search answered on the server
 * (song title and artist words, phone digits, a card's last 4), the summary counted over every
 * artist with the first page only, and counted again at most once a minute or at the operator's Refresh (payments/admin/admin-summary-counts.ts). Artists are written straight to D1 with creation times after any
 * other test's, and with this file's own words, so other files' rows never reach these pages.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { AdminPaymentsResponse, AdminSummaryRecountResponse } from "@jplay/schema/admin";
import { songSearchEntriesSql } from "@jplay/schema/song-search-index";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { Browser } from "../../../test/support";

const tag = `pgtag${Date.now().toString(36)}`;
const FUTURE = 9_000_000_000_000;

/** Five artists: pg-0 oldest … pg-4 newest, pg-2 and pg-3 created in the same millisecond; pg-2 has two cards. */
async function seed() {
  const rows = [
    { id: `${tag}-0`, at: FUTURE + 1, phone: "+15557770100", last4: "1111", title: `Morning ${tag}`, name: `Zoe ${tag}` },
    { id: `${tag}-1`, at: FUTURE + 2, phone: "+15557770101", last4: "2222", title: `Canción ${tag}`, name: `Ana ${tag}` },
    { id: `${tag}-2`, at: FUTURE + 3, phone: "+15557770102", last4: "3333", title: `Night ${tag}`, name: `Bo ${tag}` },
    { id: `${tag}-3`, at: FUTURE + 3, phone: "+15557770103", last4: "4444", title: `Evening ${tag}`, name: `Cy ${tag}` },
    { id: `${tag}-4`, at: FUTURE + 4, phone: "+15557770104", last4: "5555", title: `Dawn ${tag}`, name: `Di ${tag}` },
  ];
  const statements: D1PreparedStatement[] = [];
  for (const row of rows) {
    statements.push(
      env.DB.prepare("INSERT INTO artists (id, phone, created_at) VALUES (?1, ?2, ?3)").bind(row.id, row.phone, row.at),
      env.DB.prepare(
        "INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at) VALUES ('card-' || ?1, ?1, 'pm_' || ?1, 'visa', ?2, 12, 2034, 1, ?3)",
      ).bind(row.id, row.last4, row.at),
      env.DB.prepare(
        "INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, created_at) VALUES ('song-' || ?1, ?1, ?2, ?3, 'pending', 'songs/x/audio.mp3', ?4)",
      ).bind(row.id, row.title, row.name, row.at),
    );
  }
  // pg-4 has two songs the search finds: still one artist on a page.
  statements.push(
    env.DB.prepare(
      `INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, created_at) VALUES ('song2-${tag}-4', '${tag}-4', 'Dusk ${tag}', 'Di ${tag}', 'pending', 'songs/x/audio.mp3', ${FUTURE})`,
    ),
    env.DB.prepare(
      `INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at) VALUES ('card-old-${tag}', '${tag}-2', 'pm_old_${tag}', 'amex', '9999', 1, 2030, 0, 1)`,
    ),
  );
  for (const statement of songSearchEntriesSql(`s.artist_id like '${tag}-%'`)) statements.push(env.DB.prepare(statement));
  await env.DB.batch(statements);
}

const seeded = seed();

async function page(query: string) {
  await seeded;
  const operator = await signedInOperator();
  const response = await operator.fetch(`/api/admin/payments${query}`);
  return { status: response.status, body: await response.json<AdminPaymentsResponse & { error?: string }>() };
}

/** Artists with a card, counted in D1 directly. */
const exactArtists = async () => (await env.DB.prepare("SELECT count(DISTINCT artist_id) AS n FROM payment_methods").first<{ n: number }>())!.n;

/** An artist with a card, created long before every other (so on no page these tests read): only the counts see them. */
const addOldArtistWithCard = (id: string, last4: string) =>
  env.DB.batch([
    env.DB.prepare("INSERT INTO artists (id, phone, created_at) VALUES (?1, '+1555777' || ?2, 1)").bind(id, last4),
    env.DB.prepare(
      "INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at) VALUES ('card-' || ?1, ?1, 'pm_' || ?1, 'visa', ?2, 12, 2034, 1, 1)",
    ).bind(id, last4),
  ]);

/**
 * The counts made afresh while the operator waits (none stored), then an artist with a card added: the
 * next answer keeps the counts of the last minute. Returns the artists counted before it.
 */
async function countedThenArtistAdded(id: string, last4: string): Promise<number> {
  await env.DB.prepare("DELETE FROM admin_summary_counts").run();
  const before = await exactArtists();
  expect((await page("?limit=1")).body.summary!.totalArtists).toBe(before);
  await addOldArtistWithCard(id, last4);
  expect((await page("?limit=1")).body.summary!.totalArtists).toBe(before);
  return before;
}

const artistIds = (body: AdminPaymentsResponse) => body.payments.map((record) => record.artistId);
const mine = (body: AdminPaymentsResponse) => artistIds(body).filter((id) => id.startsWith(tag));

describe("GET /api/admin/payments, a page at a time", () => {
  it("pages artists newest first (ties by id), each page's cursor leading to the next, an artist's cards together, default first", async () => {
    const first = await page("?limit=2");
    expect(first.status).toBe(200);
    expect(artistIds(first.body)).toEqual([`${tag}-4`, `${tag}-3`]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await page(`?limit=2&cursor=${first.body.nextCursor}`);
    // pg-2's two cards on one page, the default one first; an artist is never split across pages.
    expect(second.body.payments.map((record) => record.paymentMethodId)).toEqual([`card-${tag}-2`, `card-old-${tag}`, `card-${tag}-1`]);
    expect(second.body.payments[1]!.songs.map((song) => song.id)).toEqual([`song-${tag}-2`]);
    const third = await page(`?limit=2&cursor=${second.body.nextCursor}`);
    expect(artistIds(third.body)[0]).toBe(`${tag}-0`);
    // The summary comes with the first page only.
    expect(first.body.summary).toBeDefined();
    expect(second.body.summary).toBeUndefined();
  });

  it("ends with a last page whose cursor is null", async () => {
    const first = await page(`?limit=3&q=${tag}`);
    expect(mine(first.body)).toEqual([`${tag}-4`, `${tag}-3`, `${tag}-2`, `${tag}-2`]);
    const last = await page(`?limit=3&q=${tag}&cursor=${first.body.nextCursor}`);
    expect(artistIds(last.body)).toEqual([`${tag}-1`, `${tag}-0`]);
    expect(last.body.nextCursor).toBeNull();
    // An artist with two songs found counts once toward the page.
    const one = await page(`?limit=1&q=${tag}`);
    expect(artistIds(one.body)).toEqual([`${tag}-4`]);
    expect(one.body.nextCursor).toEqual(expect.any(String));
    // Exactly a page's worth is also the last page.
    const exact = await page(`?limit=5&q=${tag}`);
    expect(new Set(artistIds(exact.body)).size).toBe(5);
    expect(exact.body.nextCursor).toBeNull();
  });

  it("searches on the server: a song title's or artist name's words from their start, accents and case folded", async () => {
    expect(artistIds((await page(`?q=${encodeURIComponent(`CANCION ${tag}`)}`)).body)).toEqual([`${tag}-1`]);
    expect(artistIds((await page(`?q=${encodeURIComponent(`even ${tag}`)}`)).body)).toEqual([`${tag}-3`]);
    expect(artistIds((await page(`?q=${encodeURIComponent(`zoe ${tag.slice(0, -2)}`)}`)).body)).toEqual([`${tag}-0`]);
    // Every word must match: a title word of one artist and a name of another find neither.
    expect((await page(`?q=${encodeURIComponent(`dawn zoe ${tag}`)}`)).body.payments).toEqual([]);
  });

  it("searches phone numbers from their start, with or without +1, and a card's last 4", async () => {
    expect(artistIds((await page("?q=%2B15557770103")).body)).toEqual([`${tag}-3`]);
    expect(artistIds((await page(`?q=${encodeURIComponent("555 777 0104")}`)).body)).toEqual([`${tag}-4`]);
    expect(new Set(mine((await page("?q=555777010")).body))).toEqual(new Set([0, 1, 2, 3, 4].map((i) => `${tag}-${i}`)));
    expect(artistIds((await page("?q=9999")).body)).toEqual([`${tag}-2`, `${tag}-2`]);
    const nothing = await page(`?q=nomatch${tag}`);
    expect(nothing.body.payments).toEqual([]);
    expect(nothing.body.nextCursor).toBeNull();
  });

  it("counts the summary over every artist with a card, with the unsearched first page only", async () => {
    // Counts another file's answer stored within the last minute would be answered instead.
    await env.DB.prepare("DELETE FROM admin_summary_counts").run();
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(DISTINCT artist_id) FROM payment_methods) AS artists, (SELECT count(*) FROM payment_methods) AS cards",
    ).first<{ artists: number; cards: number }>();
    const { body } = await page("?limit=1");
    // A search's pages leave the counts out: they are the same whatever is searched.
    expect((await page(`?limit=1&q=${tag}`)).body.summary).toBeUndefined();
    expect(body.summary).toMatchObject({ totalArtists: counts!.artists, paymentMethods: counts!.cards });
    expect(body.summary!.pendingPayments).toBeGreaterThanOrEqual(5);
  });

  it("keeps the summary counts for a minute, then answers them once more and counts again after the answer", async () => {
    const stored = () =>
      env.DB.prepare("SELECT total_artists AS artists, counted_at AS countedAt FROM admin_summary_counts WHERE id = 1").first<{
        artists: number;
        countedAt: number;
      }>();
    const before = await countedThenArtistAdded(`late-${tag}`, "0199");
    // A minute later the stored counts are answered once more, and counted again for the next answer.
    const counted = await stored();
    await env.DB.prepare("UPDATE admin_summary_counts SET counted_at = counted_at - 60000 WHERE id = 1").run();
    expect((await page("?limit=1")).body.summary!.totalArtists).toBe(before);
    await vi.waitFor(async () => expect((await stored())!.countedAt).toBeGreaterThan(counted!.countedAt - 60_000), { timeout: 10_000, interval: 20 });
    expect((await stored())!.artists).toBeGreaterThanOrEqual(before + 1);
    expect((await page("?limit=1")).body.summary!.totalArtists).toBeGreaterThanOrEqual(before + 1);
  });

  it("counts the summary again at once when the operator refreshes, only for a signed-in operator on the site", async () => {
    const before = await countedThenArtistAdded(`fresh-${tag}`, "0198");
    // Refresh counts again now, answers the new counts and stores them for the list.
    const operator = await signedInOperator();
    const recount = await adminWrite(operator, "POST", "/api/admin/payments/summary");
    expect(recount.status).toBe(200);
    const { summary } = await recount.json<AdminSummaryRecountResponse>();
    expect(summary.totalArtists).toBeGreaterThanOrEqual(before + 1);
    expect((await page("?limit=1")).body.summary!.totalArtists).toBe(summary.totalArtists);
    // Nobody else may make the Worker count.
    expect((await adminWrite(new Browser(), "POST", "/api/admin/payments/summary")).status).toBe(401);
    expect((await adminWrite(operator, "POST", "/api/admin/payments/summary", undefined, "https://elsewhere.example")).status).toBe(403);
  });

  it("refuses a cursor it never gave and a page size out of range", async () => {
    expect((await page("?cursor=not-a-cursor")).status).toBe(400);
    expect((await page("?limit=0")).status).toBe(400);
    expect((await page("?limit=501")).status).toBe(400);
    expect((await page("?limit=2.5")).status).toBe(400);
  });
});
