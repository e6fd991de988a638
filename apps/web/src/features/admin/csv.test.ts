/**
 * The CSV an operator opens in a spreadsheet: the product's columns, a row per song, RFC 4180 quoting,
 * and no cell a spreadsheet would run as a formula.
 */
import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import type { AdminPaymentRecord, AdminSong } from "@jplay/schema/admin";
import { CSV_COLUMNS, paymentsCsv, paymentsCsvFileName } from "./csv";

function record(songs: AdminSong[], overrides: Partial<AdminPaymentRecord> = {}): AdminPaymentRecord {
  return {
    paymentMethodId: "pm_1",
    artistId: "artist-1",
    artistName: "Ann",
    artistPhone: "5551234567",
    cardBrand: "visa",
    last4: "4242",
    expMonth: 12,
    expYear: 2034,
    isDefault: true,
    hasSuccessfulPayment: true,
    songs,
    ...overrides,
  };
}

const song = (title: string, overrides: Partial<AdminSong> = {}): AdminSong => ({
  id: `song-${title}`,
  title,
  status: "pending",
  processingPayment: false,
  ...overrides,
});

/** Reads the text back the way a spreadsheet's CSV import does. */
const parse = (csv: string) => Papa.parse<string[]>(csv, { newline: "\r\n" }).data;

describe("payments CSV", () => {
  test("the header is the product's columns and every song gets its own row", () => {
    const csv = paymentsCsv([
      record([song("One", { status: "approved", distributionFee: 49.99 }), song("Two", { processingPayment: true })]),
      record([song("Three", { status: "distributed", distributionFee: 99 })], { paymentMethodId: "pm_2", artistName: "Bo", last4: "0341" }),
    ]);
    expect(parse(csv)).toEqual([
      [...CSV_COLUMNS],
      ["Ann", "5551234567", "visa", "4242", "One", "approved", "49.99", "No"],
      ["Ann", "5551234567", "visa", "4242", "Two", "pending", "", "Yes"],
      ["Bo", "5551234567", "visa", "0341", "Three", "distributed", "99", "No"],
    ]);
    // Text fields are quoted, the fee is a bare number, lines end in CRLF.
    expect(csv.split("\r\n")[1]).toBe('"Ann","5551234567","visa","4242","One","approved",49.99,"No"');
    expect(csv.split("\r\n")).toHaveLength(4);
  });

  test("a payment method without songs keeps a row", () => {
    expect(parse(paymentsCsv([record([])]))[1]).toEqual(["Ann", "5551234567", "visa", "4242", "", "", "", ""]);
  });

  test("commas, quotes and line breaks stay inside their cell", () => {
    const title = 'Hello, "World"\r\nPart 2\nand 3';
    const csv = paymentsCsv([record([song(title)], { artistName: "Smith, Jr." })]);
    expect(csv).toContain('"Hello, ""World""\r\nPart 2\nand 3"');
    const rows = parse(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe("Smith, Jr.");
    expect(rows[1]![4]).toBe(title);
  });

  test('a song titled =HYPERLINK("x") exports inert, and so does every formula start', () => {
    const csv = paymentsCsv([record([song('=HYPERLINK("x")')])]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(parse(csv)[1]![4]).toBe(`'=HYPERLINK("x")`);

    const starts = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "=cmd|'/C calc'!A0\nsecond line"];
    const rows = parse(
      paymentsCsv([
        record(
          starts.map((title) => song(title)),
          { artistName: "@name", artistPhone: "+15551234567" },
        ),
      ]),
    );
    for (const [index, title] of starts.entries()) {
      const row = rows[index + 1]!;
      expect(row[4]).toBe(`'${title}`);
      expect(row[0]).toBe("'@name");
      expect(row[1]).toBe("'+15551234567");
    }
    // Every text cell of the file starts with something a spreadsheet shows as text.
    for (const row of rows.slice(1)) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  test("a harmless value is left as it is", () => {
    const rows = parse(paymentsCsv([record([song("Summer - Remix = Fun")])]));
    expect(rows[1]![4]).toBe("Summer - Remix = Fun");
  });

  test("the file name carries the local date", () => {
    expect(paymentsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe("jpay-payment-data-2026-01-05.csv");
    expect(paymentsCsvFileName(new Date(2026, 10, 23, 0, 1))).toBe("jpay-payment-data-2026-11-23.csv");
  });
});
