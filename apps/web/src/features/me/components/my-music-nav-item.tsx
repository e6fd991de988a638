/** "My music" in the header's menus, whenever this browser's session belongs to an artist (docs/decisions/028-artist-journey.md). */
import { useMe } from "../api/get-me";
import { MyArtistPageLink } from "./my-artist-page-link";

export function MyMusicNavItem({ className }: { className: string }) {
  if (!useMe().data?.artist) return null;
  return (
    <li>
      <MyArtistPageLink className={className}>My music</MyArtistPageLink>
    </li>
  );
}
