/**
 * The sandbox's stand-in for the bank's 3-D Secure page: a modal that asks the tester which way the
 * challenge goes. Real Stripe shows its own challenge inside confirmCardSetup/confirmCardPayment.
 */
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { useI18n } from "@/lib/i18n";
import type { AuthenticationOutcome } from "../api/sandbox-authenticate-intent";

export function AuthenticationDialog({ open, onOutcome }: { open: boolean; onOutcome: (outcome: AuthenticationOutcome) => void }) {
  const i18n = useI18n();
  return (
    <ModalDialog
      open={open}
      title={i18n._("Confirm your payment")}
      description={<p>{i18n._("Your bank asks you to confirm this card (3-D Secure). This is the test sandbox: choose how the bank answers.")}</p>}
      onCancel={() => onOutcome("fail")}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onOutcome("fail")}>
          {i18n._("Fail authentication")}
        </Button>
        <Button onClick={() => onOutcome("complete")}>{i18n._("Complete authentication")}</Button>
      </div>
    </ModalDialog>
  );
}
