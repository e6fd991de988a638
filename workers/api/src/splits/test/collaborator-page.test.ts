/**
 * Collaborators accept their share (docs/splits.md, Accepting) with real local D1: saving a split
 * texts each collaborator not yet accepted a link to their own page, once per collaborator and song;
 * the page, one per phone, shows their shares on songs of several artists; accepting moves every held
 * share to available once, in one batch, audited, and later sales are credited as available directly;
 * wrong tokens, odd ids and another collaborator's link write nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { LEDGER_ACCOUNTS as A } from "@jplay/schema/ledger-postings";
import { AcceptSharesResponseSchema, CollaboratorPageResponseSchema, type SaveSongSplitRequest } from "@jplay/schema/splits";
import { issueArtistLink } from "../../access/artist-links";
import { accountBalance, ledgerTotal } from "../../ledger/ledger";
import { returnHeldSharesTask, saveSongSplit } from "../index";
import { insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";
import { askForCode, at, collaboratorIds, confirmCode, confirmed, linkFor, liveSong, opened, sell, split, textedCode } from "./collaborator.test-support";

const DAY = 24 * 60 * 60 * 1000;
/** What accepting or confirming would write: none of it may move for a refused caller. */
const snapshot = async () => {
  const count = async (query: string) => (await env.DB.prepare(query).first<number>("n")) ?? 0;
  return {
    accepted: await count("select count(*) as n from collaborators where accepted_at is not null"),
    ledger: await count("select count(*) as n from ledger_entries"),
    audit: await count("select count(*) as n from audit_log"),
    held: await count("select count(*) as n from split_credits where held = 1"),
    confirmed: await count("select count(*) as n from collaborator_payees where confirmed_at is not null"),
  };
};

const accept = (browser: Browser, token = "link") => browser.fetch(`/api/collaborator/${token}/accept`, { method: "POST" });

