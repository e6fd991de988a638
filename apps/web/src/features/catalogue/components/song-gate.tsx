/**
 * Loads one song for a screen about it (offer, recovery, confirmation) with the honest states in
 * one place: a spinner while it loads, 'Song not found' for a 404 (also what another artist's pending
 * song answers), a retry for any other failure, else the screen itself.
 */
import type { ReactNode } from "react";
import type { SongDto } from "@jplay/schema/song";
import { SongNotFound } from "@/components/song-not-found";
import { Spinner } from "@/components/ui/spinner";
import { hasErrorCode } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { useSong } from "../api/get-song";
import { LoadError } from "./catalogue-states";

export function SongGate({ songId, loadingLabel, children }: { songId: string; loadingLabel: string; children: (song: SongDto) => ReactNode }) {
  const i18n = useI18n();
  const song = useSong(songId);
  if (!songId) return <SongNotFound />;
  if (song.isPending) return <Spinner label={loadingLabel} className="min-h-[50vh]" />;
  if (song.isError) {
    if (hasErrorCode(song.error, "not_found")) return <SongNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <LoadError message={i18n._("The song could not be loaded. Check the connection and try again.")} onRetry={() => void song.refetch()} />
      </div>
    );
  }
  return children(song.data);
}
