/**
 * The artist's yearly exports as streams (docs/decisions/101-sales-reports.md): the DistroKid-style
 * CSV written a month at a time as its rows are read, and the DSR flat file from its per-song rows, so
 * neither holds the year's purchases in memory and the first bytes leave before the last are read.
 */
import type { Ctx } from "../platform/context";
import { distrokidHeader, distrokidLine } from "./distrokid-csv";
import { dsrFlatFile } from "./dsr-flat-file";
import { dsrRows, exportRows } from "./read-export-rows";

const encoder = new TextEncoder();

/** A byte stream of the strings a generator yields, pulled as the reader asks. */
function textStream(parts: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = parts[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

async function* distrokidParts(ctx: Ctx, artistId: string, year: number): AsyncGenerator<string> {
  yield distrokidHeader();
  for await (const month of exportRows(ctx, artistId, year)) yield month.map(distrokidLine).join("");
}

export const distrokidCsvStream = (ctx: Ctx, artistId: string, year: number) => textStream(distrokidParts(ctx, artistId, year));

async function* dsrParts(ctx: Ctx, artistId: string, year: number, createdAt: string, senderPartyId: string | null): AsyncGenerator<string> {
  const rows = await dsrRows(ctx, artistId, year);
  const head = { messageId: `${artistId}-${year}-${Date.parse(createdAt)}`, createdAt, year, recipientName: rows[0]?.artistName ?? "", senderPartyId };
  yield* dsrFlatFile(head, rows);
}

export const dsrStream = (ctx: Ctx, artistId: string, year: number, createdAt: string, senderPartyId: string | null) =>
  textStream(dsrParts(ctx, artistId, year, createdAt, senderPartyId));
