import { Link } from "@/lib/router/link";
import { Button, buttonClass } from "@/components/ui/button";

/** Honest failure: what did not load, and a way to try again (instead of an endless spinner). */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
      <p className="flex-1">{what} could not be loaded. Check the connection and try again.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The tablet keeps a facility JPlay does not know: no catalogue rather than the wrong one. */
export function UnknownFacility() {
  return (
    <div role="alert" className="rounded-2xl border border-line bg-surface p-5">
      <p>This tablet's facility is not known to JPlay, so no songs can be shown. Ask the tablet provider to open JPlay with the facility's link again.</p>
    </div>
  );
}

export function EmptyCatalogue() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-line p-10 text-center">
      <p className="text-lg">No songs available yet. Be the first to distribute your music!</p>
      <Link to="/distribute" className={buttonClass("primary", "lg")}>
        Distribute Your Music
      </Link>
    </div>
  );
}
