/**
 * The Distribution Status tab (docs/decisions/012-admin-screen.md): every song once, its artist, status and fee paid. A
 * paid song not yet live (`approved`) can be rejected from its row (reject-song-dialog.tsx).
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { SongRow } from "../admin-data";
import { artistLabel, SongStatusBadge } from "./labels";
import { RejectSongDialog, type SongToReject } from "./reject-song-dialog";
import { VirtualTable, cellClass } from "./virtual-table";
import { formatDollars } from "../admin-format";

export function DistributionStatusTab({ rows }: { rows: readonly SongRow[] }) {
  const [rejecting, setRejecting] = useState<SongToReject | null>(null);
  return (
    <>
      <VirtualTable
        label="Distribution status"
        rows={rows}
        rowKey={(row) => row.song.id}
        empty="No songs found"
        columns={[
          { header: "Song" },
          { header: "Artist" },
          { header: "Phone" },
          { header: "Status" },
          { header: "Distribution Fee", className: "text-right" },
          { header: <span className="sr-only">Actions</span>, className: "text-right" },
        ]}
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
            <td className={`${cellClass} text-right tabular-nums`}>{typeof song.distributionFee === "number" ? formatDollars(song.distributionFee) : "N/A"}</td>
            <td className={`${cellClass} text-right`}>
              {song.status === "approved" && (
                <Button variant="secondary" size="sm" aria-label={`Reject ${song.title}`} onClick={() => setRejecting({ id: song.id, title: song.title })}>
                  Reject
                </Button>
              )}
            </td>
          </>
        )}
      />
      <RejectSongDialog song={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
