/**
 * Royalty splits (docs/splits.md) with real local D1: each sale's artist credit is split in the
 * purchase's own batch and the parts sum exactly to the credit; a recoup is paid first; a change
 * applies only to sales made after it was saved; a share left unaccepted is held, the artist told
 * 14 days ahead, then returned after the hold; a refund reverses the split; the artist page's
 * routes refuse other artists, odd ids and wrong tokens, writing nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { splitSale } from "@jplay/schema/pricing";
import { LEDGER_ACCOUNTS as A } from "@jplay/schema/ledger-postings";
import { accountBalance, ledgerTotal } from "../../ledger/ledger";
import { loadMonthlyStatement } from "../../ledger/monthly-statement";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { refundRightsRemoval } from "../../provider/receipts/refund-rights-removal";
import { returnHeldSharesTask, saveSongSplit } from "../index";
import { splitCredit } from "../split-rule";
import fc from "fast-check";
import * as v from "valibot";
import {
  AdminSongSplitsResponseSchema,
  type AdminSongSplitsResponse,
  type SaveSongSplitRequest,
  SongSplitResponseSchema,
  type SongSplitResponse,
} from "@jplay/schema/splits";
import { issueArtistLink } from "../../access/artist-links";
import { signedInOperator } from "../../../test/admin-support";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

const DAY = 24 * 60 * 60 * 1000;
const at = (now: number) => testContext({ now: () => now });

async function liveSong(priceCents = 199) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, status: "distributed", package: "standard", priceCents, audio: null });
  return { artistId, songId };
}

const fiftyThirtyTwenty = (phoneB = "+15550100001", phoneC = "+15550100002"): SaveSongSplitRequest => ({
  collaborators: [
    { name: "Bea", phone: phoneB, role: "producer", basisPoints: 3_000 },
    { name: "Cy", phone: phoneC, role: "composer", basisPoints: 2_000 },
  ],
  recoup: null,
});

let sequence = 0;
async function sell(songId: string, count: number, now: number, priceCents = 199) {
  const purchases = Array.from({ length: count }, () => ({
    purchaseId: `split-${++sequence}-${crypto.randomUUID().slice(0, 6)}`,
    songId,
    priceCents,
    purchasedAt: new Date(now - 1_000).toISOString(),
  }));
  const answer = await recordPurchaseReport(at(now), { purchases }, {}, now);
  expect(answer.recorded).toBe(count);
  return purchases.map((purchase) => purchase.purchaseId);
}

const collaboratorId = async (artistId: string, phone: string) =>
  (await env.DB.prepare("select id from collaborators where artist_id = ?1 and phone = ?2").bind(artistId, phone).first<string>("id"))!;
const credited = async (songId: string, collaborator: string) =>
  (await env.DB.prepare("select coalesce(sum(cents), 0) as n from split_credits where song_id = ?1 and collaborator_id = ?2 and refunded_at is null")
    .bind(songId, collaborator)
    .first<number>("n")) ?? 0;

describe("splitting sales", () => {
  it("splits 50/30/20 over many sales: the parts sum exactly to the artist credits, in the purchases' batch", async () => {
    const { artistId, songId } = await liveSong(199);
    const saved = Date.now() - 60_000;
    await saveSongSplit(at(saved), artistId, songId, fiftyThirtyTwenty());
    const artistBefore = await accountBalance(testContext(), A.artistAvailable(artistId));
    await sell(songId, 37, Date.now());
    const credit = splitSale(
      199,
      (await env.DB.prepare("select revenue_split_bps as b from songs where id = ?1").bind(songId).first<number>("b"))!,
    ).artistCents;
    const b = await collaboratorId(artistId, "+15550100001");
    const c = await collaboratorId(artistId, "+15550100002");
    const artistNow = (await accountBalance(testContext(), A.artistAvailable(artistId))) - artistBefore;
    const bHeld = await accountBalance(testContext(), A.collaboratorHeld(b, songId));
    const cHeld = await accountBalance(testContext(), A.collaboratorHeld(c, songId));
    expect(artistNow + bHeld + cHeld).toBe(37 * credit);
    expect(bHeld).toBe(await credited(songId, b));
    // Each sale is the rounding rule on one credit, so 37 sales are 37 times it: no cent lost or made.
    const one = splitCredit(credit, [
      { collaboratorId: b, basisPoints: 3_000 },
      { collaboratorId: c, basisPoints: 2_000 },
    ]);
    expect([artistNow, bHeld, cHeld]).toEqual([37 * one.artistCents, 37 * one.shares[0]!.cents, 37 * one.shares[1]!.cents]);
    expect(await ledgerTotal(testContext())).toBe(0);
    // The monthly statement's share is what the artist kept.
    const month = new Date().toISOString().slice(0, 7);
    const statement = await loadMonthlyStatement(testContext(), artistId, month);
    expect(statement.songs.map((song) => [song.downloads, song.artistCents])).toEqual([[37, artistNow]]);
  });

  it("for random shares and prices, the collaborators' credits and the artist's part equal the artist credit in the ledger (property)", async () => {
    const shares = fc.array(fc.integer({ min: 1, max: 2_500 }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(shares, fc.integer({ min: 70, max: 199 }), fc.integer({ min: 1, max: 6 }), async (bps, priceCents, sales) => {
        const { artistId, songId } = await liveSong(priceCents);
        const collaborators = bps.map((basisPoints, i) => ({ name: `P${i}`, phone: `+1555020${String(1000 + i)}`, role: "performer" as const, basisPoints }));
        await saveSongSplit(at(Date.now() - 60_000), artistId, songId, { collaborators, recoup: null });
        await sell(songId, sales, Date.now(), priceCents);
        const credit = splitSale(
          priceCents,
          (await env.DB.prepare("select revenue_split_bps as b from songs where id = ?1").bind(songId).first<number>("b"))!,
        ).artistCents;
        const toCollaborators =
          (await env.DB.prepare("select coalesce(sum(cents), 0) as n from split_credits where song_id = ?1").bind(songId).first<number>("n")) ?? 0;
        const held =
          (await env.DB.prepare(
            "select coalesce(sum(amount_cents), 0) as n from ledger_entries where account like 'collaborator:%' and substr(account, -length(?1)) = ?1",
          )
            .bind(`:held:${songId}`)
            .first<number>("n")) ?? 0;
        expect(held).toBe(toCollaborators);
        expect((await accountBalance(testContext(), A.artistAvailable(artistId))) + toCollaborators).toBe(sales * credit);
      }),
      { numRuns: 15 },
    );
    expect(await ledgerTotal(testContext())).toBe(0);
  });

  it("splits nothing twice when a report is sent again", async () => {
    const { artistId, songId } = await liveSong();
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, fiftyThirtyTwenty());
    const now = Date.now();
    const purchases = [{ purchaseId: `again-${crypto.randomUUID()}`, songId, priceCents: 199, purchasedAt: new Date(now - 1_000).toISOString() }];
    await recordPurchaseReport(at(now), { purchases }, {}, now);
    const again = await recordPurchaseReport(at(now), { purchases }, {}, now);
    expect(again.duplicates).toBe(1);
    expect(await env.DB.prepare("select count(*) as n from split_credits where purchase_id = ?1").bind(purchases[0]!.purchaseId).first("n")).toBe(2);
  });

  it("pays the recoup to its payee first, then splits the rest", async () => {
    const { artistId, songId } = await liveSong(1_000);
    const split: SaveSongSplitRequest = {
      collaborators: [{ name: "Bea", phone: "+15550100011", role: "producer", basisPoints: 5_000 }],
      recoup: { payeePhone: "+15550100011", amountCents: 1_500 },
    };
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split);
    const credit = splitSale(
      1_000,
      (await env.DB.prepare("select revenue_split_bps as b from songs where id = ?1").bind(songId).first<number>("b"))!,
    ).artistCents;
    const b = await collaboratorId(artistId, "+15550100011");
    await sell(songId, 4, Date.now(), 1_000);
    const recouped =
      (await env.DB.prepare("select coalesce(sum(cents), 0) as n from split_credits where collaborator_id = ?1 and kind = 'recoup'")
        .bind(b)
        .first<number>("n")) ?? 0;
    expect(recouped).toBe(Math.min(1_500, 4 * credit));
    const shares =
      (await env.DB.prepare("select coalesce(sum(cents), 0) as n from split_credits where collaborator_id = ?1 and kind = 'share'")
        .bind(b)
        .first<number>("n")) ?? 0;
    // What was left after the recoup, half to Bea (per sale, by the rounding rule, so within a cent a sale).
    expect(Math.abs(shares - (4 * credit - recouped) / 2)).toBeLessThanOrEqual(4);
    expect(await accountBalance(testContext(), A.collaboratorHeld(b, songId))).toBe(recouped + shares);
  });

  it("never applies a change to sales made before it was saved", async () => {
    const { artistId, songId } = await liveSong();
    const t0 = Date.now() - 10 * 60_000;
    await saveSongSplit(at(t0), artistId, songId, fiftyThirtyTwenty());
    const b = await collaboratorId(artistId, "+15550100001");
    const t1 = t0 + 5 * 60_000;
    await saveSongSplit(at(t1), artistId, songId, {
      collaborators: [{ name: "Bea", phone: "+15550100001", role: "producer", basisPoints: 10_000 }],
      recoup: null,
    });
    // A sale made between the two saves, reported after the change, keeps the first version's 30%.
    const now = Date.now();
    const early = [{ purchaseId: `early-${crypto.randomUUID()}`, songId, priceCents: 199, purchasedAt: new Date(t0 + 60_000).toISOString() }];
    await recordPurchaseReport(at(now), { purchases: early }, {}, now);
    const credit = splitSale(
      199,
      (await env.DB.prepare("select revenue_split_bps as b from songs where id = ?1").bind(songId).first<number>("b"))!,
    ).artistCents;
    expect(await credited(songId, b)).toBeLessThan(credit);
    const late = [{ purchaseId: `late-${crypto.randomUUID()}`, songId, priceCents: 199, purchasedAt: new Date(now - 1_000).toISOString() }];
    const before = await credited(songId, b);
    await recordPurchaseReport(at(now), { purchases: late }, {}, now);
    expect((await credited(songId, b)) - before).toBe(credit);
    // A sale before any split was saved is not split at all.
    const older = [{ purchaseId: `older-${crypto.randomUUID()}`, songId, priceCents: 199, purchasedAt: new Date(t0 - 60_000).toISOString() }];
    await recordPurchaseReport(at(now), { purchases: older }, {}, now);
    expect(await env.DB.prepare("select count(*) as n from split_credits where purchase_id = ?1").bind(older[0]!.purchaseId).first("n")).toBe(0);
  });

  it("reverses the split when the purchase is given back", async () => {
    const { artistId, songId } = await liveSong();
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, fiftyThirtyTwenty());
    await sell(songId, 3, Date.now());
    const b = await collaboratorId(artistId, "+15550100001");
    expect(await accountBalance(testContext(), A.collaboratorHeld(b, songId))).toBeGreaterThan(0);
    await refundRightsRemoval(testContext(), songId, "operator@test");
    expect(await accountBalance(testContext(), A.collaboratorHeld(b, songId))).toBe(0);
    expect(await accountBalance(testContext(), A.artistAvailable(artistId))).toBe(0);
    expect(await ledgerTotal(testContext())).toBe(0);
  });
});

describe("the artist page's split routes", () => {
  const page = new Browser();
  const put = (token: string, songId: string, body: unknown) =>
    page.fetch(`/api/artist/${token}/songs/${songId}/splits`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const rows = async () => {
    const count = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n")) ?? 0;
    return {
      collaborators: await count("collaborators"),
      versions: await count("song_split_versions"),
      shares: await count("song_split_shares"),
      audit: await count("audit_log"),
    };
  };

  it("saves a split, answers it, audits it, and shows the operator every version", async () => {
    const { artistId, songId } = await liveSong();
    const token = await issueArtistLink(testContext(), artistId);
    const saved = await put(token, songId, { ...fiftyThirtyTwenty("+1 555 010 0021", "+1 555 010 0022") });
    expect(saved.status).toBe(200);
    const answer = await saved.json<SongSplitResponse>();
    expect(v.is(SongSplitResponseSchema, answer)).toBe(true);
    expect(answer.split).toMatchObject({ version: 1, artistBasisPoints: 5_000, recoup: null });
    expect(answer.split!.collaborators.map((c) => [c.name, c.phone, c.role, c.basisPoints, c.accepted])).toEqual([
      ["Bea", "+15550100021", "producer", 3_000, false],
      ["Cy", "+15550100022", "composer", 2_000, false],
    ]);
    expect(await (await page.fetch(`/api/artist/${token}/songs/${songId}/splits`)).json()).toEqual(answer);
    await put(token, songId, {
      collaborators: [{ name: "Bea B.", phone: "+15550100021", role: "producer", basisPoints: 4_000 }],
      recoup: { payeePhone: "+15550100021", amountCents: 500 },
    });
    const audit = await env.DB.prepare("select actor, artist_id as artistId from audit_log where action = 'splits_changed' and song_id = ?1")
      .bind(songId)
      .all();
    expect(audit.results).toEqual([
      { actor: `artist:${artistId}`, artistId },
      { actor: `artist:${artistId}`, artistId },
    ]);
    const operator = await signedInOperator();
    const history = await (await operator.fetch(`/api/admin/songs/${songId}/splits`)).json<AdminSongSplitsResponse>();
    expect(v.is(AdminSongSplitsResponseSchema, history)).toBe(true);
    expect(history.artistId).toBe(artistId);
    expect(history.versions.map((v) => [v.version, v.artistBasisPoints, v.collaborators.map((c) => c.name), v.recoup?.amountCents ?? null])).toEqual([
      [2, 6_000, ["Bea B."], 500],
      [1, 5_000, ["Bea B.", "Cy"], null],
    ]);
  });

  it("refuses another artist's song, odd song ids and wrong tokens, writing nothing", async () => {
    const mine = await liveSong();
    const theirs = await liveSong();
    const token = await issueArtistLink(testContext(), mine.artistId);
    const before = await rows();
    for (const songId of [theirs.songId, "constructor", "__proto__", "does-not-exist"]) {
      expect((await put(token, songId, fiftyThirtyTwenty())).status).toBe(404);
      expect((await page.fetch(`/api/artist/${token}/songs/${songId}/splits`)).status).toBe(404);
    }
    for (const wrong of ["not-a-token", "constructor", "__proto__", `${token.slice(0, -2)}xx`]) {
      expect((await put(wrong, mine.songId, fiftyThirtyTwenty())).status).toBe(404);
    }
    expect(await rows()).toEqual(before);
  });

  it("refuses shares over 100%, more than 20 collaborators, bad basis points and a payee who is not a collaborator", async () => {
    const { artistId, songId } = await liveSong();
    const token = await issueArtistLink(testContext(), artistId);
    const before = await rows();
    const person = (i: number, basisPoints = 100) => ({ name: `P${i}`, phone: `+1555010${String(1000 + i)}`, role: "performer", basisPoints });
    const refused = [
      { collaborators: [person(1, 6_000), person(2, 4_001)], recoup: null },
      { collaborators: Array.from({ length: 21 }, (_, i) => person(i)), recoup: null },
      { collaborators: [person(1, 0)], recoup: null },
      { collaborators: [person(1, 12.5)], recoup: null },
      { collaborators: [person(1), { ...person(2), phone: person(1).phone }], recoup: null },
      { collaborators: [person(1)], recoup: { payeePhone: "+15559999999", amountCents: 100 } },
      { collaborators: [{ ...person(1), phone: "not a phone" }], recoup: null },
    ];
    for (const body of refused) expect((await put(token, songId, body)).status).toBe(400);
    expect(await rows()).toEqual(before);
    expect((await put(token, songId, { collaborators: Array.from({ length: 20 }, (_, i) => person(i, 500)), recoup: null })).status).toBe(200);
  });
});

describe("held shares", () => {
  it("holds an unaccepted share, tells the artist 14 days before, and returns it to the artist after the hold", async () => {
    const { artistId, songId } = await liveSong();
    const soldAt = Date.now() - 1_000;
    await saveSongSplit(at(soldAt - 60_000), artistId, songId, fiftyThirtyTwenty("+15550100031", "+15550100032"));
    await sell(songId, 5, soldAt + 1_000);
    const b = await collaboratorId(artistId, "+15550100031");
    const c = await collaboratorId(artistId, "+15550100032");
    const held = async () => [
      await accountBalance(testContext(), A.collaboratorHeld(b, songId)),
      await accountBalance(testContext(), A.collaboratorHeld(c, songId)),
    ];
    const [bHeld, cHeld] = await held();
    expect(bHeld! > 0 && cHeld! > 0).toBe(true);
    const artistBefore = await accountBalance(testContext(), A.artistAvailable(artistId));
    const texts = async () =>
      (await env.DB.prepare("select body from text_messages where artist_id = ?1 and kind = 'split_share_returning'").bind(artistId).all<{ body: string }>())
        .results;

    // 150 days on: nothing yet.
    await returnHeldSharesTask(testContext(), new Date(soldAt + 150 * DAY));
    expect(await texts()).toEqual([]);
    expect(await held()).toEqual([bHeld, cHeld]);

    // 167 days on (14 before the 180-day hold ends): the artist is told, once per collaborator, and nothing moves yet.
    await returnHeldSharesTask(testContext(), new Date(soldAt + 167 * DAY));
    await returnHeldSharesTask(testContext(), new Date(soldAt + 167 * DAY + 60_000));
    expect((await texts()).length).toBe(2);
    expect((await texts()).some((text) => text.body.includes("Bea"))).toBe(true);
    expect(await held()).toEqual([bHeld, cHeld]);

    // 181 days on: both held shares are the artist's again, once however often the task runs.
    await returnHeldSharesTask(testContext(), new Date(soldAt + 181 * DAY));
    await returnHeldSharesTask(testContext(), new Date(soldAt + 182 * DAY));
    expect(await held()).toEqual([0, 0]);
    expect((await accountBalance(testContext(), A.artistAvailable(artistId))) - artistBefore).toBe(bHeld! + cHeld!);
    expect(await ledgerTotal(testContext())).toBe(0);
  });

  it("keeps the hold SPLIT_HOLD_DAYS long, and never returns a share whose collaborator accepted", async () => {
    const { artistId, songId } = await liveSong();
    const soldAt = Date.now() - 1_000;
    await saveSongSplit(at(soldAt - 60_000), artistId, songId, fiftyThirtyTwenty("+15550100041", "+15550100042"));
    const b = await collaboratorId(artistId, "+15550100041");
    await env.DB.prepare("update collaborators set accepted_at = ?2 where id = ?1").bind(b, soldAt).run();
    await sell(songId, 2, soldAt + 1_000);
    const c = await collaboratorId(artistId, "+15550100042");
    const shortHold = testContext({ env: { ...env, SPLIT_HOLD_DAYS: "30" } });
    expect(await accountBalance(testContext(), A.collaboratorHeld(b, songId))).toBe(0);
    const bAvailable = await accountBalance(testContext(), A.collaboratorAvailable(b));
    expect(bAvailable).toBeGreaterThan(0);
    await returnHeldSharesTask(shortHold, new Date(soldAt + 17 * DAY));
    await returnHeldSharesTask(shortHold, new Date(soldAt + 31 * DAY));
    expect(await accountBalance(testContext(), A.collaboratorHeld(c, songId))).toBe(0);
    expect(await accountBalance(testContext(), A.collaboratorAvailable(b))).toBe(bAvailable);
  });
});
