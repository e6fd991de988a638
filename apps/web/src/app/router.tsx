/**
 * The route table of docs/product.md, Screens. Every screen is its own lazy chunk, so Home's chunk
 * graph holds no payment code (decision 015). The listener's screens read the API through
 * lib/read-cache.ts; every other screen's chunk brings TanStack Query with it (lib/query.tsx).
 */
import { lazy, type ComponentType } from "react";
import { LocationProvider } from "@/lib/router/location";
import { RouteSwitch, type RouteDef } from "@/lib/router/routes";
import { screenFrame } from "./screen-frame";

type ScreenModule = { Component: ComponentType };

/** A screen's chunk as a lazy component. */
const screen = (load: () => Promise<ScreenModule>) => lazy(async () => ({ default: (await load()).Component }));

const loadHome = () => import("./routes/home");

const loadDistribute = () => import("./routes/distribute");
/**
 * The screens the Worker renders that the SPA hydrates (the listener's pages are islands instead,
 * app/islands/), by path, each with the chunks start-app.tsx waits for before it hydrates them
 * (src/server/render-distribute.tsx).
 */
export const serverRenderedScreens: Record<string, () => Promise<unknown>> = {
  "/distribute": loadDistribute,
};

const Home = screen(loadHome);
const Distribute = screen(loadDistribute);
const Approval = screen(() => import("./routes/approval"));
const Confirmation = screen(() => import("./routes/confirmation"));
const PaymentRecovery = screen(() => import("./routes/payment-recovery"));
const Checkout = screen(() => import("./routes/checkout"));
const Subscribe = screen(() => import("./routes/subscribe"));
const SubscriptionSuccess = screen(() => import("./routes/subscription-success"));
const Admin = screen(() => import("./routes/admin"));
const Artist = screen(() => import("./routes/artist"));
const Collaborator = screen(() => import("./routes/collaborator"));
/** The browsing screens' chunks. */
const listenerScreenChunks = {
  browse: () => import("./routes/browse"),
  "all-songs": () => import("./routes/all-songs"),
  genre: () => import("./routes/genre"),
  song: () => import("./routes/song"),
  artist: () => import("./routes/artist-page"),
  search: () => import("./routes/search"),
};
const BrowseScreen = screen(listenerScreenChunks.browse);
const AllSongs = screen(listenerScreenChunks["all-songs"]);
const GenreScreen = screen(listenerScreenChunks.genre);
const SongScreen = screen(listenerScreenChunks.song);
const ArtistPage = screen(listenerScreenChunks.artist);
const Search = screen(listenerScreenChunks.search);
const Library = screen(() => import("./routes/library"));
const NotFound = screen(() => import("./routes/not-found"));

const routes: RouteDef[] = [
  { path: "/", Screen: Home },
  { path: "/distribute", Screen: Distribute },
  { path: "/approval", redirectTo: "/distribute" },
  { path: "/approval/:songId", Screen: Approval },
  { path: "/confirmation/:songId", Screen: Confirmation },
  { path: "/payment-recovery/:songId/:tier?", Screen: PaymentRecovery },
  { path: "/checkout", Screen: Checkout },
  { path: "/subscribe", Screen: Subscribe },
  { path: "/subscription-success", Screen: SubscriptionSuccess },
  { path: "/admin", Screen: Admin },
  { path: "/search", Screen: Search },
  { path: "/library", Screen: Library },
  { path: "/browse", Screen: BrowseScreen },
  { path: "/songs", Screen: AllSongs },
  { path: "/genres/:genre", Screen: GenreScreen },
  { path: "/songs/:songId", Screen: SongScreen },
  { path: "/artists/:slug", Screen: ArtistPage },
  // An opened link lands on /artist (the Worker keeps its token in a cookie); /artist/{token} renders
  // only where the Worker did not see the navigation (the service worker's copy of the app, offline).
  { path: "/artist", Screen: Artist },
  { path: "/artist/:token", Screen: Artist },
  { path: "/collaborator", Screen: Collaborator },
  { path: "*", Screen: NotFound },
];

/**
 * Every screen in its frame (screen-frame.tsx). Later navigations keep the current screen until the
 * next one is ready (a transition, see lib/router/location.tsx).
 */
export function AppRouter() {
  return (
    <LocationProvider>
      <RouteSwitch routes={routes} frame={screenFrame} />
    </LocationProvider>
  );
}
