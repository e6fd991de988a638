/**
 * A link to this browser's artist page (docs/decisions/028-artist-journey.md), for a browser whose
 * session belongs to an artist: `/artist`, where the page reads the link the Worker keeps in an
 * HttpOnly cookie. A click first has the Worker keep one (the kept link, or a fresh one when it was
 * lost: docs/decisions/088-leaks-and-cheap-reads.md), then opens the page. Nothing renders for a
 * browser without an artist.
 */
import { useState, type MouseEvent, type ReactNode } from "react";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { keepMyArtistLink, MY_ARTIST_PAGE_PATH } from "../api/my-artist-page";
import { useMe } from "../api/get-me";

export function MyArtistPageLink({ className, children }: { className: string; children: ReactNode }) {
  const i18n = useI18n();
  const me = useMe();
  const [failure, setFailure] = useState<string | null>(null);
  if (!me.data?.artist) return null;

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      await keepMyArtistLink();
      window.location.assign(MY_ARTIST_PAGE_PATH);
    } catch (error) {
      setFailure(apiErrorMessage(error, i18n._("Your artist page could not be opened. Please try again.")));
    }
  }

  return (
    <>
      <a href={MY_ARTIST_PAGE_PATH} onClick={(event) => void onClick(event)} className={className}>
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
