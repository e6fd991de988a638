import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { prefetchFeaturedSong } from "./features/catalogue/api/get-featured-song";
import { prefetchPopularSongs } from "./features/catalogue/api/get-popular-songs";
import { prefetchRecentSongs } from "./features/catalogue/api/get-recent-songs";
import { rememberFacilityFromAddress } from "./features/catalogue/facility";
import { AppRouter } from "./app/router";
import "./features/offline/register-service-worker";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A tablet opened at /?facility=<id> keeps its facility for every catalogue read, this one included.
rememberFacilityFromAddress();

// Home's reads start while its code chunk downloads (no waterfall on slow Wi-Fi).
if (window.location.pathname === "/") {
  prefetchPopularSongs();
  prefetchRecentSongs();
  prefetchFeaturedSong();
}

createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
