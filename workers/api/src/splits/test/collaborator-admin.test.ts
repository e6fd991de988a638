/**
 * The operator's view of a collaborator (docs/splits.md, Admin): `GET /api/admin/collaborators/{id}`
 * answers one naming's held, available and paid cents, each song's held and credited cents, the
 * phone's payee and the phone's payouts with this naming's part; only to a signed-in operator, and an
 * unknown id, `constructor` or `__proto__` answers 404 with nothing written.
 */
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LEDGER_ACCOUNTS as A } from "@jplay/schema/ledger-postings";
import { AdminCollaboratorDetailsSchema, type AdminCollaboratorDetails } from "@jplay/schema/splits";
import { accountBalance, ledgerTotal } from "../../ledger/ledger";
import { payCollaborator } from "../../ledger/index";
import { saveSongSplit } from "../index";
import { signedInOperator } from "../../../test/admin-support";
import { fundPlatformBalance, payableConnectedAccount } from "../../../test/platform-funds";
import { Browser, testContext } from "../../../test/support";
import { at, collaboratorIds, liveSong, sell, split } from "./collaborator.test-support";

const paidPhone = "+15550300601";
const waitingPhone = "+15550300602";

/** Rows of the tables a read could write to, to prove one wrote nothing. */
const counts = async () =>
  env.DB.prepare(
    `select (select count(*) from ledger_entries) as entries, (select count(*) from collaborator_payouts) as payouts,
      (select count(*) from collaborator_payees) as payees, (select count(*) from audit_log) as audits, (select count(*) from collaborators) as collaborators`,
  ).first();

async function details(operator: Browser, id: string): Promise<AdminCollaboratorDetails> {
  const response = await operator.fetch(`/api/admin/collaborators/${encodeURIComponent(id)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(AdminCollaboratorDetailsSchema, await response.json());
}

describe("an operator reads a collaborator's balances and payouts", () => {
  it("answers held, available and paid, per song, the payee and the payouts with this naming's part", async () => {
    const { artistId, songId } = await liveSong("Lighthouse", "Ana");
    const { artistId: otherArtist, songId: otherSong } = await liveSong("Tide", "Bea");
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split(["Hal", paidPhone, 3_000], ["Ivy", waitingPhone, 2_000]));
    // The same phone named by another artist: one payee, two namings, each with its part of one payout.
    await saveSongSplit(at(Date.now() - 60_000), otherArtist, otherSong, split(["Hal", paidPhone, 5_000]));
    await env.DB.prepare("update collaborators set accepted_at = ?2 where phone = ?1").bind(paidPhone, Date.now()).run();
    const payeeId = crypto.randomUUID();
    await env.DB.prepare("insert into collaborator_payees (id, phone, confirmed_at, stripe_account_id, payouts_enabled) values (?1, ?2, ?3, ?4, 1)")
      .bind(payeeId, paidPhone, Date.now(), (await payableConnectedAccount()).id)
      .run();
    await sell(songId, 20);
    await sell(otherSong, 10);
    const [halFirst, halSecond] = await collaboratorIds(paidPhone);
    const hal = (await env.DB.prepare("select id from collaborators where artist_id = ?1 and phone = ?2").bind(artistId, paidPhone).first<{ id: string }>())!
      .id;
    const halOther = hal === halFirst ? halSecond! : halFirst!;
    const [ivy] = await collaboratorIds(waitingPhone);
    const owedHal = await accountBalance(testContext(), A.collaboratorAvailable(hal));
    const owedHalOther = await accountBalance(testContext(), A.collaboratorAvailable(halOther));
    await fundPlatformBalance(owedHal + owedHalOther + 10_000);
    expect(await payCollaborator(testContext(), payeeId, "2026-12-08")).toBe("paid");
    await sell(songId, 5); // credited after the payout: available again

    const operator = await signedInOperator();
    const paid = await details(operator, hal);
    const nowAvailable = await accountBalance(testContext(), A.collaboratorAvailable(hal));
    expect(nowAvailable).toBeGreaterThan(0);
    expect(paid).toMatchObject({
      collaborator: { id: hal, artistId, name: "Hal", phone: paidPhone },
      heldCents: 0,
      availableCents: nowAvailable,
      paidCents: owedHal,
      songs: [{ songId, songTitle: "Lighthouse", heldCents: 0, creditedCents: owedHal + nowAvailable }],
      payee: { id: payeeId, confirmed: true, connect: { status: "ready", missing: [] } },
    });
    expect(paid.collaborator.acceptedAt).not.toBeNull();
    expect(paid.payouts.map(({ period, amountCents, partCents, status }) => ({ period, amountCents, partCents, status }))).toEqual([
      { period: "2026-12-08", amountCents: owedHal + owedHalOther, partCents: owedHal, status: "paid" },
    ]);

    // Not accepted: everything held, per song; no payee, no payouts.
    const waiting = await details(operator, ivy!);
    const held = await accountBalance(testContext(), A.collaboratorHeld(ivy!, songId));
    expect(held).toBeGreaterThan(0);
    expect(waiting).toMatchObject({
      collaborator: { id: ivy, acceptedAt: null },
      heldCents: held,
      availableCents: 0,
      paidCents: 0,
      songs: [{ songId, heldCents: held, creditedCents: 0 }],
      payee: null,
      payouts: [],
    });
    expect(await ledgerTotal(testContext())).toBe(0);
  });

  it("refuses anyone but a signed-in operator, and answers 404 for ids that name no collaborator, writing nothing", async () => {
    const { artistId, songId } = await liveSong("Quay", "Cy");
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split(["Jo", "+15550300603", 1_000]));
    const [jo] = await collaboratorIds("+15550300603");
    const before = await counts();

    expect((await new Browser().fetch(`/api/admin/collaborators/${jo}`)).status).toBe(401);
    const operator = await signedInOperator();
    for (const odd of ["constructor", "__proto__", "toString", crypto.randomUUID(), "%25", `${jo}:held`]) {
      const answer = await operator.fetch(`/api/admin/collaborators/${encodeURIComponent(odd)}`);
      expect(answer.status, odd).toBe(404);
      expect(JSON.stringify(await answer.json())).not.toContain("+1555");
    }
    expect(await counts()).toEqual(before);
  });
});
