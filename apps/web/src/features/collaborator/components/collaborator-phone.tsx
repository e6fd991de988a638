/**
 * Before a collaborator's page shows a share (docs/splits.md, Confirming the phone): "Text me a code"
 * texts a 6-digit code to the phone the invitation went to, and typing it back confirms it; then the
 * page is read again with the shares. Each step says when it is busy and why it failed.
 */
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { formatDate } from "@/lib/i18n/format-values";
import { useConfirmCollaboratorPhone, useSendCollaboratorCode } from "../api/collaborator-page";

export function CollaboratorPhone({ token, number }: { token: string; number: string }) {
  const i18n = useI18n();
  const send = useSendCollaboratorCode(token);
  const confirm = useConfirmCollaboratorPhone(token);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    setError(null);
    try {
      await confirm.mutateAsync(code);
    } catch (failure) {
      setError(apiErrorMessage(failure, i18n._("Your phone could not be confirmed. Please try again.")));
    }
  }

  return (
    <section aria-labelledby="collaborator-phone" className="space-y-4 rounded-2xl border border-line bg-surface p-5">
      <h2 id="collaborator-phone" className="text-2xl font-bold">
        {i18n._("Confirm your phone")}
      </h2>
      <p>{i18n._("To see your shares, confirm {number} with a code we text to it.", { number })}</p>
      {send.data && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label={i18n._("Confirm your phone")}>
          <p role="status" className="text-sm">
            {i18n._("We texted a code to {number}. It works until {time}.", {
              number: send.data.sentTo,
              time: formatDate(send.data.expiresAt, i18n.language, { timeStyle: "short" }),
            })}
          </p>
          <Field label={i18n._("Code")} error={error}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                disabled={confirm.isPending}
                onChange={(event) => setCode(event.currentTarget.value)}
                className={inputClass(Boolean(error), "font-mono tracking-widest")}
              />
            )}
          </Field>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? i18n._("Confirming…") : i18n._("Confirm phone")}
          </Button>
        </form>
      )}
      <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
        {send.data ? i18n._("Text me a new code") : i18n._("Text me a code")}
      </Button>
      {send.isError && <p role="alert">{apiErrorMessage(send.error, i18n._("The code could not be sent. Please try again."))}</p>}
    </section>
  );
}
