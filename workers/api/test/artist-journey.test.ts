/**
 * The artist's way back and their monthly statement (docs/decisions/028-artist-journey.md), through
 * the Worker's fetch handler with real D1 and the Stripe sandbox: `GET /api/me` answers only the
 * session's own artist and songs (nothing without a session), `POST /api/me/artist-link` re-issues a
 * working private link (rate-limited), and `GET /api/artist/{token}/statements/{YYYY-MM}.csv` shows
 * the ledger's figures for the month, to the token's own artist only.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ArtistPageResponse } from "@jplay/schema/artist";
import type { MeResponse, MyArtistLinkResponse, StatementMonthsResponse } from "@jplay/schema/me";
import { artists, payouts } from "@jplay/schema/tables";
import { createDb } from "../src/platform/db";
import { LINKS_PER_ARTIST_PER_HOUR } from "../src/artist/routes/me";
import { resolveArtistLink } from "../src/access/artist-links";
import { accountBalance, ACCOUNTS } from "../src/ledger/ledger";
import { recordPurchaseReport } from "../src/provider/record-purchases";
import { artistWithSong, complete, songPaid, uploadSong } from "./payment-support";
import { insertSong } from "./song-fixtures";
import { Browser, setUpArtist, testContext } from "./support";

const db = createDb(env.DB);
const testCtx = testContext();

const me = async (browser: Browser) => {
  const response = await browser.fetch("/api/me");
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json<MeResponse>()).artist;
};

/** A new artist with a saved card, their browser and their private page token. */
async function artistWithLink() {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
  const [artist] = await db.select().from(artists).where(eq(artists.stripeCustomerId, setup.customerId));
  return { browser, artistId: artist!.id, token: artistPageUrl.slice("/artist/".length) };
}

/** The cookie a browser keeps its artist page link in (access/artist-link-cookie.ts). */
const LINK_COOKIE = "__Host-jplay_artist_link";
/** The artist a link token opens. */
const testCtxArtistOf = (token: string) => resolveArtistLink(testCtx, token);

const statement = (token: string, month: string) => new Browser().fetch(`/api/artist/${token}/statements/${month}.csv`);

describe("GET /api/me", { timeout: 30_000 }, () => {
  it("answers no artist for a browser without a session, or with a session but no saved card", async () => {
    expect(await me(new Browser())).toBeNull();
    const started = new Browser();
    expect((await started.postJson("/api/create-setup-intent", { paymentFrequency: "daily" })).status).toBe(200);
    expect(await me(started)).toBeNull();
  });

  it("lists the session artist's own songs, paid or not, and never another artist's", async () => {
    const ada = await artistWithSong(undefined, "Ada Paid");
    const unpaid = await uploadSong(ada.browser, "Ada Unpaid");
    expect((await complete(ada.browser, ada.songId, "standard")).status).toBe(200);
    await songPaid(ada.songId);
    const other = await artistWithSong(undefined, "Someone Else's");

    const mine = await me(ada.browser);
    expect(mine?.songs).toEqual([
      { id: unpaid, title: "Ada Unpaid", status: "pending", package: null, paid: false, explicit: false, cleanVersionOf: null },
      { id: ada.songId, title: "Ada Paid", status: "approved", package: "standard", paid: true, explicit: false, cleanVersionOf: null },
    ]);
    expect(mine?.payouts).toEqual({ status: "not_started", heldCents: 0 });
    // The card saved in this session, so /distribute can offer it instead of asking again.
    const phone = await env.DB.prepare("select phone from artists where id = ?").bind(ada.artistId).first<string>("phone");
    expect(mine?.savedPayment).toEqual({
      customerId: ada.customerId,
      phoneNumber: phone,
      paymentFrequency: "weekly",
      brand: "visa",
      last4: expect.stringMatching(/^\d{4}$/),
    });
    expect((await me(other.browser))?.songs.map((song) => song.id)).toEqual([other.songId]);
    expect((await me(other.browser))?.savedPayment?.customerId).toBe(other.customerId);
  });
});

