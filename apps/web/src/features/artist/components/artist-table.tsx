/** The artist page's tables (payouts, sales by state): one frame, a caption for screen readers, column headings. */
import type { ReactNode } from "react";

export const artistCell = "px-4 py-2";

export function ArtistTable({ caption, headings, children }: { caption: string; headings: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={artistCell}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
