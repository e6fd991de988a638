/**
 * The "Song not found" state of the offer, recovery and confirmation screens (docs/product.md, Screens): the
 * id in the address names no song this visitor may see, so the way back is the distribution form.
 */
import { useEffect, useRef } from "react";
import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";

export function SongNotFound() {
  const heading = useRef<HTMLHeadingElement>(null);
  // Moves focus here so a screen reader announces why the screen has nothing else on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <title>Song not found – JPlay</title>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight">
        Song not found
      </h1>
      <p className="text-lg text-muted">The song you're looking for could not be found.</p>
      <Link to="/distribute" className={buttonClass("primary", "lg")}>
        Back to Distribution
      </Link>
    </div>
  );
}
