import { useId } from "react";
import { useLocation, useNavigate, useSearchParams } from "@/lib/router/location";
import { Link, NavLink } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { LogoMark, SearchIcon } from "@/components/ui/icons";
import { Island } from "@/components/island";
import { cn } from "@/lib/cn";
import { ThemeToggle } from "@/features/theme/theme-toggle";
import { MyMusicNavItem } from "@/features/me/components/my-music-nav-item";
import { OfflineIndicator } from "@/features/offline/offline-indicator";
import { LanguageSwitch } from "@/features/language";
import { useI18n } from "@/lib/i18n";
import { MenuButton, MOBILE_MENU_ID } from "./menu-button";

const navLinks = [
  { to: "/", label: /*i18n*/ "Home" },
  { to: "/browse", label: /*i18n*/ "Browse" },
  { to: "/library", label: /*i18n*/ "Library" },
  { to: "/admin", label: /*i18n*/ "Admin" },
];

const SEARCH_PATH = "/search";

const linkClass = "inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium text-muted hover:text-fg aria-[current=page]:text-fg";

/**
 * The header's search box: it opens `/search?q=` (routes/search.tsx). A plain GET form, so a search
 * sent before the app has hydrated (a server-rendered page) still goes there; once hydrated the app
 * navigates without reloading. On the search screen it holds the query being shown.
 */
function SearchBox({ className }: { className?: string }) {
  const i18n = useI18n();
  const id = useId();
  const navigate = useNavigate();
  const onSearchScreen = useLocation().pathname === SEARCH_PATH;
  const shown = useSearchParams().get("q") ?? "";
  return (
    <form
      role="search"
      action={SEARCH_PATH}
      method="get"
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        // The address the form itself would open (`q=corazon+barr`), hydrated or not.
        const query = new FormData(event.currentTarget).get("q");
        navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: typeof query === "string" ? query : "" })}`);
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        {i18n._("Search songs")}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        // A new search shown elsewhere (back, forward) puts its words in the box.
        key={onSearchScreen ? shown : ""}
        id={`${id}-q`}
        name="q"
        type="search"
        defaultValue={onSearchScreen ? shown : ""}
        placeholder={i18n._("Songs, artists, lyrics")}
        maxLength={100}
        autoComplete="off"
        className="h-11 w-full rounded-full border border-line bg-surface pr-4 pl-9 text-sm placeholder:text-muted"
      />
    </form>
  );
}

export function Header() {
  const i18n = useI18n();
  const location = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="flex min-h-11 shrink-0 items-center gap-2 rounded-md text-lg font-extrabold" aria-label={i18n._("JPlay home")}>
          <LogoMark className="size-8" />
          <span>JPlay</span>
        </Link>

        <nav aria-label={i18n._("Main")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                {link.to.includes("#") ? (
                  <Link to={link.to} className={linkClass}>
                    {i18n._(link.label)}
                  </Link>
                ) : (
                  <NavLink to={link.to} end className={linkClass}>
                    {i18n._(link.label)}
                  </NavLink>
                )}
              </li>
            ))}
            <MyMusicNavItem className={linkClass} />
          </ul>
        </nav>

        <SearchBox className="ml-auto hidden w-56 sm:block lg:w-72" />

        <div className="ml-auto flex items-center gap-1 sm:ml-0">
          <Link to="/distribute" className={buttonClass("primary", "sm")}>
            {i18n._("Try JPlay")}
          </Link>
          <Island name="language">
            <LanguageSwitch />
          </Island>
          <Island name="theme">
            <ThemeToggle />
          </Island>
          <Island name="menu">
            <MenuButton closeOn={location.key} />
          </Island>
        </div>
      </div>
      <Island name="offline">
        <OfflineIndicator />
      </Island>

      {/* Shown and hidden by the menu button (menu-button.tsx), never by a render. */}
      <div id={MOBILE_MENU_ID} hidden className="border-t border-line bg-canvas md:hidden">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-4">
          <SearchBox className="sm:hidden" />
          <nav aria-label={i18n._("Mobile")}>
            <ul className="grid gap-1">
              {[...navLinks.slice(0, 3), { to: "/distribute", label: /*i18n*/ "Distribution" }, navLinks[3]!].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="block rounded-md px-3 py-3 font-medium hover:bg-surface-2">
                    {i18n._(link.label)}
                  </Link>
                </li>
              ))}
              <MyMusicNavItem className="block rounded-md px-3 py-3 font-medium hover:bg-surface-2" />
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
