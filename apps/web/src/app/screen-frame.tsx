/**
 * The layout, error boundary and loading state around every screen, on its own so the Worker's
 * server render (server/render-home.tsx) wraps Home exactly as the browser's router does: the same
 * tree is what lets the browser hydrate the server's HTML without changing it
 * (docs/decisions/031-server-rendered-home.md).
 *
 * A first visit without server HTML shows one full-page loading state until its screen's chunk has
 * arrived, then the layout and the screen appear together, so nothing on the page moves (no layout
 * shift). Errors below the layout keep the header, footer and navigation on screen; the boundary is
 * keyed by the path, so leaving a broken screen clears the error.
 */
import { Suspense, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./route-error-boundary";

function LoadingJPlay() {
  const i18n = useI18n();
  return <Spinner label={i18n._("Loading JPlay")} className="min-h-dvh" />;
}

export function screenFrame(screen: ReactNode, pathname: string) {
  return (
    <Suspense fallback={<LoadingJPlay />}>
      <RootLayout>
        <RouteErrorBoundary key={pathname}>{screen}</RouteErrorBoundary>
      </RootLayout>
    </Suspense>
  );
}
