/**
 * Provider settlements: the tablet provider pays JPlay for the sales it reported (to JPlay's bank
 * account, outside Stripe), and an operator records each payment here so the books show what the
 * provider still owes and what JPlay has to fund payouts with. One row per reference: recording the
 * same reference again changes nothing, and the same reference with another amount or date is
 * refused. Each settlement posts provider:receivable → platform:cash (docs/decisions/021), and is
 * written in one D1 batch with its audit record naming the operator (docs/decisions/087).
 */
import { desc, eq, sql } from "drizzle-orm";
import type { ProviderSettlement, RecordSettlementResponse, SettlementRequest } from "@jplay/schema/funding";
import { SETTLEMENTS_SHOWN } from "@jplay/schema/funding";
import { formatMoney } from "@jplay/schema/language";
import { providerSettlements } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError } from "../platform/errors";
import { POSTINGS } from "@jplay/schema/ledger-postings";
import { post } from "./ledger";

type SettlementRow = typeof providerSettlements.$inferSelect;

const present = (row: SettlementRow): ProviderSettlement => ({
  id: row.id,
  reference: row.reference,
  amountCents: row.amountCents,
  settledOn: row.settledOn,
  recordedAt: new Date(row.createdAt).toISOString(),
});

export async function recordProviderSettlement(ctx: Ctx, request: SettlementRequest, operator: string): Promise<RecordSettlementResponse> {
  const id = crypto.randomUUID();
  const now = ctx.now();
  // The audit record is written only with the settlement row this call inserted (a repeat records nothing).
  await runBatch(ctx.db, [
    sql`insert into provider_settlements (id, reference, amount_cents, settled_on)
      values (${id}, ${request.reference}, ${request.amountCents}, ${request.settledOn}) on conflict do nothing`,
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "settlement_recorded",
        detail: `Provider settlement ${request.reference}: ${formatMoney(request.amountCents, "en")} received on ${request.settledOn}`,
      },
      sql`exists (select 1 from provider_settlements where id = ${id})`,
    ),
  ]);
  const [row] = await ctx.db.select().from(providerSettlements).where(eq(providerSettlements.reference, request.reference)).limit(1);
  if (!row) throw new Error(`Settlement ${request.reference} was neither recorded nor found`);
  const inserted = row.id === id;
  if (!inserted && (row.amountCents !== request.amountCents || row.settledOn !== request.settledOn)) {
    throw new AppError(
      409,
      "settlement_conflict",
      `Settlement ${row.reference} was already recorded with another amount or date (${formatMoney(row.amountCents, "en")} on ${row.settledOn}). Check the reference.`,
    );
  }
  // Posted on every call, once in the ledger ((kind, ref) is unique): a call stopped between the two
  // writes is completed by recording the same settlement again.
  await post(ctx, POSTINGS.settlement(row));
  return { settlement: present(row), recorded: inserted };
}

export async function recentSettlements(ctx: Ctx): Promise<ProviderSettlement[]> {
  const rows = await ctx.db
    .select()
    .from(providerSettlements)
    .orderBy(desc(providerSettlements.settledOn), desc(providerSettlements.createdAt))
    .limit(SETTLEMENTS_SHOWN);
  return rows.map(present);
}
