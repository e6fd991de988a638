/** The offer screen's success video (docs/product.md, Calls: GET /api/videos/success.mp4); metadata only until played. */
import { useI18n } from "@/lib/i18n";

export function SuccessVideo() {
  const i18n = useI18n();
  return (
    <figure className="space-y-2 overflow-hidden rounded-3xl border border-line bg-surface p-3">
      <video
        src="/api/videos/success.mp4"
        controls
        preload="metadata"
        playsInline
        muted
        aria-label={i18n._("JPlay artist success video")}
        aria-describedby="success-video-caption"
        className="aspect-video w-full rounded-2xl bg-black"
      />
      <figcaption id="success-video-caption" className="px-1 pb-1 text-sm text-muted">
        {i18n._("Artists like you are reaching listeners inside.")}
      </figcaption>
    </figure>
  );
}
