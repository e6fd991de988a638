/**
 * The operator's view of one collaborator (docs/splits.md, Admin): a naming (one artist, one phone)
 * with what is held for it per song, what is available, what its payouts took and were not given back
 * (paid), the phone's payee and the phone's payouts with this naming's part of each. Read from the
 * ledger and the payout rows in one D1 batch; an unknown id is a 404.
 */
import { sql } from "drizzle-orm";
import { payoutRequirementsOf } from "@jplay/schema/artist";
import { LEDGER_KINDS } from "@jplay/schema/ledger-postings";
import type { AdminCollaboratorDetails } from "@jplay/schema/splits";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { notFound } from "../platform/errors";
import { connectStatusOf } from "../ledger/index";

export const COLLABORATOR_NOT_FOUND = "No collaborator with this id.";
const PAYOUTS_SHOWN = 100;

type Naming = { id: string; artistId: string; name: string; phone: string; acceptedAt: number | null };
type Payee = { id: string; confirmedAt: number | null; stripeAccountId: string | null; payoutsEnabled: number; payoutRequirements: string };
type PayoutRow = Omit<AdminCollaboratorDetails["payouts"][number], "createdAt"> & { createdAt: number };

export async function collaboratorDetails(ctx: Ctx, collaboratorId: string): Promise<AdminCollaboratorDetails> {
  const available = `collaborator:${collaboratorId}:available`;
  const heldPrefix = `collaborator:${collaboratorId}:held:`;
  const [namings, songs, availableNow, payees, payouts, reversed] = await runBatch(ctx.db, [
    sql`select id, artist_id as artistId, name, phone, accepted_at as acceptedAt from collaborators where id = ${collaboratorId}`,
    // Held per song from the ledger's held accounts; credited per song: its credits not held, returned or refunded.
    sql`select s.id as songId, s.title as songTitle,
        coalesce((select sum(e.amount_cents) from ledger_entries e where e.account = ${heldPrefix} || s.id), 0) as heldCents,
        coalesce((select sum(sc.cents) from split_credits sc where sc.collaborator_id = ${collaboratorId} and sc.song_id = s.id
          and sc.held = 0 and sc.refunded_at is null and sc.returned_at is null), 0) as creditedCents
      from songs s where s.id in (select distinct v.song_id from song_split_shares sh join song_split_versions v on v.id = sh.version_id
        where sh.collaborator_id = ${collaboratorId}) order by s.title, s.id`,
    sql`select coalesce(sum(amount_cents), 0) as cents from ledger_entries where account = ${available}`,
    sql`select p.id, p.confirmed_at as confirmedAt, p.stripe_account_id as stripeAccountId, p.payouts_enabled as payoutsEnabled,
        p.payout_requirements as payoutRequirements
      from collaborator_payees p join collaborators c on c.phone = p.phone where c.id = ${collaboratorId}`,
    sql`select o.id, o.period, o.amount_cents as amountCents, o.status, o.failure_message as failureMessage, o.created_at as createdAt,
        coalesce((select sum(json_extract(part.value, '$.cents')) from json_each(o.parts) part
          where json_extract(part.value, '$.collaboratorId') = ${collaboratorId}), 0) as partCents
      from collaborator_payouts o join collaborator_payees p on p.id = o.payee_id join collaborators c on c.phone = p.phone
      where c.id = ${collaboratorId} order by o.created_at desc, o.id desc limit ${PAYOUTS_SHOWN}`,
    sql`select coalesce(sum(e.amount_cents), 0) as cents from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account = ${available} and t.kind = ${LEDGER_KINDS.payoutReversed}`,
  ]);
  const naming = (namings.results as Naming[])[0];
  if (!naming) throw notFound(COLLABORATOR_NOT_FOUND);
  const songRows = songs.results as AdminCollaboratorDetails["songs"];
  const payoutRows = (payouts.results as PayoutRow[]).map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  const paidParts = payoutRows.filter((row) => row.status === "paid").reduce((sum, row) => sum + row.partCents, 0);
  const payee = (payees.results as Payee[])[0];
  const payeeState = payee && { ...payee, payoutsEnabled: Boolean(payee.payoutsEnabled), payoutRequirements: JSON.parse(payee.payoutRequirements) as string[] };
  return {
    collaborator: {
      id: naming.id,
      artistId: naming.artistId,
      name: naming.name,
      phone: naming.phone,
      acceptedAt: naming.acceptedAt === null ? null : new Date(naming.acceptedAt).toISOString(),
    },
    heldCents: songRows.reduce((sum, song) => sum + song.heldCents, 0),
    availableCents: (availableNow.results as { cents: number }[])[0]!.cents,
    paidCents: paidParts - (reversed.results as { cents: number }[])[0]!.cents,
    songs: songRows,
    payee: payeeState
      ? {
          id: payeeState.id,
          confirmed: payeeState.confirmedAt !== null,
          connect: { status: connectStatusOf(payeeState), missing: payoutRequirementsOf(payeeState.payoutRequirements) },
        }
      : null,
    payouts: payoutRows,
  };
}
