/** The song's primary genre: a native select over the fixed list (schema/src/release-metadata.ts), starting on the default. */
import { GENRES, type Genre } from "@jplay/schema/release-metadata";
import { Field, inputClass } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n";
import { GENRE_LABELS } from "./labels";

export function GenreField({ value, onChange }: { value: Genre; onChange: (genre: Genre) => void }) {
  const i18n = useI18n();
  return (
    <Field label={i18n._("Genre")}>
      {(control) => (
        <select
          {...control}
          name="genre"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value as Genre)}
          className={inputClass(false, "max-w-72")}
        >
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {i18n._(GENRE_LABELS[genre])}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