describe("POST /api/me/artist-link", { timeout: 30_000 }, () => {
  it("gives the session's artist a fresh link that opens their own page", async () => {
    const ada = await artistWithSong(undefined, "Linked Song");
    const response = await ada.browser.fetch("/api/me/artist-link", { method: "POST" });
    expect(response.status).toBe(200);
    const { artistPageUrl } = await response.json<MyArtistLinkResponse>();
    const page = await new Browser().fetch(`/api${artistPageUrl}`);
    expect(page.status).toBe(200);
    expect((await page.json<ArtistPageResponse>()).songs.map((song) => song.id)).toEqual([ada.songId]);
  });

  it("keeps the link in this browser's HttpOnly cookie: the one it keeps when that opens the session's artist, else a new one", async () => {
    const ada = await artistWithLink();
    const linksOf = async (artistId: string) =>
      (await env.DB.prepare("select count(*) as n from artist_links where artist_id = ?").bind(artistId).first<number>("n")) ?? 0;
    // The card saved in this browser left its link in the cookie.
    expect(ada.browser.cookie(LINK_COOKIE)).toBe(ada.token);
    const before = await linksOf(ada.artistId);
    for (let i = 0; i <= LINKS_PER_ARTIST_PER_HOUR; i++) {
      const kept = await ada.browser.fetch("/api/me/artist-link", { method: "POST" });
      expect(kept.status).toBe(200);
      expect(kept.headers.getSetCookie()[0]).toMatch(new RegExp(`^${LINK_COOKIE}=${ada.token}; Max-Age=\\d+; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    }
    // Asked more often than new links may be: the kept one was renewed each time, nothing issued or counted.
    expect(await linksOf(ada.artistId)).toBe(before);

    // Lost, or another artist's link in the cookie: a new link of the session's own artist, kept instead.
    const bea = await artistWithLink();
    for (const cookie of ["", bea.token]) {
      ada.browser.setCookie(LINK_COOKIE, cookie);
      expect((await ada.browser.fetch("/api/me/artist-link", { method: "POST" })).status).toBe(200);
      const fresh = ada.browser.cookie(LINK_COOKIE)!;
      expect(fresh).not.toBe(ada.token);
      expect(fresh).not.toBe(bea.token);
      expect((await ada.browser.fetch("/api/artist/link")).status).toBe(200);
      expect(await testCtxArtistOf(fresh)).toBe(ada.artistId);
    }
    expect(await linksOf(ada.artistId)).toBe(before + 2);
  });

  it("refuses a browser with no artist session, and a link asked for too often", async () => {
    const anonymous = await new Browser().fetch("/api/me/artist-link", { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json<{ error: { message: string } }>()).error.message).toMatch(/Save your payment method/);

    const { browser } = await artistWithLink();
    // A browser that lost its link each time: every call issues a new one, and counts.
    const linkLost = () => browser.setCookie(LINK_COOKIE, "");
    for (let i = 0; i < LINKS_PER_ARTIST_PER_HOUR; i++) {
      linkLost();
      expect((await browser.fetch("/api/me/artist-link", { method: "POST" })).status).toBe(200);
    }
    linkLost();
    const refused = await browser.fetch("/api/me/artist-link", { method: "POST" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).not.toBeNull();
  });
});

describe("monthly statements", { timeout: 30_000 }, () => {
  it("shows a month's sales and the artist's share as the ledger credited them, and the month's payouts", async () => {
    const ada = await artistWithLink();
    const songId = await insertSong({ artistId: ada.artistId, status: "distributed", package: "standard" });
    const { title } = (await env.DB.prepare("select title from songs where id = ?1").bind(songId).first<{ title: string }>())!;
    const answer = await recordPurchaseReport(testContext(), {
      purchases: [
        { purchaseId: crypto.randomUUID(), songId, priceCents: 199, purchasedAt: "2025-03-04T10:00:00Z" },
        { purchaseId: crypto.randomUUID(), songId, priceCents: 199, purchasedAt: "2025-03-31T23:59:59Z" },
        { purchaseId: crypto.randomUUID(), songId, priceCents: 199, purchasedAt: "2025-04-01T00:00:00Z" },
      ],
    });
    expect(answer.recorded).toBe(3);
    await db.insert(payouts).values([
      { id: crypto.randomUUID(), artistId: ada.artistId, period: "2025-03-10", amountCents: 196, status: "paid" },
      { id: crypto.randomUUID(), artistId: ada.artistId, period: "2025-03-17", amountCents: 50, status: "failed" },
    ]);
    // The standard package's 2% of $1.99 is 3¢ (rounded down): 196¢ a sale to the artist.
    expect(await accountBalance(testCtx, ACCOUNTS.artistAvailable(ada.artistId))).toBe(3 * 196);

    const response = await statement(ada.token, "2025-03");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="jplay-statement-2025-03.csv"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const lines = (await response.text()).split("\r\n");
    expect(lines).toContain(`"${title}","2","3.98","3.92"`);
    expect(lines).toContain(`"Total","2","3.98","3.92"`);
    expect(lines).toContain(`"2025-03-10","1.96","Paid"`);
    expect(lines).toContain(`"2025-03-17","0.50","Failed (returned to your balance)"`);
    expect(lines).toContain(`"Total paid out","1.96",""`);

    // The months since the first sale, newest first.
    const months = await (await new Browser().fetch(`/api/artist/${ada.token}/statements`)).json<StatementMonthsResponse>();
    expect(months.months.at(-1)).toBe("2025-03");
    expect(months.months[0]).toBe(new Date().toISOString().slice(0, 7));
    expect(months.months).toContain("2025-04");
  });

  it("answers an empty statement for a month with no activity", async () => {
    const ada = await artistWithLink();
    const response = await statement(ada.token, "2024-01");
    expect(response.status).toBe(200);
    const lines = (await response.text()).split("\r\n");
    expect(lines).toContain(`"Total","0","0.00","0.00"`);
    expect(lines).toContain(`"Total paid out","0.00",""`);
    expect(lines.filter((line) => line.startsWith('"2024-01-'))).toEqual([]);
  });

  it("shows a token only its own artist's figures; an unknown token or a bad month is refused", async () => {
    const ada = await artistWithLink();
    const other = await artistWithLink();
    const songId = await insertSong({ artistId: ada.artistId, status: "distributed", package: "expedited" });
    await recordPurchaseReport(testContext(), {
      purchases: [{ purchaseId: crypto.randomUUID(), songId, priceCents: 199, purchasedAt: "2025-06-02T12:00:00Z" }],
    });
    await db.insert(payouts).values({ id: crypto.randomUUID(), artistId: ada.artistId, period: "2025-06-09", amountCents: 180, status: "paid" });

    const theirs = await (await statement(other.token, "2025-06")).text();
    expect(theirs).not.toContain("Song ");
    expect(theirs).not.toContain("2025-06-09");
    expect(theirs).toContain(`"Total","0","0.00","0.00"`);
    expect(await (await statement(ada.token, "2025-06")).text()).toContain(`"Total","1","1.99","1.80"`);

    expect((await statement("A".repeat(43), "2025-06")).status).toBe(404);
    for (const month of ["2025-13", "2025-6", "latest"]) {
      const refused = await statement(ada.token, month);
      expect(refused.status).toBe(400);
      expect((await refused.json<{ error: { message: string } }>()).error.message).toMatch(/YYYY-MM/);
    }
    const future = await statement(ada.token, `${new Date().getUTCFullYear() + 1}-01`);
    expect(future.status).toBe(400);
  });
});
