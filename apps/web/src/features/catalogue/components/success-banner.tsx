import { useEffect, useState } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { forgetDistributedSong, readDistributedSongId } from "@/lib/kept-after-payment";
import { songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";
import { MyArtistPageLink, MyGetPaid } from "@/features/me";
import { useSong } from "../api/get-song";

/** The flags are removed this long after the banner shows (docs/product.md, Prices and limits). */
export const SUCCESS_FLAGS_TTL_MS = 5_000;

/**
 * "{title} is being distributed" after a distribution. The banner stays until the visitor leaves or
 * dismisses it; the flags behind it are cleared 5 s after it shows, so it does not come back. Under
 * it, the way to the artist's private page and, while payouts are not set up, "Get paid"
 * (docs/decisions/028-artist-journey.md).
 */
export function DistributionSuccessBanner() {
  const i18n = useI18n();
  const [songId] = useState(readDistributedSongId);
  const [dismissed, setDismissed] = useState(false);
  const song = useSong(songId);
  // Shown once the song lookup has settled, so the title does not change under a screen reader.
  const visible = songId !== null && !dismissed && (song.isSuccess || song.isError);
  const title = song.data ? songTitle(song.data, i18n) : i18n._("Your song");

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(forgetDistributedSong, SUCCESS_FLAGS_TTL_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return (
    <div className="space-y-4">
      <div role="status">
        {visible && (
          <div className="flex items-start gap-4 rounded-2xl border border-success/40 bg-success-soft p-5 text-fg">
            <div className="flex-1 space-y-1">
              <p className="text-lg font-bold text-success">{i18n._("{title} is being distributed", { title })}</p>
              <p className="text-sm">{i18n._("Your music is now being processed for the provider's distribution. This typically takes 24-48 hours.")}</p>
              <p className="pt-1">
                <MyArtistPageLink className="font-semibold text-accent underline underline-offset-4">{i18n._("Your private artist page")}</MyArtistPageLink>
              </p>
            </div>
            <button
              type="button"
              aria-label={i18n._("Dismiss")}
              onClick={() => {
                setDismissed(true);
                forgetDistributedSong();
              }}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-2"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
        )}
      </div>
      {visible && <MyGetPaid />}
    </div>
  );
}
