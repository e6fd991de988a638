/** A moment in an admin table or note: machine-readable in `dateTime`, written as admin-format.ts writes it. */
import { formatMoment } from "../admin-format";

export function Moment({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatMoment(iso)}
    </time>
  );
}
