import { createBrowserRouter, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { queryClient } from "@/lib/query-client";
import { featuredSongQueryOptions } from "@/features/catalogue/api/get-featured-song";
import { popularSongsQueryOptions } from "@/features/catalogue/api/get-popular-songs";
import { recentSongsQueryOptions } from "@/features/catalogue/api/get-recent-songs";
import { RootLayout } from "./layouts/root-layout";

/**
 * Starts Home's reads while its code chunk downloads (no waterfall on slow Wi-Fi). Not awaited: the
 * screen shows its own loading state. Cached reads never go stale, so revisits cost nothing.
 */
function prefetchHome() {
  void queryClient.prefetchQuery(popularSongsQueryOptions());
  void queryClient.prefetchQuery(recentSongsQueryOptions());
  void queryClient.prefetchQuery(featuredSongQueryOptions());
  return null;
}

function AppLoading() {
  return <Spinner label="Loading JPlay" className="min-h-dvh" />;
}

function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <div role="alert" className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold">Something went wrong</h1>
      <p className="text-muted">This page could not be shown ({detail}). Reloading usually helps.</p>
      <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

/** The route table of spec section 2. Every screen is its own lazy chunk. */
export const router = createBrowserRouter([
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors below keep the header, footer and navigation on screen.
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: prefetchHome, lazy: () => import("./routes/home") },
          { path: "distribute", lazy: () => import("./routes/distribute") },
          { path: "approval", loader: () => redirect("/distribute") },
          { path: "approval/:songId", lazy: () => import("./routes/approval") },
          { path: "confirmation/:songId", lazy: () => import("./routes/confirmation") },
          { path: "payment-recovery/:songId/:tier?", lazy: () => import("./routes/payment-recovery") },
          { path: "checkout", lazy: () => import("./routes/checkout") },
          { path: "subscribe", lazy: () => import("./routes/subscribe") },
          { path: "subscription-success", lazy: () => import("./routes/subscription-success") },
          { path: "admin", lazy: () => import("./routes/admin") },
          { path: "artist/:token", lazy: () => import("./routes/artist") },
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
    ],
  },
]);
