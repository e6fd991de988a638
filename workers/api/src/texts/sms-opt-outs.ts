/**
 * Numbers that said STOP. An artist's reply to our Twilio number (texts/routes/sms.ts), Twilio's own
 * refusal of a send to an unsubscribed number (error 21610), or an operator in admin puts a number on
 * the list (in the audit log, docs/decisions/087); START/UNSTOP/YES takes it off. A number on the list
 * gets no texts: its rows are `skipped`.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { smsOptOuts } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";

/** The keywords carriers and Twilio treat as opt-out and opt-in (case and spacing ignored). */
const OPT_OUT_KEYWORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const OPT_IN_KEYWORDS = new Set(["START", "UNSTOP", "YES"]);

export type OptKeyword = "opt_out" | "opt_in" | null;

export function optKeyword(body: string): OptKeyword {
  const word = body.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.has(word)) return "opt_out";
  if (OPT_IN_KEYWORDS.has(word)) return "opt_in";
  return null;
}

/** Puts an E.164 number on the list (again: no change). */
export async function optOut(ctx: Ctx, phone: string): Promise<void> {
  await ctx.db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
}

/** An operator puts an E.164 number on the list, in one batch with the audit record naming them (and the artist with that number). */
export async function optOutByOperator(ctx: Ctx, phone: string, operator: string): Promise<void> {
  await runBatch(ctx.db, [
    sql`insert into sms_opt_outs (phone) values (${phone}) on conflict do nothing`,
    auditEntry({
      at: ctx.now(),
      actor: operator,
      action: "sms_opted_out",
      artistId: sql`(select id from artists where phone = ${phone} limit 1)`,
      detail: `Texts to ${phone} stopped: opted out by an operator`,
    }),
  ]);
}

export async function optIn(ctx: Ctx, phone: string): Promise<void> {
  await ctx.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

export async function isOptedOut(ctx: Ctx, phone: string): Promise<boolean> {
  return (await ctx.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).limit(1)).length > 0;
}

/** Which of these numbers are on the list (one statement; at most 90 numbers). */
export async function optedOutAmong(ctx: Ctx, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await ctx.db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(inArray(smsOptOuts.phone, [...new Set(phones)]));
  return new Set(rows.map((row) => row.phone));
}
