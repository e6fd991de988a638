/**
 * A song's "Sound check" on the artist page (components/audio-check-details.tsx): its measurements
 * are read from the Worker the first time the artist opens it, not with the page.
 */
import { useState } from "react";
import { AudioCheckDetails } from "@/components/audio-check-details";
import { useI18n } from "@/lib/i18n";
import { useSongAudioCheck } from "../api/get-song-audio-check";

export function SongSoundCheck({ token, songId, title }: { token: string; songId: string; title: string }) {
  const i18n = useI18n();
  const [opened, setOpened] = useState(false);
  const check = useSongAudioCheck(token, songId, opened);
  const pending = (
    <p role="status" className="mt-2 text-muted">
      {check.isError ? i18n._("The sound check could not be loaded. Close and open it to try again.") : i18n._("Loading the sound check…")}
    </p>
  );
  return (
    <AudioCheckDetails
      check={check.data?.audioCheck}
      title={title}
      pending={pending}
      onOpen={() => {
        setOpened(true);
        if (check.isError) void check.refetch();
      }}
    />
  );
}
