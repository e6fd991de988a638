/**
 * The promo video of /distribute. Only its metadata loads until the artist presses play (the file is
 * served with Range support); muted and inline so phones never take over the screen.
 */
import { useI18n } from "@/lib/i18n";

export function PromoVideo() {
  const i18n = useI18n();
  return (
    <figure className="space-y-2 overflow-hidden rounded-3xl border border-line bg-surface p-3">
      <video
        src="/api/videos/promo"
        controls
        preload="metadata"
        playsInline
        muted
        aria-label={i18n._("JPlay promo video")}
        aria-describedby="promo-video-caption"
        className="aspect-video w-full rounded-2xl bg-black"
      />
      <figcaption id="promo-video-caption" className="px-1 pb-1 text-sm text-muted">
        {i18n._("How JPlay gets your music to listeners inside, in under a minute.")}
      </figcaption>
    </figure>
  );
}
