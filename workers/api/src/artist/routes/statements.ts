/**
 * The artist's monthly statements (docs/decisions/028-artist-journey.md): `GET /api/artist/{token}/statements`
 * lists the months that have one, `GET /api/artist/{token}/statements/{YYYY-MM}.csv` downloads one
 * (ledger/monthly-statement.ts reads it, ledger/statement-csv.ts writes it, in the language the
 * page is read in), and `…/statements/{YYYY}.csv` and `{YYYY}.dsr` stream a year's sales in DistroKid's
 * columns and as a DDEX DSR flat file (reports/, docs/decisions/101-sales-reports.md). The page token is
 * the credential, as on the rest of the artist page: an unknown, revoked or expired token is a 404,
 * a token reads only its own artist, and the answers are never cached nor their URL sent on.
 */
import { Hono, type Context } from "hono";
import { STATEMENT_MONTH_PATTERN, type StatementMonthsResponse } from "@jplay/schema/me";
import type { AppEnv } from "../../platform/env";
import { badRequest } from "../../platform/errors";
import { requestLanguage } from "../../platform/request-language";
import { loadMonthlyStatement, monthHasBegun, statementMonths, statementCsv, statementFileName } from "../../ledger/index";
import { privateHeaders } from "../../platform/page-links";
import { distrokidCsvStream, distrokidFileName, dsrFileName, dsrStream } from "../../reports/index";
import { jplayPartyId } from "../../provider/index";
import { openLink } from "./page";

const CSV_FILE = /^(.+)\.csv$/;
/** A year's sales export: `2026.csv` in DistroKid's columns, `2026.dsr` as a DDEX DSR flat file (reports/). */
const YEAR_FILE = /^(\d{4})\.(csv|dsr)$/;

/** A year's export, streamed; a year still to come is refused like a month still to come. */
function yearExport(c: Context<AppEnv>, artistId: string, year: number, kind: "csv" | "dsr") {
  const ctx = c.var.ctx;
  if (!monthHasBegun(`${year}-01`, ctx.now()))
    throw badRequest(/*i18n*/ "There is no statement for {month} yet: that month has not begun.", { month: String(year) });
  if (kind === "csv") {
    return c.body(distrokidCsvStream(ctx, artistId, year), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${distrokidFileName(year)}"`,
    });
  }
  const createdAt = new Date(ctx.now()).toISOString().slice(0, 19) + "Z";
  // The sender is JPlay's DDEX Party ID, the one the ERN feed sends from.
  const sender = jplayPartyId(c.env);
  return c.body(dsrStream(ctx, artistId, year, createdAt, sender), 200, {
    "Content-Type": "text/tab-separated-values; charset=utf-8",
    "Content-Disposition": `attachment; filename="${dsrFileName(year, createdAt, sender)}"`,
  });
}

export const artistStatementRoutes = new Hono<AppEnv>()
  .get("/:token/statements", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    return c.json<StatementMonthsResponse>({ months: await statementMonths(c.var.ctx, artistId) });
  })
  .get("/:token/statements/:file", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    const yearFile = YEAR_FILE.exec(c.req.param("file"));
    if (yearFile) return yearExport(c, artistId, Number(yearFile[1]), yearFile[2] as "csv" | "dsr");
    const month = CSV_FILE.exec(c.req.param("file"))?.[1] ?? "";
    if (!STATEMENT_MONTH_PATTERN.test(month)) throw badRequest(/*i18n*/ "Ask for a month's statement as YYYY-MM.csv, for example 2026-11.csv.");
    if (!monthHasBegun(month)) throw badRequest(/*i18n*/ "There is no statement for {month} yet: that month has not begun.", { month });
    const csv = statementCsv(await loadMonthlyStatement(c.var.ctx, artistId, month), requestLanguage(c));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName(month)}"`,
    });
  });
