/**
 * The Catalogue tab: what reaches the facilities (docs/decisions/051, 052, 053) — the
 * facilities and which take clean music only, the featured song, and the live and taken-down songs.
 */
import { CatalogueSongsPanel } from "./catalogue-songs-panel";
import { FacilitiesPanel } from "./facilities-panel";

export function CatalogueTab() {
  return (
    <div className="space-y-10">
      <CatalogueSongsPanel />
      <FacilitiesPanel />
    </div>
  );
}
