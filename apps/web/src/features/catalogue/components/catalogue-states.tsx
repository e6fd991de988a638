import { Link } from "@/lib/router/link";
import { Button, buttonClass } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/**
 * Honest failure: what did not load, and a way to try again (instead of an endless spinner). `message`
 * is the whole sentence, in the screen's language.
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const i18n = useI18n();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
      <p className="flex-1">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {i18n._("Try again")}
      </Button>
    </div>
  );
}

/** The tablet keeps a facility JPlay does not know: no catalogue rather than the wrong one. */
export function UnknownFacility() {
  const i18n = useI18n();
  return (
    <div role="alert" className="rounded-2xl border border-line bg-surface p-5">
      <p>
        {i18n._(
          "This tablet's facility is not known to JPlay, so no songs can be shown. Ask the tablet provider to open JPlay with the facility's link again.",
        )}
      </p>
    </div>
  );
}

export function EmptyCatalogue() {
  const i18n = useI18n();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-line p-10 text-center">
      <p className="text-lg">{i18n._("No songs available yet. Be the first to distribute your music!")}</p>
      <Link to="/distribute" className={buttonClass("primary", "lg")}>
        {i18n._("Distribute Your Music")}
      </Link>
    </div>
  );
}
