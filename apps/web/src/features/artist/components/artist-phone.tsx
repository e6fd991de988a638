/**
 * The "Phone" section of the artist's page: the number texts go to (last digits only) and whether it
 * is confirmed. Until it is, texts carry no link to this page; "Text me a code" texts a 6-digit code
 * and typing it back confirms the number (texts/phone-confirmation.ts in the Worker). Loading, error
 * and "no phone" states are said.
 */
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useI18n } from "@/lib/i18n";
import { formatDate } from "@/lib/i18n/format-values";
import { useArtistPhone, useConfirmPhone, useSendPhoneCode } from "../api/artist-phone";

function ConfirmPhoneForm({ token, sentTo, expiresAt }: { token: string; sentTo: string; expiresAt: string }) {
  const i18n = useI18n();
  const confirm = useConfirmPhone(token);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    setError(null);
    try {
      await confirm.mutateAsync(code);
      toast.success(i18n._("Phone confirmed"), i18n._("Our texts will include the link to this page."));
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
            disabled={confirm.isPending}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (error) setError(null);
            }}
            className={inputClass(Boolean(error), "font-mono tracking-widest")}
          />
        )}
      </Field>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? i18n._("Confirming…") : i18n._("Confirm phone")}
      </Button>
    </form>
  );
}

export function ArtistPhoneSection({ token }: { token: string }) {
  const i18n = useI18n();
  const current = useArtistPhone(token);
  const send = useSendPhoneCode(token);
  const phone = current.data?.phone;

  return (
    <section aria-labelledby="artist-phone" className="space-y-4">
      <h2 id="artist-phone" className="text-2xl font-bold">
        {i18n._("Phone")}
      </h2>
      {current.isPending && <Spinner label={i18n._("Loading your phone")} />}
      {current.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="flex-1">{i18n._("Your phone could not be loaded.")}</p>
          <Button variant="secondary" onClick={() => void current.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      )}
      {current.data && !phone && <p>{i18n._("No phone number that JPlay can text. Save a card with your mobile number to get texts.")}</p>}
      {phone && (
        <p>
          {phone.confirmed
            ? i18n._("Texts go to {number}, confirmed: they include the link to this page.", { number: phone.number })
            : i18n._("Texts go to {number}. Confirm it to get the link to this page by text.", { number: phone.number })}
        </p>
      )}
      {phone && !phone.confirmed && (
        <>
          {send.data && <ConfirmPhoneForm key={send.data.expiresAt} token={token} sentTo={send.data.sentTo} expiresAt={send.data.expiresAt} />}
          <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
            {send.data ? i18n._("Text me a new code") : i18n._("Text me a code")}
          </Button>
          {send.isError && (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {apiErrorMessage(send.error, i18n._("The code could not be sent. Please try again."))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
