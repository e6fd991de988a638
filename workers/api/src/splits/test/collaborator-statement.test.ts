/**
 * A collaborator's monthly statement from their page (docs/splits.md, Statements): the months since
 * the phone was first named, and a month's CSV with each song's downloads that credited them, what
 * listeners paid, their share (every artist naming the phone, a refunded sale left out) and the
 * phone's payouts of the month; in Spanish for a Spanish reader; only once the phone is confirmed,
 * and one phone's link never reads another's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { saveSongSplit } from "../index";
import { acceptShares } from "../collaborator-shares";
import { at, confirmed, linkFor, liveSong, opened, sell, split } from "./collaborator.test-support";

const phone = "+15550300801";
const month = new Date().toISOString().slice(0, 7);

const shareOf = async (songId: string) =>
  (await env.DB.prepare(
    "select coalesce(sum(sc.cents), 0) as cents from split_credits sc join collaborators c on c.id = sc.collaborator_id where c.phone = ?1 and sc.song_id = ?2 and sc.refunded_at is null",
  )
    .bind(phone, songId)
    .first<{ cents: number }>())!.cents;

describe("a collaborator's monthly statement", () => {
  it("lists each song's downloads, sales and their share across artists, and the phone's payouts of the month", async () => {
    const first = await liveSong("Beacon", "Ana");
    const second = await liveSong("Anchor", "Bea");
    await saveSongSplit(at(Date.now() - 60_000), first.artistId, first.songId, split(["Hal", phone, 2_500]));
    await saveSongSplit(at(Date.now() - 60_000), second.artistId, second.songId, split(["Hal", phone, 5_000], ["Ivy", "+15550300802", 1_000]));
    await sell(first.songId, 3);
    await sell(second.songId, 2);
    // One sale given back: not in the statement.
    await env.DB.prepare("update split_credits set refunded_at = ?2 where id = (select id from split_credits where song_id = ?1 limit 1)")
      .bind(second.songId, Date.now())
      .run();
    await acceptShares(at(Date.now()), phone);
    const payeeId = crypto.randomUUID();
    await env.DB.prepare("insert into collaborator_payees (id, phone, confirmed_at) values (?1, ?2, ?3)").bind(payeeId, phone, Date.now()).run();
    await env.DB.prepare(
      "insert into collaborator_payouts (id, payee_id, period, amount_cents, parts, status, created_at, updated_at) values (?1, ?2, ?3, 321, '[]', 'paid', 1, 1)",
    )
      .bind(crypto.randomUUID(), payeeId, `${month}-01`)
      .run();

    const browser = await confirmed(await linkFor(phone), phone);
    const months = await browser.fetch("/api/collaborator/link/statements");
    expect(months.status).toBe(200);
    expect((await months.json<{ months: string[] }>()).months).toEqual([month]);

    const response = await browser.fetch(`/api/collaborator/link/statements/${month}.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="jplay-statement-${month}.csv"`);
    const [firstShare, secondShare] = [await shareOf(first.songId), await shareOf(second.songId)];
    expect(firstShare).toBeGreaterThan(0);
    const cents = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
    expect((await response.text()).split("\r\n")).toEqual([
      `"JPlay monthly statement","${month}"`,
      "",
      '"Song","Downloads","Gross sales (USD)","Your share (USD)"',
      `"Anchor","1","1.99","${cents(secondShare)}"`,
      `"Beacon","3","5.97","${cents(firstShare)}"`,
      `"Total","4","7.96","${cents(firstShare + secondShare)}"`,
      "",
      '"Payout day","Amount (USD)","Status"',
      `"${month}-01","3.21","Paid"`,
      '"Total paid out","3.21",""',
      "",
    ]);

    const spanish = await browser.fetch(`/api/collaborator/link/statements/${month}.csv`, { headers: { "Accept-Language": "es" } });
    expect((await spanish.text()).split("\r\n")[2]).toBe('"Canción","Descargas","Ventas brutas (USD)","Tu parte (USD)"');
    expect((await browser.fetch("/api/collaborator/link/statements/2026-13.csv")).status).toBe(400);
    expect((await browser.fetch("/api/collaborator/link/statements/2999-01.csv")).status).toBe(400);
  });

  it("shows nothing before the phone is confirmed, and another phone's link reads only its own", async () => {
    const song = await liveSong("Buoy", "Cy");
    await saveSongSplit(at(Date.now() - 60_000), song.artistId, song.songId, split(["Jo", "+15550300803", 3_000]));
    await sell(song.songId, 1);
    const unconfirmed = await opened(await linkFor("+15550300803"));
    expect((await unconfirmed.fetch("/api/collaborator/link/statements")).status).toBe(409);
    expect((await unconfirmed.fetch(`/api/collaborator/link/statements/${month}.csv`)).status).toBe(409);

    // Named on another artist's song with no sale: their statement holds none of Buoy's.
    const other = await liveSong("Harbour", "Di");
    await saveSongSplit(at(Date.now() - 60_000), other.artistId, other.songId, split(["Kai", "+15550300804", 3_000]));
    const stranger = await confirmed(await linkFor("+15550300804"), "+15550300804");
    expect((await (await stranger.fetch("/api/collaborator/link/statements")).json<{ months: string[] }>()).months).toEqual([month]);
    const theirs = await stranger.fetch(`/api/collaborator/link/statements/${month}.csv`);
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).not.toContain("Buoy");
    for (const odd of ["constructor", "__proto__"]) expect((await stranger.fetch(`/api/collaborator/${odd}/statements`)).status).toBe(404);
  });
});
