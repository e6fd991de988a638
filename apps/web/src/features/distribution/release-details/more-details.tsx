/**
 * "More details": the release metadata that has a sensible default (schema/src/release-metadata.ts)
 * — language of the lyrics, Instrumental, lyrics, release date, credits, ℗ and © lines, an ISRC or
 * UPC the artist already has — folded away so the form stays short. A native <details>, so it opens
 * with the keyboard and before the app has hydrated; it opens itself when a problem is inside.
 */
import { useId, type Ref } from "react";
import type { MySong } from "@jplay/schema/me";
import { LYRICS_LANGUAGES } from "@jplay/schema/release-metadata";
import { Field, inputClass } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n";
import { CreditsField } from "./credits-field";
import { LYRICS_LANGUAGE_LABELS } from "./labels";
import { creditsOf, type ReleaseDetails } from "./release-details-state";

export interface MoreDetailsProps {
  details: ReleaseDetails;
  artistName: string;
  onChange: (change: Partial<ReleaseDetails>) => void;
  /** The first problem with these details, in the screen's language; the section shows it and stays open. */
  error: string | null;
  open: boolean;
  onToggle: (open: boolean) => void;
  summaryRef: Ref<HTMLElement>;
  /** The artist's explicit songs this clean upload may be the edited version of; none: the field is not shown. */
  cleanVersionOriginals: readonly MySong[];
}

export function MoreDetails({ details, artistName, onChange, error, open, onToggle, summaryRef, cleanVersionOriginals }: MoreDetailsProps) {
  const i18n = useI18n();
  const errorId = useId();
  const holderPlaceholder = artistName.trim() || i18n._("Artist name");
  // Shown as the ℗/© years' placeholder; empty until the release date is known in the browser.
  const year = details.releaseDate.slice(0, 4);
  return (
    <details open={open} onToggle={(event) => onToggle(event.currentTarget.open)} className="rounded-2xl border border-line p-4">
      <summary ref={summaryRef} aria-describedby={error ? errorId : undefined} className="-my-3 cursor-pointer py-3 text-sm font-semibold">
        {i18n._("More details")} <span className="font-normal text-muted">{i18n._("(language, lyrics, release date, credits, ℗ and ©, ISRC, UPC)")}</span>
      </summary>
      <div className="mt-4 space-y-5">
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            name="instrumental"
            checked={details.instrumental}
            onChange={(event) => onChange({ instrumental: event.currentTarget.checked })}
            className="h-5 w-5"
          />
          {i18n._("Instrumental (no lyrics)")}
        </label>
        {!details.instrumental && (
          <>
            <Field label={i18n._("Language of the lyrics")}>
              {(control) => (
                <select
                  {...control}
                  name="lyricsLanguage"
                  value={details.lyricsLanguage}
                  onChange={(event) => onChange({ lyricsLanguage: event.currentTarget.value })}
                  className={inputClass(false)}
                >
                  {LYRICS_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {i18n._(LYRICS_LANGUAGE_LABELS[code])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={i18n._("Lyrics")} optional hint={i18n._("Plain text, up to 10,000 characters.")}>
              {(control) => (
                <textarea
                  {...control}
                  name="lyrics"
                  rows={6}
                  value={details.lyrics}
                  onChange={(event) => onChange({ lyrics: event.currentTarget.value })}
                  className={inputClass(false, "h-auto py-2")}
                />
              )}
            </Field>
          </>
        )}
        <Field label={i18n._("Release date")} hint={i18n._("The song goes live on tablets on this day, not before.")}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="releaseDate"
              value={details.releaseDate}
              onChange={(event) => onChange({ releaseDate: event.currentTarget.value })}
              className={inputClass(false, "max-w-56")}
            />
          )}
        </Field>
        <CreditsField credits={creditsOf(details, artistName)} onChange={(credits) => onChange({ credits })} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={i18n._("℗ year (sound recording)")}>
            {(control) => (
              <input
                {...control}
                name="pLineYear"
                inputMode="numeric"
                placeholder={year}
                value={details.pLineYear}
                onChange={(event) => onChange({ pLineYear: event.currentTarget.value })}
                className={inputClass(false)}
              />
            )}
          </Field>
          <Field label={i18n._("℗ holder")}>
            {(control) => (
              <input
                {...control}
                name="pLineHolder"
                placeholder={holderPlaceholder}
                value={details.pLineHolder}
                onChange={(event) => onChange({ pLineHolder: event.currentTarget.value })}
                className={inputClass(false)}
              />
            )}
          </Field>
          <Field label={i18n._("© year (artwork and text)")}>
            {(control) => (
              <input
                {...control}
                name="cLineYear"
                inputMode="numeric"
                placeholder={year}
                value={details.cLineYear}
                onChange={(event) => onChange({ cLineYear: event.currentTarget.value })}
                className={inputClass(false)}
              />
            )}
          </Field>
          <Field label={i18n._("© holder")}>
            {(control) => (
              <input
                {...control}
                name="cLineHolder"
                placeholder={holderPlaceholder}
                value={details.cLineHolder}
                onChange={(event) => onChange({ cLineHolder: event.currentTarget.value })}
                className={inputClass(false)}
              />
            )}
          </Field>
        </div>
        {cleanVersionOriginals.length > 0 && (
          <Field
            label={i18n._("Clean version of")}
            hint={i18n._("If this is the edited version of one of your explicit songs, clean-only facilities get it instead.")}
          >
            {(control) => (
              <select
                {...control}
                name="cleanVersionOf"
                value={details.cleanVersionOf}
                onChange={(event) => onChange({ cleanVersionOf: event.currentTarget.value })}
                className={inputClass(false)}
              >
                <option value="">{i18n._("Not a clean version")}</option>
                {cleanVersionOriginals.map((song) => (
                  <option key={song.id} value={song.id}>
                    {song.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={i18n._("ISRC")} optional hint={i18n._("Only if the recording already has one; JPlay assigns one otherwise.")}>
            {(control) => (
              <input
                {...control}
                name="isrc"
                autoComplete="off"
                placeholder="US-S1Z-25-00001"
                value={details.isrc}
                onChange={(event) => onChange({ isrc: event.currentTarget.value })}
                className={inputClass(false)}
              />
            )}
          </Field>
          <Field label={i18n._("UPC/EAN")} optional hint={i18n._("Only if the release already has one; JPlay assigns one otherwise.")}>
            {(control) => (
              <input
                {...control}
                name="upc"
                inputMode="numeric"
                autoComplete="off"
                value={details.upc}
                onChange={(event) => onChange({ upc: event.currentTarget.value })}
                className={inputClass(false)}
              />
            )}
          </Field>
        </div>
      </div>
    </details>
  );
}