describe("the invitation text", () => {
  it("texts each collaborator not yet accepted a link to their page once per song, in the artist's language, never on later saves", async () => {
    const { artistId, songId } = await liveSong("Río", "Ana", "es");
    const token = await issueArtistLink(testContext(), artistId);
    const page = new Browser();
    const put = (id: string, body: SaveSongSplitRequest) =>
      page.fetch(`/api/artist/${token}/songs/${id}/splits`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const invitations = async () =>
      (
        await env.DB.prepare("select to_phone as phone, body from text_messages where kind = 'split_invitation' order by to_phone").all<{
          phone: string;
          body: string;
        }>()
      ).results;

    expect((await put(songId, split(["Bea", "+15550300001", 3_000], ["Cy", "+15550300002", 2_000]))).status).toBe(200);
    const sent = await invitations();
    expect(sent.map((text) => text.phone)).toEqual(["+15550300001", "+15550300002"]);
    for (const text of sent) {
      expect(text.body).toContain("Ana te nombró en");
      expect(text.body).toMatch(/\/collaborator\/([A-Za-z0-9_-]{43}|\[link hidden\])/);
    }
    expect(await env.DB.prepare("select count(*) as n from collaborator_links").first("n")).toBe(2);

    // Saved again, and again with a change: nobody is texted twice for this song, and no link is made for nobody.
    await put(songId, split(["Bea", "+15550300001", 3_000], ["Cy", "+15550300002", 2_000]));
    await put(songId, split(["Bea", "+15550300001", 4_000], ["Cy", "+15550300002", 1_000]));
    expect((await invitations()).length).toBe(2);
    expect(await env.DB.prepare("select count(*) as n from collaborator_links").first("n")).toBe(2);

    // Someone added later is invited; on another song of the artist, one who accepted is not, one who did not is.
    await put(songId, split(["Bea", "+15550300001", 4_000], ["Cy", "+15550300002", 1_000], ["Di", "+15550300003", 1_000]));
    expect((await invitations()).map((text) => text.phone)).toEqual(["+15550300001", "+15550300002", "+15550300003"]);
    await env.DB.prepare("update collaborators set accepted_at = ?2 where artist_id = ?1 and phone = '+15550300001'").bind(artistId, Date.now()).run();
    const next = await insertSong({ artistId, status: "distributed", package: "standard", priceCents: 199, audio: null });
    expect((await put(next, split(["Bea", "+15550300001", 1_000], ["Cy", "+15550300002", 1_000]))).status).toBe(200);
    expect((await invitations()).map((text) => text.phone)).toEqual(["+15550300001", "+15550300002", "+15550300002", "+15550300003"]);
  });
});

describe("the collaborator's page", () => {
  const phone = "+15550300101";

  it("shows one phone's shares on songs of two artists, held until accepted", async () => {
    const first = await liveSong("Morning", "Ana");
    const second = await liveSong("Night", "Ben");
    await saveSongSplit(at(Date.now() - 60_000), first.artistId, first.songId, split(["Bea", phone, 3_000]));
    await saveSongSplit(at(Date.now() - 60_000), second.artistId, second.songId, split(["Bea", phone, 5_000]));
    await sell(first.songId, 3);
    await sell(second.songId, 2);
    const browser = await confirmed(await linkFor(phone), phone);
    const answer = await browser.fetch("/api/collaborator/link");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const body = await answer.json();
    expect(v.is(CollaboratorPageResponseSchema, body)).toBe(true);
    const page = v.parse(CollaboratorPageResponseSchema, body);
    expect(page.accepted).toBe(false);
    const [a, b] = await collaboratorIds(phone);
    const held = async (songId: string) =>
      (await accountBalance(testContext(), A.collaboratorHeld(a!, songId))) + (await accountBalance(testContext(), A.collaboratorHeld(b!, songId)));
    expect(page.shares.map((share) => [share.songTitle, share.artistName, share.role, share.basisPoints, share.availableCents])).toEqual([
      ["Morning", "Ana", "producer", 3_000, 0],
      ["Night", "Ben", "producer", 5_000, 0],
    ]);
    expect(page.shares[0]!.heldCents).toBe(await held(first.songId));
    expect(page.shares[1]!.heldCents).toBe(await held(second.songId));
    expect(page.shares.every((share) => share.heldCents > 0)).toBe(true);
  });

  it("accepts once: every held share moves to available in one batch, audited; a second accept moves nothing; later sales go to available", async () => {
    const ids = await collaboratorIds(phone);
    const songs = (await env.DB.prepare("select distinct song_id as id from split_credits").all<{ id: string }>()).results.map((row) => row.id);
    const balances = async () => {
      let held = 0;
      let available = 0;
      for (const id of ids) {
        available += await accountBalance(testContext(), A.collaboratorAvailable(id));
        for (const songId of songs) held += await accountBalance(testContext(), A.collaboratorHeld(id, songId));
      }
      return { held, available };
    };
    const before = await balances();
    expect(before.held).toBeGreaterThan(0);
    const browser = await opened(await linkFor(phone));

    const first = await accept(browser);
    expect(first.status).toBe(200);
    const answer = v.parse(AcceptSharesResponseSchema, await first.json());
    expect(answer.movedCents).toBe(before.held);
    expect(await balances()).toEqual({ held: 0, available: before.held });
    const moves = await env.DB.prepare(
      "select count(distinct created_at) as batches, count(*) as n from ledger_transactions where kind = 'split.accepted'",
    ).first<{
      batches: number;
      n: number;
    }>();
    expect(moves).toEqual({ batches: 1, n: 2 });
    const audit = await env.DB.prepare("select actor from audit_log where action = 'split_shares_accepted' order by actor").all<{ actor: string }>();
    expect(audit.results.map((row) => row.actor)).toEqual(ids.map((id) => `collaborator:${id}`));

    const ledgerRows = await env.DB.prepare("select count(*) as n from ledger_entries").first("n");
    const again = v.parse(AcceptSharesResponseSchema, await (await accept(browser)).json());
    expect(again.movedCents).toBe(0);
    expect(await env.DB.prepare("select count(*) as n from ledger_entries").first("n")).toBe(ledgerRows);
    expect(await env.DB.prepare("select count(*) as n from audit_log where action = 'split_shares_accepted'").first("n")).toBe(2);
    expect(v.parse(CollaboratorPageResponseSchema, await (await browser.fetch("/api/collaborator/link")).json()).accepted).toBe(true);

    // A later sale is credited as available directly, and the hold's cron returns nothing of it.
    for (const songId of songs) await sell(songId, 2);
    const after = await balances();
    expect(after.held).toBe(0);
    expect(after.available).toBeGreaterThan(before.held);
    await returnHeldSharesTask(testContext(), new Date(Date.now() + 200 * DAY));
    expect(await balances()).toEqual(after);
    expect(await ledgerTotal(testContext())).toBe(0);
  });
});

describe("confirming the phone", () => {
  const phone = "+15550300301";
  const other = "+15550300302";

  it("shows no share and accepts nothing until a code texted to the phone is typed back; wrong, replayed and another phone's codes confirm nothing", async () => {
    const { artistId, songId } = await liveSong("Dawn", "Ana", "es");
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split(["Eve", phone, 3_000], ["Fay", other, 2_000]));
    await sell(songId, 2);
    const browser = await opened(await linkFor(phone));
    const before = await snapshot();

    const hidden = v.parse(CollaboratorPageResponseSchema, await (await browser.fetch("/api/collaborator/link")).json());
    expect(hidden.phone).toEqual({ number: "+1 ••• ••• 0301", confirmed: false });
    expect(hidden.shares).toEqual([]);
    const refused = await accept(browser);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("phone_not_confirmed");
    expect(await snapshot()).toEqual(before);

    // Another phone's code, typed on this page, is no code here.
    const theirs = await opened(await linkFor(other));
    expect((await askForCode(theirs)).status).toBe(200);
    const otherCode = await textedCode(other);
    expect((await confirmCode(browser, otherCode)).status).toBe(409);

    // The code goes to this phone only, in the naming artist's language; its hash alone is stored.
    const sent = await askForCode(browser);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sentTo: "+1 ••• ••• 0301", expiresAt: expect.any(String) });
    const code = await textedCode(phone);
    expect(JSON.stringify(await env.DB.prepare("select * from collaborator_payees where phone = ?1").bind(phone).first())).not.toContain(code.replace("-", ""));
    const wrong = code === "000-000" ? "111-111" : "000-000";
    const bad = await confirmCode(browser, wrong);
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { code: string } }>()).error.code).toBe("phone_code_invalid");
    expect(await env.DB.prepare("select code_attempts as n from collaborator_payees where phone = ?1").bind(phone).first("n")).toBe(1);
    expect(await snapshot()).toEqual(before);

    const right = await confirmCode(browser, code);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ phone: { number: "+1 ••• ••• 0301", confirmed: true } });
    // Replayed: the code was spent.
    expect((await confirmCode(browser, code)).status).toBe(409);
    const shown = v.parse(CollaboratorPageResponseSchema, await (await browser.fetch("/api/collaborator/link")).json());
    expect(shown.phone.confirmed).toBe(true);
    expect(shown.shares.map((share) => share.songTitle)).toEqual(["Dawn"]);
    // The other phone is still not confirmed: its page shows nothing.
    expect(v.parse(CollaboratorPageResponseSchema, await (await theirs.fetch("/api/collaborator/link")).json()).shares).toEqual([]);
    expect((await accept(browser)).status).toBe(200);
  });
});

