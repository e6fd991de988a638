import { useState } from "react";
import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { PageShell } from "@/components/page-shell";
import { readArtistPageUrl } from "@/features/payments/success-flags";

export function Component() {
  // Where the Pro offer's "cancel any time" is kept: the artist's private page (kept in this browser).
  const [artistPageUrl] = useState(readArtistPageUrl);
  return (
    <PageShell title="Your Pro subscription is active">
      <p className="text-lg">
        Thank you for subscribing to JPlay Pro. Your subscription is now active: unlimited distribution, 24-hour
        priority processing, monthly reports and the support hotline are yours.
      </p>
      {artistPageUrl && (
        <p>
          See your next renewal date or cancel any time on{" "}
          <a href={artistPageUrl} className="font-semibold text-accent underline underline-offset-4">
            your private artist page
          </a>
          .
        </p>
      )}
      <Link to="/" className={buttonClass("primary", "lg")}>
        Back to Home
      </Link>
    </PageShell>
  );
}
