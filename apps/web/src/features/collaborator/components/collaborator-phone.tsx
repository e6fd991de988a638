/**
 * Before a collaborator's page shows a share (docs/splits.md, Confirming the phone): "Text me a code"
 * texts a 6-digit code to the phone the invitation went to, and typing it back confirms it; then the
 * page is read again with the shares. Each step says when it is busy and why it failed.
 */
import { PhoneCodeForm } from "@/components/phone-code-form";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { useConfirmCollaboratorPhone, useSendCollaboratorCode } from "../api/collaborator-page";

export function CollaboratorPhone({ token, number }: { token: string; number: string }) {
  const i18n = useI18n();
  const send = useSendCollaboratorCode(token);
  const confirm = useConfirmCollaboratorPhone(token);

  return (
    <section aria-labelledby="collaborator-phone" className="space-y-4 rounded-2xl border border-line bg-surface p-5">
      <h2 id="collaborator-phone" className="text-2xl font-bold">
        {i18n._("Confirm your phone")}
      </h2>
      <p>{i18n._("To see your shares, confirm {number} with a code we text to it.", { number })}</p>
      {send.data && (
        <PhoneCodeForm
          key={send.data.expiresAt}
          sentTo={send.data.sentTo}
          expiresAt={send.data.expiresAt}
          pending={confirm.isPending}
          confirm={(code) => confirm.mutateAsync(code)}
        />
      )}
      <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
        {send.data ? i18n._("Text me a new code") : i18n._("Text me a code")}
      </Button>
      {send.isError && <p role="alert">{apiErrorMessage(send.error, i18n._("The code could not be sent. Please try again."))}</p>}
    </section>
  );
}
