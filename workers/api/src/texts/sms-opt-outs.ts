/**
 * Numbers that said STOP. An artist's reply to our Twilio number (texts/routes/sms.ts), Twilio's own
 * refusal of a send to an unsubscribed number (error 21610), or an operator in admin puts a number on
 * the list; START/UNSTOP/YES takes it off. A number on the list gets no texts: its rows are `skipped`.
 */
import { eq, inArray } from "drizzle-orm";
import { smsOptOuts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

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

export async function optIn(ctx: Ctx, phone: string): Promise<void> {
  await ctx.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

export async function isOptedOut(ctx: Ctx, phone: string): Promise<boolean> {
  return (await ctx.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).limit(1)).length > 0;
}

/** Which of these numbers are on the list (one statement; at most 90 numbers). */
export async function optedOutAmong(ctx: Ctx, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await ctx.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(inArray(smsOptOuts.phone, [...new Set(phones)]));
  return new Set(rows.map((row) => row.phone));
}
