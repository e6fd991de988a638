/**
 * Provider settlements: the tablet provider pays JPlay for the sales it reported (to JPlay's bank
 * account, outside Stripe), and an operator records each payment here so the books show what the
 * provider still owes and what JPlay has to fund payouts with. One row per reference: recording the
 * same reference again changes nothing, and the same reference with another amount or date is
 * refused. Each settlement posts provider:receivable → platform:cash (docs/decisions/021).
 */
import { desc, eq } from "drizzle-orm";
import type { ProviderSettlement, RecordSettlementResponse, SettlementRequest } from "@jplay/schema/funding";
import { SETTLEMENTS_SHOWN } from "@jplay/schema/funding";
import { formatMoney } from "@jplay/schema/language";
import { providerSettlements } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
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

export async function recordProviderSettlement(ctx: Ctx, request: SettlementRequest): Promise<RecordSettlementResponse> {
  const [inserted] = await ctx.db
    .insert(providerSettlements)
    .values({ id: crypto.randomUUID(), reference: request.reference, amountCents: request.amountCents, settledOn: request.settledOn })
    .onConflictDoNothing()
    .returning();
  const row = inserted ?? (await ctx.db.select().from(providerSettlements).where(eq(providerSettlements.reference, request.reference)).limit(1))[0]!;
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
  return { settlement: present(row), recorded: Boolean(inserted) };
}

export async function recentSettlements(ctx: Ctx): Promise<ProviderSettlement[]> {
  const rows = await ctx.db.select().from(providerSettlements).orderBy(desc(providerSettlements.settledOn), desc(providerSettlements.createdAt)).limit(SETTLEMENTS_SHOWN);
  return rows.map(present);
}