describe("attackers", () => {
  it("wrong tokens, odd ids, another site's link and another collaborator's link accept nothing for them", async () => {
    const victim = "+15550300201";
    const attacker = "+15550300202";
    const { artistId, songId } = await liveSong("Shared", "Ana");
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split(["Vi", victim, 3_000], ["At", attacker, 2_000]));
    await sell(songId, 2);
    const victimToken = await linkFor(victim);
    const before = await snapshot();

    const stranger = new Browser();
    for (const token of ["not-a-token", "constructor", "__proto__", "link", `${victimToken.slice(0, -2)}xx`, "a".repeat(43)]) {
      expect((await stranger.fetch(`/api/collaborator/${token}`)).status).toBe(404);
      expect((await accept(stranger, token)).status).toBe(404);
    }
    // A link another website sends the browser to is not kept.
    const sent = await stranger.fetch(`/collaborator/${victimToken}`, { headers: { "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(sent.headers.get("Location")).toBe("/collaborator?link=not-kept");
    expect((await accept(stranger)).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    // The attacker's own link accepts the attacker's share only.
    const theirs = await confirmed(await linkFor(attacker), attacker);
    expect((await accept(theirs)).status).toBe(200);
    const [victimId] = await collaboratorIds(victim);
    expect(await env.DB.prepare("select accepted_at as a from collaborators where id = ?1").bind(victimId).first("a")).toBeNull();
    expect(await accountBalance(testContext(), A.collaboratorHeld(victimId!, songId))).toBeGreaterThan(0);
    expect(await accountBalance(testContext(), A.collaboratorAvailable(victimId!))).toBe(0);
  });
});
