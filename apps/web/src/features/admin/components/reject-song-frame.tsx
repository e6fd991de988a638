/**
 * What every dialog that rejects a paid song shares (reject-song-dialog.tsx from Distribution Status,
 * review-reject-dialog.tsx from Review): it says what happens to the fee, shows the server's refusal
 * (already rejected, already live), and ends with Cancel and Reject song; the dialog brings its own
 * fields. Either rejection is confirmed the same way.
 */
import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { cn } from "@/lib/cn";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";

export interface SongToReject {
  id: string;
  title: string;
}

/** What a rejection's mutation does once answered: confirm it by toast and close, or show the server's refusal. */
export const rejectionOutcome = (song: SongToReject, onClose: () => void, showFailure: (message: string) => void) => ({
  onSuccess: () => {
    toast.success("Song rejected", `“${song.title}” will not go live; its distribution fee is being refunded.`);
    onClose();
  },
  onError: (error: unknown) => showFailure(apiErrorMessage(error, "The song could not be rejected. Please try again.")),
});

/** A multi-line text field's look, red while it has a problem. */
export const textAreaClass = (invalid: boolean) =>
  cn("w-full rounded-xl border bg-canvas px-3 py-2 text-base text-fg placeholder:text-muted", invalid ? "border-red-500" : "border-line");

export function RejectSongFrame({
  song,
  onClose,
  onSubmit,
  pending,
  failure,
  children,
}: {
  song: SongToReject | null;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** The server's refusal, shown above the buttons. */
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      open={song !== null}
      title="Reject song"
      description={song ? `“${song.title}” will not go live. Its distribution fee is refunded to the artist's card, and the artist is texted the reason.` : undefined}
      onCancel={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? "Rejecting…" : "Reject song"}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
