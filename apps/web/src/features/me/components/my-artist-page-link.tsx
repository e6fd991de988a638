/**
 * A link to this browser's artist page (docs/decisions/028-artist-journey.md): the kept link when
 * there is one; otherwise, for a browser whose session belongs to an artist, a click asks for a
 * fresh link (`POST /api/me/artist-link`) and opens it. Nothing renders for a browser with neither.
 */
import { useState, type MouseEvent, type ReactNode } from "react";
import { readArtistPageUrl } from "@/lib/kept-after-payment";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { myArtistPageUrl } from "../api/my-artist-page";
import { useMe } from "../api/get-me";

/** Where the link points before a fresh one is asked for: the screen that explains the page. */
const WITHOUT_KEPT_LINK = "/distribute";

export function MyArtistPageLink({ className, children }: { className: string; children: ReactNode }) {
  // Read at each render: a card saved again or links revoked since the header mounted keep a new one.
  const kept = readArtistPageUrl();
  const i18n = useI18n();
  const me = useMe();
  const [failure, setFailure] = useState<string | null>(null);
  if (!kept && !me.data?.artist) return null;

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (kept) return;
    event.preventDefault();
    setFailure(null);
    try {
      window.location.assign(await myArtistPageUrl());
    } catch (error) {
      setFailure(apiErrorMessage(error, i18n._("Your artist page could not be opened. Please try again.")));
    }
  }

  return (
    <>
      <a href={kept ?? WITHOUT_KEPT_LINK} onClick={(event) => void onClick(event)} className={className}>
        {children}
      </a>
      {failure && (
        <span role="alert" className="text-sm font-medium">
          {failure}
        </span>
      )}
    </>
  );
}
