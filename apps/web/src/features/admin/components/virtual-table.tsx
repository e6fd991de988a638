/**
 * A real <table> that renders only the rows in view (@tanstack/react-virtual), so 10,000 artists
 * stay as quick as ten. Spacer rows above and below keep the scroll height; aria-rowcount and
 * aria-rowindex tell screen readers where they are in the whole list.
 * https://www.w3.org/WAI/ARIA/apg/patterns/table/ , https://tanstack.com/virtual/latest
 */
import { useRef, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { cn } from "@/lib/cn";

export interface Column {
  header: ReactNode;
  className?: string;
}

export interface VirtualTableProps<Row> {
  label: string;
  columns: readonly Column[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  renderCells: (row: Row) => ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  empty: string;
  estimateRowHeight?: number;
}

export const cellClass = "px-3 py-3 align-middle";

export function VirtualTable<Row>({ label, columns, rows, rowKey, renderCells, rowClassName, empty, estimateRowHeight = 68 }: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 8,
    getItemKey: (index) => rowKey(rows[index]!),
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <div
      ref={scrollRef}
      // Keyboard users can scroll the list itself.
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-[70vh] overflow-auto rounded-xl border border-line"
    >
      <table aria-label={label} aria-rowcount={rows.length + 1} className="w-full border-collapse text-left text-sm">
        <thead className="sticky top-0 z-10 bg-surface-2">
          <tr aria-rowindex={1}>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn("px-3 py-2 font-semibold", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            <>
              {padTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columns.length} style={{ height: padTop, padding: 0 }} />
                </tr>
              )}
              {items.map((item) => {
                const row = rows[item.index]!;
                return (
                  <tr
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    aria-rowindex={item.index + 2}
                    className={cn("border-t border-line", rowClassName?.(row))}
                  >
                    {renderCells(row)}
                  </tr>
                );
              })}
              {padBottom > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columns.length} style={{ height: padBottom, padding: 0 }} />
                </tr>
              )}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
