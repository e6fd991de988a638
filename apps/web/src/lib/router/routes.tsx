/**
 * Picks the screen for the current path with React Router's own pattern matcher (`matchPath`:
 * params, optional segments, splats, decoding), and gives the screen its params. The first matching
 * route wins, so the table lists specific paths before the "*" catch-all.
 */
import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from "react";
import { matchPath } from "react-router";
import { navigate } from "./history";
import { useLocation } from "./location";

export type RouteDef = { path: string; Screen: ComponentType } | { path: string; redirectTo: string };

const ParamsContext = createContext<Record<string, string | undefined>>({});

export const useParams = () => useContext(ParamsContext);

/** Params as the screen means them: "%20" is a space. A malformed escape is kept as sent. */
function decodeParams(params: Record<string, string | undefined>) {
  const decoded: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = value === undefined ? undefined : decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded;
}

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** Renders the matched route through `frame` (layout, error boundary, suspense), or nothing. */
export function RouteSwitch({ routes, frame }: { routes: RouteDef[]; frame: (screen: ReactNode, pathname: string) => ReactNode }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    if ("redirectTo" in route) return <Redirect to={route.redirectTo} />;
    const { Screen } = route;
    return <ParamsContext.Provider value={decodeParams(match.params)}>{frame(<Screen />, pathname)}</ParamsContext.Provider>;
  }
  return null;
}
