/**
 * The catalogue module's public surface: what other modules and the Worker's entry points may import.
 */
export { readAdminCatalogue } from "./admin-catalogue";
export { recordCatalogueChanges } from "./catalogue-changes";
export { findOwnedSong } from "./catalogue";
export { listenerCountsBySong } from "./listener-counts";
export { songById, songStatusOf, type SongRow } from "./song-rows";
export { coverKeyToServe, requestedCoverWidth } from "./cover-to-serve";
export { purgeCatalogue } from "./edge-cache";
export { createFacility, facilityPriceCeilings, listFacilities, updateFacility } from "./facilities";
export { setFeaturedSong } from "./featured-song";
export { artistsRoutes } from "./routes/artists";
export { configRoutes } from "./routes/config";
export { homePage } from "./routes/home-page";
export { listenerPage } from "./routes/listener-pages";
export { songsRoutes } from "./routes/songs";
export { videosRoutes } from "./routes/videos";
export { restoreSong, takeDownSong } from "./song-takedown";
export { unknownFacility } from "./catalogue-scope";
