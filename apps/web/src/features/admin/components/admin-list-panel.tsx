/**
 * The shape every collapsible admin list shares (payment mismatches, refunds): a summary with its
 * count, a line saying what the list holds, honest loading, error and empty states, and a compact
 * table whose rows the caller renders. One place, so the panels read alike to operators and to
 * screen readers.
 */
import type { ReactNode } from "react";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { apiErrorMessage } from "@/lib/error-message";

interface ListRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface AdminListPanelProps {
  /** "Refunds"; the summary adds the count once loaded, and `countNote` (e.g. ", 2 failed"). */
  title: string;
  count: number | null;
  countNote?: string;
  description: string;
  read: ListRead;
  /** "refunds": "Loading refunds...", "The refunds could not be loaded…", "No refunds.". */
  noun: string;
  caption: string;
  columns: string[];
  /** The table's rows, rendered only once loaded and not empty. */
  rows: () => ReactNode;
}

export const adminListCell = tableCell("compact");

export function AdminListPanel({ title, count, countNote = "", description, read, noun, caption, columns, rows }: AdminListPanelProps) {
  return (
    <details className="rounded-2xl border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold">
        {title}
        {count === null ? "" : ` (${count}${countNote})`}
      </summary>
      <div className="mt-3 space-y-2 text-sm">
        <p className="text-muted">{description}</p>
        {read.isPending ? (
          <p role="status" className="text-muted">
            {`Loading ${noun}...`}
          </p>
        ) : read.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {apiErrorMessage(read.error, `The ${noun} could not be loaded. Please try again.`)}
          </p>
        ) : count === 0 ? (
          <p className="text-muted">{`No ${noun}.`}</p>
        ) : (
          <DataTable caption={caption} headings={columns} size="compact">
            {rows()}
          </DataTable>
        )}
      </div>
    </details>
  );
}
