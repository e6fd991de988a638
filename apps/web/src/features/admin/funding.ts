/**
 * The payout funding section's pure parts: money as the operator reads and types it, and the
 * settlement form checked with the server's own rules (schema/src/funding.ts), so the message next to
 * a field is the one the API would answer.
 */
import * as v from "valibot";
import { SettlementSchema, type SettlementRequest } from "@jplay/schema/funding";

/**
 * "1,234.56", "$1234.5" or "1234" → cents; NaN for anything else (more than two decimals, letters),
 * which the schema then refuses with its own message.
 */
export function parseDollarsToCents(text: string): number {
  const cleaned = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export type SettlementField = keyof SettlementRequest;

export interface SettlementDraft {
  amount: string;
  settledOn: string;
  reference: string;
}

/** The request to send, or the first message for each field that breaks a rule. */
export function checkSettlement(draft: SettlementDraft): { request: SettlementRequest } | { errors: Partial<Record<SettlementField, string>> } {
  const amountCents = parseDollarsToCents(draft.amount);
  const result = v.safeParse(SettlementSchema, {
    // An unreadable amount is "no amount" to the schema: its message asks for one.
    amountCents: Number.isNaN(amountCents) ? undefined : amountCents,
    settledOn: draft.settledOn,
    reference: draft.reference,
  });
  if (result.success) return { request: result.output };
  const errors: Partial<Record<SettlementField, string>> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as SettlementField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** Today's date where the operator is (`YYYY-MM-DD`), the form's default settlement date. */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}
