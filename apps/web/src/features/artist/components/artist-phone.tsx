/**
 * The "Phone" section of the artist's page: the number texts go to (last digits only) and whether it
 * is confirmed. Until it is, texts carry no link to this page; "Text me a code" texts a 6-digit code
 * and typing it back confirms the number (texts/phone-confirmation.ts in the Worker). Loading, error
 * and "no phone" states are said.
 */
import { PhoneCodeForm } from "@/components/phone-code-form";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useI18n } from "@/lib/i18n";
import { useArtistPhone, useConfirmPhone, useSendPhoneCode } from "../api/artist-phone";

export function ArtistPhoneSection({ token }: { token: string }) {
  const i18n = useI18n();
  const current = useArtistPhone(token);
  const send = useSendPhoneCode(token);
  const confirm = useConfirmPhone(token);
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
          {send.data && (
            <PhoneCodeForm
              key={send.data.expiresAt}
              sentTo={send.data.sentTo}
              expiresAt={send.data.expiresAt}
              pending={confirm.isPending}
              confirm={(code) => confirm.mutateAsync(code)}
              onConfirmed={() => toast.success(i18n._("Phone confirmed"), i18n._("Our texts will include the link to this page."))}
            />
          )}
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
