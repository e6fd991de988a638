/**
 * Honest upload progress: bytes sent of the total and the percentage, from the request's own upload
 * events, and a Cancel upload button that aborts it. Once every byte is sent, it says the server is
 * checking the files, since that wait is not part of the bar.
 */
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import type { UploadProgress as Progress } from "../api/distribute-song";
import { formatBytes } from "../format-bytes";

export function UploadProgress({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const i18n = useI18n();
  const known = progress.total > 0;
  const percent = known ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  const sent = known ? i18n._("{loaded} of {total}", { loaded: formatBytes(progress.loaded), total: formatBytes(progress.total) }) : i18n._("Starting upload");
  const done = known && progress.loaded >= progress.total;
  return (
    <div className="space-y-2 rounded-xl border border-line bg-surface-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">{done ? i18n._("Upload sent. Checking your files…") : i18n._("Uploading your song…")}</span>
        <span className="text-muted tabular-nums">
          {sent}
          {known && ` (${percent}%)`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={i18n._("Upload progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
        aria-valuetext={known ? `${percent}% (${sent})` : sent}
        className="h-3 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
      <Button variant="secondary" size="sm" onClick={onCancel}>
        {i18n._("Cancel upload")}
      </Button>
    </div>
  );
}
