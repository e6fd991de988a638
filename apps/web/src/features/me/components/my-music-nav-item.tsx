/**
 * "My music" in the header's menus, whenever this browser's session belongs to an artist
 * (docs/decisions/028-artist-journey.md): an island of its own on a listener page
 * (docs/decisions/105-listener-pages-as-islands.md), as the server cannot know the session.
 */
import { Island } from "@/components/island";
import { useI18n } from "@/lib/i18n";
import { MyArtistPageLink } from "./my-artist-page-link";

/** The link alone; nothing for a browser without an artist. */
export function MyMusicLink({ className }: { className: string }) {
  const i18n = useI18n();
  return <MyArtistPageLink className={className}>{i18n._("My music")}</MyArtistPageLink>;
}

export function MyMusicNavItem({ className }: { className: string }) {
  return (
    <Island name="my-music" as="li" props={{ className }}>
      <MyMusicLink className={className} />
    </Island>
  );
}
