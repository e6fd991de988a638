/**
 * The frame every data table of the artist page and the admin portal shares: a bordered box that
 * scrolls sideways on a narrow screen, a caption screen readers announce, column headings scoped to
 * their columns, and rows divided by lines. The rows are the caller's, their cells classed with
 * `tableCell(size)`. Sizes: `page` (the artist page), `panel` (the admin portal's full-width tables),
 * `compact` (lists inside an admin panel or dialog).
 */
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type TableSize = "page" | "panel" | "compact";

const FRAMES: Record<TableSize, { box: string; table: string; head: string; cell: string }> = {
  page: { box: "rounded-2xl", table: "text-sm", head: "bg-surface-2", cell: "px-4 py-2" },
  panel: { box: "rounded-2xl bg-surface", table: "text-sm", head: "text-muted", cell: "px-3 py-2 align-top" },
  compact: { box: "rounded-xl", table: "text-xs", head: "bg-surface-2", cell: "px-2 py-1.5" },
};

/** A cell's padding and alignment in a table of this size. */
export const tableCell = (size: TableSize) => FRAMES[size].cell;

/** A heading: its text, or a node (e.g. a screen-reader-only "Actions") with classes of its own (e.g. `text-right`). */
export type TableHeading = ReactNode | { label: ReactNode; className: string };

const isStyled = (heading: TableHeading): heading is { label: ReactNode; className: string } =>
  typeof heading === "object" && heading !== null && "label" in heading && "className" in heading;

export function DataTable({ caption, headings, size, children }: { caption: string; headings: TableHeading[]; size: TableSize; children: ReactNode }) {
  const frame = FRAMES[size];
  return (
    <div className={cn("overflow-x-auto border border-line", frame.box)}>
      <table className={cn("w-full text-left", frame.table)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={frame.head}>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className={cn(frame.cell, isStyled(heading) && heading.className)}>
                {isStyled(heading) ? heading.label : heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
