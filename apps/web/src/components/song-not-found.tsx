/**
 * The "Song not found" state of the offer, recovery and confirmation screens (docs/product.md, Screens): the
 * id in the address names no song this visitor may see, so the way back is the distribution form.
 */
import { useEffect, useRef } from "react";
import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

export function SongNotFound() {
  const i18n = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // Moves focus here so a screen reader announces why the screen has nothing else on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <title>{i18n._("Song not found – JPlay")}</title>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight">
        {i18n._("Song not found")}
      </h1>
      <p className="text-lg text-muted">{i18n._("The song you're looking for could not be found.")}</p>
      <Link to="/distribute" className={buttonClass("primary", "lg")}>
        {i18n._("Back to Distribution")}
      </Link>
    </div>
  );
}
