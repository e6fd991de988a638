/**
 * "Explicit content": the artist's required answer, with no default, because clean-only facilities
 * (all federal ones) must never receive an explicit song (docs/decisions/051-facilities-and-clean-catalogue.md).
 * A native radio group, so arrow keys and screen readers work; its hint says what counts as explicit
 * and its error is tied to the group like every other field's.
 */
import { useId, type Ref } from "react";
import type { ExplicitAnswer } from "@jplay/schema/distribution";
import { RadioCard } from "@/components/ui/radio-card";
import { useI18n } from "@/lib/i18n";

const OPTIONS: { value: ExplicitAnswer; label: string }[] = [
  { value: "no", label: /*i18n*/ "No, it's clean" },
  { value: "yes", label: /*i18n*/ "Yes, it's explicit" },
];

const EXPLICIT_HINT = /*i18n*/ "Explicit means swearing, sexual content, or graphic violence or drug use. Clean-only facilities never receive explicit songs.";

export function ExplicitField({
  value,
  onChange,
  error,
  firstRef,
}: {
  value: ExplicitAnswer | null;
  onChange: (value: ExplicitAnswer) => void;
  error?: string;
  /** The first radio: where the focus goes when the answer is missing. */
  firstRef: Ref<HTMLInputElement>;
}) {
  const i18n = useI18n();
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(" ")}
      aria-required="true"
      aria-invalid={Boolean(error)}
      className="space-y-1.5"
    >
      <p id={`${id}-label`} className="text-sm font-semibold">
        {i18n._("Explicit content")}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((option, index) => (
          <RadioCard
            key={option.value}
            ref={index === 0 ? firstRef : undefined}
            name="explicit"
            value={option.value}
            checked={value === option.value}
            invalid={Boolean(error)}
            onChange={() => onChange(option.value)}
          >
            <span className="font-semibold">{i18n._(option.label)}</span>
          </RadioCard>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-sm text-muted">
        {i18n._(EXPLICIT_HINT)}
      </p>
    </div>
  );
}
