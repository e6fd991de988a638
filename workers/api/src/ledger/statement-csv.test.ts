/** The monthly statement's CSV: quoted fields, dollars from cents, totals, and hostile titles kept inert. */
import { describe, expect, it } from "vitest";
import { centsText, statementCsv, statementFileName } from "./statement-csv";

describe("statementCsv", () => {
  it("writes the month, a line per song with totals, and the payouts with the total paid out", () => {
    const csv = statementCsv({
      month: "2026-11",
      songs: [
        { title: "First Light", downloads: 3, grossCents: 597, artistCents: 540 },
        { title: "Second", downloads: 1, grossCents: 199, artistCents: 196 },
      ],
      payouts: [
        { period: "2026-11-02", amountCents: 540, status: "paid" },
        { period: "2026-11-09", amountCents: 196, status: "pending" },
        { period: "2026-11-16", amountCents: 10, status: "failed" },
      ],
    });
    expect(csv.split("\r\n")).toEqual([
      '"JPlay monthly statement","2026-11"',
      "",
      '"Song","Downloads","Gross sales (USD)","Your share (USD)"',
      '"First Light","3","5.97","5.40"',
      '"Second","1","1.99","1.96"',
      '"Total","4","7.96","7.36"',
      "",
      '"Payout day","Amount (USD)","Status"',
      '"2026-11-02","5.40","Paid"',
      '"2026-11-09","1.96","On its way"',
      '"2026-11-16","0.10","Failed (returned to your balance)"',
      '"Total paid out","5.40",""',
      "",
    ]);
  });

  it("doubles quotes, keeps commas and line breaks inside the field, and neutralises formula-like titles", () => {
    const csv = statementCsv({
      month: "2026-01",
      songs: [
        { title: 'Say "Hi", world\nagain', downloads: 1, grossCents: 199, artistCents: 180 },
        { title: '=HYPERLINK("http://x")', downloads: 1, grossCents: 199, artistCents: 180 },
        { title: "-1+2", downloads: 1, grossCents: 199, artistCents: 180 },
      ],
      payouts: [],
    });
    expect(csv).toContain('"Say ""Hi"", world\nagain","1","1.99","1.80"');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")","1"`);
    expect(csv).toContain(`"'-1+2","1"`);
  });

  it("writes its headings and payout statuses in Spanish for an artist reading in Spanish, figures unchanged", () => {
    const csv = statementCsv(
      {
        month: "2026-11",
        songs: [{ title: "Primera Luz", downloads: 2, grossCents: 398, artistCents: 360 }],
        payouts: [
          { period: "2026-11-02", amountCents: 360, status: "paid" },
          { period: "2026-11-09", amountCents: 12, status: "failed" },
        ],
      },
      "es",
    );
    expect(csv.split("\r\n")).toEqual([
      '"Estado de cuenta mensual de JPlay","2026-11"',
      "",
      '"Canción","Descargas","Ventas brutas (USD)","Tu parte (USD)"',
      '"Primera Luz","2","3.98","3.60"',
      '"Total","2","3.98","3.60"',
      "",
      '"Día de pago","Importe (USD)","Estado"',
      '"2026-11-02","3.60","Pagado"',
      '"2026-11-09","0.12","Fallido (devuelto a tu saldo)"',
      '"Total pagado","3.60",""',
      "",
    ]);
  });

  it("writes an empty month as zero totals", () => {
    expect(statementCsv({ month: "2025-02", songs: [], payouts: [] })).toContain('"Total","0","0.00","0.00"\r\n');
  });
});

describe("centsText", () => {
  it("turns integer cents into dollars without floating point", () => {
    expect([0, 5, 99, 100, 123456789, -5, -1050].map(centsText)).toEqual(["0.00", "0.05", "0.99", "1.00", "1234567.89", "-0.05", "-10.50"]);
  });
});

it("names the file after the month", () => {
  expect(statementFileName("2026-11")).toBe("jplay-statement-2026-11.csv");
});
