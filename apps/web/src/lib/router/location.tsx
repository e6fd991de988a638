/**
 * The location as React sees it. Each navigation is a transition: while the next screen's chunk
 * downloads, the current screen stays on view (as with React Router's data router), and the new
 * location, the header's active link and the new screen all commit together, so effects that run
 * on navigation (scroll to a #section, move focus) find the new screen in the page.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { currentNavigation, navigate, subscribe, type AppLocation, type Navigation, type NavigationType } from "./history";

const NavigationContext = createContext<Navigation>(currentNavigation());

/** `initial`: the location a server render is for (the browser's own is read otherwise). */
export function LocationProvider({ children, initial }: { children: ReactNode; initial?: Navigation }) {
  const [navigation, setNavigation] = useState(() => initial ?? currentNavigation());
  useEffect(() => {
    const unsubscribe = subscribe(() => startTransition(() => setNavigation(currentNavigation())));
    setNavigation(currentNavigation()); // a navigation before this effect ran
    return unsubscribe;
  }, []);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

export const useLocation = (): AppLocation => useContext(NavigationContext).location;

export const useNavigationType = (): NavigationType => useContext(NavigationContext).type;

/** The same function every render; a hook so screens read like any router's. */
export const useNavigate = () => navigate;

/** The query string of the current location. */
export const useSearchParams = (): URLSearchParams => new URLSearchParams(useLocation().search);
