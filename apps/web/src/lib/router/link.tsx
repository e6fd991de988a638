/**
 * In-app links: a real `<a href>` (open in a new tab, copy, and screen readers work as for any link)
 * whose plain click navigates without a reload. `NavLink` marks the link of the current screen with
 * aria-current="page".
 */
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "./history";
import { useLocation } from "./location";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  replace?: boolean;
}

/** A click the browser should handle itself: new tab/window, download, or another button. */
function isBrowserClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    Boolean(event.currentTarget.target && event.currentTarget.target !== "_self")
  );
}

export function Link({ to, replace, onClick, ...anchor }: LinkProps) {
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isBrowserClick(event)) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? false });
      }}
    />
  );
}

/** `end`: active only on exactly `to`, not on the paths below it. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const active = pathname === props.to || (!end && pathname.startsWith(props.to.endsWith("/") ? props.to : `${props.to}/`));
  return <Link {...props} aria-current={active ? "page" : undefined} />;
}
