/** "My music" in the header's menus, whenever this browser's session belongs to an artist (docs/decisions/028-artist-journey.md). */
import { useMe } from "../api/get-me";
import { useI18n } from "@/lib/i18n";
import { MyArtistPageLink } from "./my-artist-page-link";

export function MyMusicNavItem({ className }: { className: string }) {
  const i18n = useI18n();
  if (!useMe().data?.artist) return null;
  return (
    <li>
      <MyArtistPageLink className={className}>{i18n._("My music")}</MyArtistPageLink>
    </li>
  );
}
