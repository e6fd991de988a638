import { lazy, Suspense, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useLocation, useNavigationType } from "@/lib/router/location";
import { useToasterWanted } from "@/lib/toast";
import { useI18n } from "@/lib/i18n";
import { markAppRunning } from "@/lib/early-taps";
import { KeepArtistLanguage } from "@/features/me/components/keep-artist-language";
import { BottomNav } from "./bottom-nav";
import { Footer } from "./footer";
import { Header } from "./header";

/** Its own chunk, mounted after the first toast: the home page never downloads sonner. */
const Toaster = lazy(() => import("@/components/ui/toaster"));

/**
 * Every navigation scrolls to the top (docs/product.md, Screens), but not the page load itself; a link with a hash (/#browse, /#learn-more)
 * scrolls to that section instead. After an in-app navigation, focus moves to the new content so
 * screen-reader and keyboard users start there.
 */
function useScrollOnNavigate(mainRef: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const navigationType = useNavigationType();

  const firstRun = useRef(true);

  useEffect(() => {
    const moveFocus = navigationType !== "POP";
    const pageLoad = firstRun.current;
    firstRun.current = false;
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        // On a page load the browser focused the fragment's target itself (the skip link taken before
        // the app ran); if the app then rendered afresh instead of hydrating, that element is gone
        // and focus fell to the body: it goes to the new one.
        const focusLost = pageLoad && document.activeElement === document.body;
        if ((moveFocus || focusLost) && target.hasAttribute("tabindex")) target.focus({ preventScroll: true });
        return;
      }
    }
    // A page load: the browser placed the page itself, and a listener may have scrolled Home's
    // server-rendered HTML before it hydrated (docs/decisions/031-server-rendered-home.md).
    if (pageLoad) return;
    window.scrollTo(0, 0);
    if (moveFocus) mainRef.current?.focus({ preventScroll: true });
  }, [location.key, location.pathname, location.hash, navigationType, mainRef]);
}

export function RootLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useScrollOnNavigate(mainRef);
  // Hydrated: the app answers every tap now, not the page's first script (src/early-taps.ts).
  useEffect(markAppRunning, []);
  const toasterWanted = useToasterWanted();
  const i18n = useI18n();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {i18n._("Skip to main content")}
      </a>
      <KeepArtistLanguage />
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <BottomNav />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}
