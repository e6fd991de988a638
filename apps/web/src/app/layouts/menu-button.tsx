/**
 * The header's menu button (phones and tablets held upright): it opens and closes `#mobile-menu`,
 * which is server-rendered HTML that is never hydrated on a listener page, so the button shows or
 * hides it itself rather than through a React prop. On a listener page it is an island of its own
 * (docs/decisions/105-listener-pages-as-islands.md); the SPA's header renders the same button.
 */
import { useEffect, useRef, useState } from "react";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { useI18n } from "@/lib/i18n";

export const MOBILE_MENU_ID = "mobile-menu";

const menu = () => document.getElementById(MOBILE_MENU_ID);

function showMenu(open: boolean) {
  const element = menu();
  if (element) element.hidden = !open;
}

/** `closeOn`: a value whose change closes the menu (the SPA's location, so a navigation closes it). */
export function MenuButton({ closeOn }: { closeOn?: string }) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shownFor = useRef(closeOn);

  const show = (next: boolean) => {
    setOpen(next);
    showMenu(next);
  };

  // Opened by a tap before this button ran (src/early-taps.ts): it stays open.
  useEffect(() => {
    if (menu()?.hidden === false) setOpen(true);
  }, []);

  useEffect(() => {
    if (closeOn === shownFor.current) return;
    shownFor.current = closeOn;
    setOpen(false);
    showMenu(false);
  }, [closeOn]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      showMenu(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={open}
      aria-controls={MOBILE_MENU_ID}
      aria-label={i18n._("Menu")}
      onClick={() => show(!open)}
      data-early-tap="menu"
      className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-2 md:hidden"
    >
      {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
    </button>
  );
}
