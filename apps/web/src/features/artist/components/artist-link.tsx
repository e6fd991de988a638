/**
 * The page's own link: until when it works (each visit renews it) and, for a link that was shared or
 * may have leaked, a way to stop every link working and get a new one, after a confirmation.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { useNavigate } from "@/lib/router/location";
import { useRevokeArtistLinks } from "../api/revoke-artist-links";
import { useI18n } from "@/lib/i18n";
import { slots, withElements } from "@/lib/i18n/with-elements";
import { formatMoment } from "../labels";

/** Shown on the new link's page after the old links were revoked. */
export const NEW_LINK_NOTICE = /*i18n*/ "Your old links no longer work. This is your new link: bookmark it and keep it private.";

export function ArtistLink({ token, expiresAt }: { token: string; expiresAt: string }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const revoke = useRevokeArtistLinks(token);
  const [confirming, setConfirming] = useState(false);

  function onRevoke() {
    revoke.mutate(undefined, {
      // The Worker now keeps the new link in this browser's cookie: the page stays at /artist and shows it once.
      onSuccess: ({ artistPageUrl }) => navigate("/artist", { replace: true, state: { notice: i18n._(NEW_LINK_NOTICE), link: artistPageUrl } }),
    });
  }

  return (
    <div className="space-y-3 rounded-2xl border border-line bg-surface p-5">
      <p>
        {withElements(i18n._("This link works until {date}. Each visit keeps it working for longer.", slots("date")), {
          date: <strong>{formatMoment(expiresAt, i18n)}</strong>,
        })}
      </p>
      {confirming ? (
        <div className="space-y-3" role="group" aria-labelledby="revoke-links-question">
          <p id="revoke-links-question" className="font-medium">
            {i18n._("Stop every link to this page working? You get a new link right away; the old ones, wherever they were shared, stop working.")}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={onRevoke} disabled={revoke.isPending}>
              {revoke.isPending ? i18n._("Revoking…") : i18n._("Revoke and get a new link")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={revoke.isPending}>
              {i18n._("Cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {i18n._("Revoke my links")}
        </Button>
      )}
      {revoke.isError && (
        <p role="alert" className="text-sm font-medium">
          {apiErrorMessage(revoke.error, i18n._("Your links could not be revoked. Please try again."))}
        </p>
      )}
    </div>
  );
}
