/**
 * /checkout and /subscribe charge the card this browser saved, as the session's artist
 * (docs/decisions/028-artist-journey.md). Without one, instead of a payment form that can only
 * fail, this says a card must be saved first and offers to do it on /distribute, which brings the
 * artist back here (`returnTo`). Honest loading and error states while `GET /api/me` answers.
 */
import type { ReactNode } from "react";
import { Link } from "@/lib/router/link";
import { Button, buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { useMe } from "../api/get-me";
import { saveCardThenReturnTo, type ReturnPath } from "../return-to";

export function SavedCardRequired({ returnTo, children }: { returnTo: ReturnPath; children: ReactNode }) {
  const i18n = useI18n();
  const me = useMe();
  if (me.isPending) return <Spinner label={i18n._("Checking for your saved card")} />;
  if (me.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5">
        <p className="flex-1">{i18n._("We could not check for your saved card. Check the connection and try again.")}</p>
        <Button variant="secondary" onClick={me.refetch}>
          {i18n._("Try again")}
        </Button>
      </div>
    );
  }
  if (me.data.artist) return children;
  return (
    <section aria-labelledby="card-required-heading" className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <h2 id="card-required-heading" className="text-xl font-bold">
        {i18n._("Save a card first")}
      </h2>
      <p>
        {i18n._(
          "Paying here uses the card you saved in this browser, and none is saved yet. Save your card on the distribution page: you will come straight back here to finish.",
        )}
      </p>
      <Link to={saveCardThenReturnTo(returnTo)} className={buttonClass("primary", "lg")}>
        {i18n._("Save a card")}
      </Link>
    </section>
  );
}
