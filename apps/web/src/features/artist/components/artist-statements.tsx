/**
 * "Monthly statements" on the artist page (docs/decisions/028-artist-journey.md): every month since
 * the artist's first activity, newest first, each with a Download link to its CSV (sales per song,
 * the artist's share, the month's payouts and totals). Loading and error states are said, not hidden.
 * A collaborator's page lists theirs the same way (`statementsPath`, docs/splits.md).
 */
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n, type Translator } from "@/lib/i18n";
import { formatDate } from "@/lib/i18n/format-values";
import { statementCsvPath, useStatementMonths } from "../api/get-statement-months";

/** "2026-11" → "November 2026". */
const monthName = (month: string, i18n: Translator) => formatDate(`${month}-01T00:00:00Z`, i18n.language, { month: "long", year: "numeric", timeZone: "UTC" });

export function ArtistStatements({ statementsPath }: { statementsPath: string }) {
  const i18n = useI18n();
  const months = useStatementMonths(statementsPath);
  if (months.isPending) return <Spinner label={i18n._("Loading your statements")} className="py-4" />;
  if (months.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
        <p className="flex-1">{i18n._("Your statements could not be loaded. Check the connection and try again.")}</p>
        <Button variant="secondary" onClick={() => void months.refetch()}>
          {i18n._("Try again")}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        {i18n._("Each statement lists the month's downloads and sales per song, your share, and the month's payouts, as a CSV file for any spreadsheet.")}
      </p>
      <ul className="divide-y divide-line rounded-2xl border border-line">
        {months.data.months.map((month) => (
          <li key={month} className="flex items-center justify-between gap-3 px-4 py-2">
            <span>{monthName(month, i18n)}</span>
            <a href={statementCsvPath(statementsPath, month)} download className="font-semibold text-accent underline underline-offset-4">
              {i18n._("Download")}
              <span className="sr-only"> {i18n._("the {month} statement", { month: monthName(month, i18n) })}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
