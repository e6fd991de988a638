/**
 * The route table of docs/product.md, Screens. Every screen is its own lazy chunk; the screens that use
 * TanStack Query load it with their own chunk (in parallel, no waterfall), so Home's chunk graph
 * holds neither Query nor any payment code (decision 015).
 */
import { lazy, Suspense, type ComponentType } from "react";
import { Spinner } from "@/components/ui/spinner";
import { LocationProvider } from "@/lib/router/location";
import { RouteSwitch, type RouteDef } from "@/lib/router/routes";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./route-error-boundary";

type ScreenModule = { Component: ComponentType };

/** A screen's chunk as a lazy component; `withQuery` also loads the Query provider around it. */
function screen(load: () => Promise<ScreenModule>, { withQuery = true } = {}) {
  return lazy(async () => {
    if (!withQuery) return { default: (await load()).Component };
    const [{ QueryProvider }, { Component: Screen }] = await Promise.all([import("./query-provider"), load()]);
    return {
      default: () => (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      ),
    };
  });
}

const Home = screen(() => import("./routes/home"), { withQuery: false });
const Distribute = screen(() => import("./routes/distribute"));
const Approval = screen(() => import("./routes/approval"));
const Confirmation = screen(() => import("./routes/confirmation"));
const PaymentRecovery = screen(() => import("./routes/payment-recovery"));
const Checkout = screen(() => import("./routes/checkout"));
const Subscribe = screen(() => import("./routes/subscribe"));
const SubscriptionSuccess = screen(() => import("./routes/subscription-success"));
const Admin = screen(() => import("./routes/admin"));
const Artist = screen(() => import("./routes/artist"));
const NotFound = screen(() => import("./routes/not-found"), { withQuery: false });

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
  { path: "/artist/:token", Screen: Artist },
  { path: "*", Screen: NotFound },
];

/**
 * The layout around every screen. A first visit shows one full-page loading state until its screen's
 * chunk has arrived, then the layout and the screen appear together, so nothing on the page moves
 * (no layout shift). Later navigations keep the current screen until the next one is ready (a
 * transition, see lib/router/location.tsx). Errors below the layout keep the header, footer and
 * navigation on screen; the boundary is keyed by the path, so leaving a broken screen clears the error.
 */
export function AppRouter() {
  return (
    <LocationProvider>
      <RouteSwitch
        routes={routes}
        frame={(screen, pathname) => (
          <Suspense fallback={<Spinner label="Loading JPlay" className="min-h-dvh" />}>
            <RootLayout>
              <RouteErrorBoundary key={pathname}>{screen}</RouteErrorBoundary>
            </RootLayout>
          </Suspense>
        )}
      />
    </LocationProvider>
  );
}
