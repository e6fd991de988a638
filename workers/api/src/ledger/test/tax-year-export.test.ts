/**
 * The operator's tax-year export, `GET /api/admin/tax-year/{YYYY}.csv` (ledger/tax-year.ts): per
 * artist, then per collaborator payee (docs/splits.md), the payouts paid in that calendar year (UTC),
 * summed in dollars and cents, with the Stripe account; other years, pending and failed payouts left
 * out; behind the admin sign-in.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { collaboratorPayouts, payouts } from "@jplay/schema/tables";
import { createDb } from "../../platform/db";
import { signedInOperator } from "../../../test/admin-support";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser } from "../../../test/support";

const db = createDb(env.DB);

/** An artist with a connected account and a song (whose name the export shows). */
async function artistWithAccount(name: string) {
  const id = await insertArtist();
  const accountId = `acct_tax${crypto.randomUUID().replaceAll("-", "").slice(0, 17)}`;
  await env.DB.prepare("update artists set stripe_account_id = ?1, payouts_enabled = 1 where id = ?2").bind(accountId, id).run();
  const songId = await insertSong({ artistId: id });
  await env.DB.prepare("update songs set artist_name = ?1 where id = ?2").bind(name, songId).run();
  return { id, accountId };
}

/** A payout row as the payout job leaves it; `paidAt` is when it was recorded paid (updated_at). */
async function payout(artistId: string, cents: number, status: "paid" | "pending" | "failed", paidAt: string) {
  const at = Date.parse(paidAt);
  await db.insert(payouts).values({ id: crypto.randomUUID(), artistId, period: paidAt.slice(0, 10), amountCents: cents, status, createdAt: at, updatedAt: at });
}

/** A collaborator payee (one phone) named by an artist, with a connected account. */
async function collaboratorPayee(phone: string, names: string[]) {
  for (const [i, name] of names.entries()) {
    await env.DB.prepare("insert into collaborators (id, artist_id, phone, name, created_at) values (?1, ?2, ?3, ?4, ?5)")
      .bind(crypto.randomUUID(), await insertArtist(), phone, name, Date.parse("2031-01-01") + i)
      .run();
  }
  const id = crypto.randomUUID();
  const accountId = `acct_tax${crypto.randomUUID().replaceAll("-", "").slice(0, 17)}`;
  await env.DB.prepare("insert into collaborator_payees (id, phone, confirmed_at, stripe_account_id, payouts_enabled) values (?1, ?2, 1, ?3, 1)")
    .bind(id, phone, accountId)
    .run();
  return { id, accountId };
}

async function collaboratorPayout(payeeId: string, cents: number, status: "paid" | "pending" | "failed", paidAt: string) {
  const at = Date.parse(paidAt);
  await db.insert(collaboratorPayouts).values({
    id: crypto.randomUUID(),
    payeeId,
    period: paidAt.slice(0, 10),
    amountCents: cents,
    parts: [],
    status,
    createdAt: at,
    updatedAt: at,
  });
}

describe("the tax-year export", () => {
  it("sums each artist's payouts paid in the year, leaving out other years and unpaid payouts, with the Stripe account and never a tax id", async () => {
    const ada = await artistWithAccount("=Ada Lovelace");
    const bea = await artistWithAccount('Bea, "B" Smith');
    const other = await artistWithAccount("Only Other Years");
    await payout(ada.id, 1250, "paid", "2031-01-01T00:00:00.000Z");
    await payout(ada.id, 2000, "paid", "2031-12-31T23:59:59.999Z");
    await payout(ada.id, 999_99, "paid", "2032-01-01T00:00:00.000Z");
    await payout(ada.id, 5000, "pending", "2031-06-01T00:00:00.000Z");
    await payout(ada.id, 7000, "failed", "2031-06-02T00:00:00.000Z");
    await payout(bea.id, 1005, "paid", "2031-07-04T12:00:00.000Z");
    await payout(other.id, 4000, "paid", "2030-12-31T23:59:59.999Z");
    // A collaborator named by two artists, the latest naming's name shown; paid twice in the year, once the next.
    const hal = await collaboratorPayee("+15550300701", ["Hal", "Hal B."]);
    await collaboratorPayout(hal.id, 108, "paid", "2031-03-01T00:00:00.000Z");
    await collaboratorPayout(hal.id, 1200, "paid", "2031-03-02T00:00:00.000Z");
    await collaboratorPayout(hal.id, 5000, "failed", "2031-03-03T00:00:00.000Z");
    await collaboratorPayout(hal.id, 900, "paid", "2032-01-01T00:00:00.000Z");

    const operator = await signedInOperator();
    const response = await operator.fetch("/api/admin/tax-year/2031.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="jplay-payouts-2031.csv"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe('"Payee","Payee ID","Name","Stripe account","Paid (USD)","Payouts"');
    const ours = lines.filter((line) => [ada.id, bea.id, other.id, hal.id].some((id) => line.includes(id)));
    // One line per payee paid that year; a name that looks like a formula is made inert, quotes doubled.
    expect(ours.filter((line) => line.startsWith('"artist"')).sort()).toEqual(
      [`"artist","${ada.id}","'=Ada Lovelace","${ada.accountId}",32.50,2`, `"artist","${bea.id}","Bea, ""B"" Smith","${bea.accountId}",10.05,1`].sort(),
    );
    // Collaborators come after the artists.
    expect(ours.at(-1)).toBe(`"collaborator","${hal.id}","Hal B.","${hal.accountId}",13.08,2`);
    expect(lines.at(-2)).toMatch(/^"Total","","","",\d+\.\d{2},\d+$/);
    expect(lines.at(-1)).toBe("");
  });

  it("answers 400 for anything but a year's file, and only to a signed-in operator", async () => {
    const operator = await signedInOperator();
    for (const path of ["/api/admin/tax-year/31.csv", "/api/admin/tax-year/2031", "/api/admin/tax-year/1999.csv", "/api/admin/tax-year/2031.csv.exe"]) {
      expect((await operator.fetch(path)).status, path).toBe(400);
    }
    expect((await new Browser().fetch("/api/admin/tax-year/2031.csv")).status).toBe(401);
  });
});
