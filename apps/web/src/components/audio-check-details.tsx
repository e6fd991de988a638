/**
 * "Sound check": what listening to a song's whole audio measured (docs/audio-checks.md), as a
 * disclosure (details/summary: keyboard and screen readers open it natively) on the artist page and
 * in the admin Review card. Loudness, loudness range, true peak, silence at either end and clipping,
 * and the warnings: they never stop a song, and the text says so. `check` null: not listened to yet.
 */
import type { ReactNode } from "react";
import type { AudioCheckFlag, AudioCheckView } from "@jplay/schema/audio-check";
import { INTL_LOCALE } from "@jplay/schema/language";
import { Badge } from "@/components/ui/badge";
import { useI18n, type Translator } from "@/lib/i18n";

const flagWords = (flag: AudioCheckFlag, i18n: Translator): string =>
  ({
    leading_silence: i18n._("More than 10 seconds of silence at the start."),
    trailing_silence: i18n._("More than 10 seconds of silence at the end."),
    true_peak_over_zero: i18n._("The true peak is above 0 dBTP: it may distort when played."),
    clipping: i18n._("Some samples are clipped (at full scale)."),
  })[flag];

function Measurements({ check }: { check: AudioCheckView }) {
  const i18n = useI18n();
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(INTL_LOCALE[i18n.language], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  const notMeasured = i18n._("Too quiet or short to measure");
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      <dt className="text-muted">{i18n._("Integrated loudness")}</dt>
      <dd>{check.integratedLufs === null ? notMeasured : `${number(check.integratedLufs, 1)} LUFS`}</dd>
      <dt className="text-muted">{i18n._("Loudness range")}</dt>
      <dd>{check.loudnessRangeLu === null ? notMeasured : `${number(check.loudnessRangeLu, 1)} LU`}</dd>
      <dt className="text-muted">{i18n._("True peak")}</dt>
      <dd>{number(check.truePeakDbtp, 1)} dBTP</dd>
      <dt className="text-muted">{i18n._("Silence at the start")}</dt>
      <dd>{i18n._("{seconds} s", { seconds: number(check.leadingSilenceSeconds, 1) })}</dd>
      <dt className="text-muted">{i18n._("Silence at the end")}</dt>
      <dd>{i18n._("{seconds} s", { seconds: number(check.trailingSilenceSeconds, 1) })}</dd>
      <dt className="text-muted">{i18n._("Clipped samples")}</dt>
      <dd>{number(check.clippedSamples, 0)}</dd>
    </dl>
  );
}

/** The disclosure; `pending` shows instead of the measurements while they load (the artist page reads them on opening). */
export function AudioCheckDetails({
  check,
  title,
  pending,
  onOpen,
}: {
  check: AudioCheckView | null | undefined;
  title: string;
  pending?: ReactNode;
  onOpen?: () => void;
}) {
  const i18n = useI18n();
  const flags = check?.flags ?? [];
  return (
    <details className="mt-3 rounded-xl border border-line bg-surface-2 p-3 text-sm" onToggle={(event) => event.currentTarget.open && onOpen?.()}>
      <summary
        className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={i18n._("Sound check of {title}", { title })}
      >
        {i18n._("Sound check")}
        {flags.length > 0 && <Badge variant="warning">{flags.length === 1 ? i18n._("1 warning") : i18n._("{count} warnings", { count: flags.length })}</Badge>}
      </summary>
      {check === undefined ? (
        pending
      ) : check === null ? (
        <p className="mt-2 text-muted">{i18n._("Not measured yet: the audio is checked once the song is paid.")}</p>
      ) : (
        <>
          <Measurements check={check} />
          {flags.length > 0 && (
            <>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {flags.map((flag) => (
                  <li key={flag}>{flagWords(flag, i18n)}</li>
                ))}
              </ul>
              <p className="mt-1 text-muted">{i18n._("Warnings only: they do not stop the song.")}</p>
            </>
          )}
        </>
      )}
    </details>
  );
}
