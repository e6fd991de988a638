/**
 * `/library`: what this tablet keeps for its listener. The songs they bought, on a tablet the provider
 * opened with a signed listener token (features/library/listener-token.ts), and the songs saved for
 * later on this tablet (features/wishlist), newest saved first, read from the tablet itself so the
 * list shows without a network (the service worker gives the app its shell, features/offline). Every
 * song plays in the one player bar.
 */
import { useState } from "react";
import { SongRow } from "@/features/catalogue/components/song-row";
import { LibrarySongs } from "@/features/library/components/library-songs";
import { currentListenerToken } from "@/features/library/listener-token";
import { useWishlist } from "@/features/wishlist";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/lib/router/link";
import { useI18n } from "@/lib/i18n";
import { ListenerScreen, usePlayerRow } from "../listener-screen";
// The player and the catalogue's components come in Home's chunk, as the search screen's do (routes/search.tsx).
import "./home";

function Bought() {
  const [token] = useState(currentListenerToken);
  const { currentSongId, playing, onToggle } = usePlayerRow();
  return <LibrarySongs token={token} player={{ currentSongId, playing, onToggle }} />;
}

function SavedForLater() {
  const i18n = useI18n();
  const { songs } = useWishlist();
  const player = usePlayerRow();
  if (songs.length === 0) {
    return (
      <div className="space-y-4 rounded-2xl border border-dashed border-line p-6">
        <p className="text-lg">{i18n._("Nothing saved for later yet. Tap the bookmark on any song to keep it here, on this tablet.")}</p>
        <Link to="/browse" className={buttonClass("primary", "lg")}>
          {i18n._("Browse")}
        </Link>
      </div>
    );
  }
  return (
    <SongRow id="saved-for-later" title={i18n._("Saved for later")} subtitle={i18n._("Kept on this tablet, newest first")} songs={songs} priority {...player} />
  );
}

export function Component() {
  const i18n = useI18n();
  return (
    <ListenerScreen title={i18n._("Library – JPlay")}>
      <h1 className="text-3xl font-extrabold tracking-tight">{i18n._("Library")}</h1>
      <Bought />
      <SavedForLater />
    </ListenerScreen>
  );
}
