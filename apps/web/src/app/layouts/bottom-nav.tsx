import { NavLink } from "@/lib/router/link";
import { HomeIcon, UploadIcon } from "@/components/ui/icons";
import { useI18n } from "@/lib/i18n";

const itemClass = "flex h-full flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-muted aria-[current=page]:text-accent";

/** Fixed mobile-style navigation; NavLink marks the active item with aria-current="page". */
export function BottomNav() {
  const i18n = useI18n();
  return (
    <nav aria-label={i18n._("Quick navigation")} className="fixed inset-x-0 bottom-0 z-40 h-16 border-t border-line bg-canvas/95 backdrop-blur">
      <ul className="mx-auto flex h-full max-w-md">
        <li className="flex flex-1">
          <NavLink to="/" end className={itemClass}>
            <HomeIcon className="size-6" />
            {i18n._("Home")}
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to="/distribute" className={itemClass}>
            <UploadIcon className="size-6" />
            {i18n._("Distribute")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
