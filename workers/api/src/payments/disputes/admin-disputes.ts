/**
 * The operators' Disputes list and evidence (docs/decisions/093-disputes.md): every dispute, open ones
 * first with the day Stripe needs the evidence by, and the one action an operator takes on an open
 * dispute — sending Stripe the distribution's records (`disputes.update` with `submit`), once: a
 * second submission answers what the first did, the Stripe call carries an idempotency key named by
 * the dispute, and the audit record is written in the same batch as the row's change.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { AdminDispute, AdminDisputesResponse } from "@jplay/schema/disputes";
import type { DisputeStatus } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { AppError, notFound } from "../../platform/errors";
import { auditEntry } from "../../platform/audit-log";

const LIST_LIMIT = 200;
const OPEN_STATUSES: readonly DisputeStatus[] = ["needs_response", "under_review", "warning_needs_response", "warning_under_review"];
/** Statuses in which Stripe still takes evidence. */
const TAKES_EVIDENCE: readonly DisputeStatus[] = ["needs_response", "warning_needs_response"];

export const DISPUTE_MESSAGES = {
  notFound: /*i18n*/ "No dispute with this id.",
  closed: /*i18n*/ "This dispute no longer takes evidence.",
} as const;

interface Row {
  id: string;
  status: DisputeStatus;
  inquiry: number;
  reason: string;
  amountCents: number;
  feeCents: number;
  evidenceDueBy: number | null;
  evidenceSubmittedAt: number | null;
  songId: string | null;
  songTitle: string | null;
  artistId: string | null;
  artistName: string | null;
  createdAt: number;
}

const SELECT = sql`
  select d.id, d.status, d.inquiry, d.reason, d.amount_cents as amountCents, d.fee_cents as feeCents, d.evidence_due_by as evidenceDueBy,
    d.evidence_submitted_at as evidenceSubmittedAt, d.song_id as songId, s.title as songTitle, d.artist_id as artistId, s.artist_name as artistName,
    d.created_at as createdAt
  from disputes d left join songs s on s.id = d.song_id`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const shown = (row: Row): AdminDispute => ({
  id: row.id,
  status: row.status,
  open: OPEN_STATUSES.includes(row.status),
  inquiry: Boolean(row.inquiry),
  reason: row.reason,
  amountCents: row.amountCents,
  feeCents: row.feeCents,
  evidenceDueBy: TAKES_EVIDENCE.includes(row.status) ? iso(row.evidenceDueBy) : null,
  evidenceSubmittedAt: iso(row.evidenceSubmittedAt),
  songId: row.songId,
  songTitle: row.songTitle,
  artistId: row.artistId,
  artistName: row.artistName,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** `GET /api/admin/disputes`: open disputes first (soonest evidence due first), then the rest newest first. */
export async function listAdminDisputes(ctx: Ctx): Promise<AdminDisputesResponse> {
  const open = sql.join(
    OPEN_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await ctx.db.all<Row>(sql`${SELECT}
    order by d.status in (${open}) desc, case when d.status in (${open}) then d.evidence_due_by end asc, d.created_at desc
    limit ${LIST_LIMIT}`);
  const [count] = await ctx.db.all<{ n: number }>(sql`select count(*) as n from disputes where status in (${open})`);
  return { disputes: rows.map(shown), openCount: count?.n ?? 0 };
}

async function disputeRow(ctx: Ctx, disputeId: string): Promise<Row> {
  const [row] = await ctx.db.all<Row>(sql`${SELECT} where d.id = ${disputeId}`);
  if (!row) throw notFound(DISPUTE_MESSAGES.notFound);
  return row;
}

/** What the product knows of the distribution the disputed charge paid for, as Stripe's evidence fields. */
async function evidenceOf(ctx: Ctx, disputeId: string): Promise<Stripe.DisputeUpdateParams.Evidence> {
  const [records] = await ctx.db.all<{
    title: string | null;
    artistName: string | null;
    package: string | null;
    uploadedAt: number | null;
    paidAt: number | null;
    confirmedPhone: string | null;
    amountCents: number;
  }>(sql`
    select s.title, s.artist_name as artistName, p.package, s.created_at as uploadedAt, p.created_at as paidAt, a.confirmed_phone as confirmedPhone, d.amount_cents as amountCents
    from disputes d left join payments p on p.id = d.payment_id left join songs s on s.id = d.song_id left join artists a on a.id = d.artist_id
    where d.id = ${disputeId}`);
  const song = records?.title ? `"${records.title}" by ${records.artistName ?? "the artist"}` : "a song";
  const log = [
    records?.uploadedAt ? `${iso(records.uploadedAt)}: the artist uploaded ${song} to JPlay.` : null,
    records?.paidAt
      ? `${iso(records.paidAt)}: the artist paid the ${records.package ?? ""} distribution fee with the card on file, after accepting JPlay's terms at the card form.`.replace(
          "  ",
          " ",
        )
      : null,
    records?.confirmedPhone ? "The artist confirmed their phone number with a code texted to it." : "The artist had not confirmed a phone number.",
  ].filter((line): line is string => line !== null);
  return {
    product_description: `Distribution of ${song} to JPlay's music tablets in correctional facilities (a digital service the artist bought for their own song).`,
    service_date: records?.paidAt ? iso(records.paidAt)!.slice(0, 10) : undefined,
    access_activity_log: log.join("\n"),
    uncategorized_text: `JPlay distribution records for ${song}.\n${log.join("\n")}`,
  };
}

/**
 * `POST /api/admin/disputes/{id}/evidence`: sends the distribution's records to Stripe and submits
 * them; once per dispute. Answers the dispute as the list shows it.
 */
export async function submitDisputeEvidence(ctx: Ctx, disputeId: string, operator: string): Promise<AdminDispute> {
  const row = await disputeRow(ctx, disputeId);
  if (row.evidenceSubmittedAt !== null) return shown(row);
  if (!TAKES_EVIDENCE.includes(row.status)) throw new AppError(409, "dispute_closed", DISPUTE_MESSAGES.closed);
  const evidence = await evidenceOf(ctx, disputeId);
  const dispute = await ctx.stripe.disputes.update(disputeId, { evidence, submit: true }, { idempotencyKey: `dispute-evidence:${disputeId}` });
  const now = ctx.now();
  await runBatch(ctx.db, [
    sql`update disputes set evidence_submitted_at = ${now}, status = ${dispute.status}, updated_at = ${now} where id = ${disputeId} and evidence_submitted_at is null`,
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "dispute_evidence_submitted",
        songId: row.songId,
        artistId: row.artistId,
        detail: `Evidence sent to Stripe for dispute ${disputeId} (${row.reason})`,
      },
      sql`exists (select 1 from disputes where id = ${disputeId} and evidence_submitted_at = ${now})`,
    ),
  ]);
  return shown(await disputeRow(ctx, disputeId));
}
