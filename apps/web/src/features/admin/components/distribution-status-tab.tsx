/** The Distribution Status tab (spec section 2): every song once, its artist, status and fee paid. */
import type { SongRow } from "../admin-data";
import { artistLabel, SongStatusBadge } from "./labels";
import { VirtualTable, cellClass } from "./virtual-table";

export function DistributionStatusTab({ rows }: { rows: readonly SongRow[] }) {
  return (
    <VirtualTable
      label="Distribution status"
      rows={rows}
      rowKey={(row) => row.song.id}
      empty="No songs found"
      columns={[{ header: "Song" }, { header: "Artist" }, { header: "Phone" }, { header: "Status" }, { header: "Distribution Fee", className: "text-right" }]}
      renderCells={({ song, record }) => (
        <>
          <td className={cellClass}>
            <div className="font-semibold">{song.title}</div>
            <div className="truncate font-mono text-xs text-muted">ID: {song.id}</div>
          </td>
          <td className={cellClass}>{artistLabel(record.artistName)}</td>
          <td className={cellClass}>{record.artistPhone}</td>
          <td className={cellClass}>
            <SongStatusBadge status={song.status} />
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {typeof song.distributionFee === "number" ? `$${song.distributionFee.toFixed(2)}` : "N/A"}
          </td>
        </>
      )}
    />
  );
}
