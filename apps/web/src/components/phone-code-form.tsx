/**
 * The form that confirms a phone with the 6-digit code texted to it (the artist page's "Phone" and a
 * collaborator's page): says where the code went and until when, takes the code, and shows the
 * server's reason when it is refused. What confirming does and what follows is the caller's.
 */
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { formatDate } from "@/lib/i18n/format-values";

export function PhoneCodeForm({
  sentTo,
  expiresAt,
  pending,
  confirm,
  onConfirmed,
}: {
  sentTo: string;
  expiresAt: string;
  pending: boolean;
  confirm: (code: string) => Promise<unknown>;
  onConfirmed?: () => void;
}) {
  const i18n = useI18n();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setError(null);
    try {
      await confirm(code);
      onConfirmed?.();
    } catch (failure) {
      setError(apiErrorMessage(failure, i18n._("Your phone could not be confirmed. Please try again.")));
    }
  }

  const until = formatDate(expiresAt, i18n.language, { timeStyle: "short" });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label={i18n._("Confirm your phone")}>
      <p role="status" className="text-sm">
        {i18n._("We texted a code to {number}. It works until {time}.", { number: sentTo, time: until })}
      </p>
      <Field label={i18n._("Code")} error={error}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            disabled={pending}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (error) setError(null);
            }}
            className={inputClass(Boolean(error), "font-mono tracking-widest")}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? i18n._("Confirming…") : i18n._("Confirm phone")}
      </Button>
    </form>
  );
}
