/**
 * Takes numbers from the identifier sequences (`identifier_sequences`): `isrc:<year>` for ISRC
 * designation codes, a sequence per year of reference, and `upc:<company prefix>` for UPC item
 * references, a sequence per prefix (item references belong to their prefix: a new prefix, bought
 * when the old one is full, starts from its own first number). One upsert takes a number, so two
 * callers at once never get the same one, and no number is given back: a number taken is never reused.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";

export const isrcSequence = (year: number) => `isrc:${year}`;
export const upcSequence = (companyPrefix: string) => `upc:${companyPrefix}`;

/** The sequence's next number: 1 the first time, then one more than the last each time. */
export async function takeNextNumber(ctx: Ctx, name: string): Promise<number> {
  const rows = await ctx.db.all<{ last_number: number }>(sql`
    insert into identifier_sequences (name, last_number) values (${name}, 1)
    on conflict (name) do update set last_number = last_number + 1
    returning last_number`);
  const taken = rows[0]?.last_number;
  if (taken === undefined) throw new Error(`The identifier sequence ${name} returned no number`);
  return taken;
}

/** The last number taken from a sequence (0 when none was): for the admin's and tests' eyes. */
export async function lastNumberTaken(ctx: Ctx, name: string): Promise<number> {
  const rows = await ctx.db.all<{ last_number: number }>(sql`select last_number from identifier_sequences where name = ${name}`);
  return rows[0]?.last_number ?? 0;
}
