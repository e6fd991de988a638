/**
 * A song's "Splits" on the artist page (docs/splits.md): who else is paid from its sales and how much,
 * as a disclosure (details/summary) read the first time it is opened, and a form to change it — up to
 * 20 collaborators (name, phone, role, share in percent), an optional recoup paid to one of them first.
 * A saved change applies to sales from then on, never to earlier ones; each new collaborator is texted
 * their page's link by the Worker. Shares are typed in percent and sent as basis points.
 */
import { useState, type FormEvent } from "react";
import { INTL_LOCALE } from "@jplay/schema/language";
import type { CreditRole } from "@jplay/schema/release-metadata";
import { SPLIT_MAX_COLLABORATORS, SPLIT_TOTAL_BPS, type SaveSongSplitRequest, type SongSplitVersion } from "@jplay/schema/splits";
import { CREDIT_ROLE_LABELS, CreditRoleSelect } from "@/features/distribution";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n, type Translator } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { toast } from "@/lib/toast";
import { useSaveSongSplit, useSongSplit } from "../api/song-splits";
import { basisPointsOf, centsOf } from "../split-amounts";

interface DraftRow {
  name: string;
  phone: string;
  role: CreditRole;
  percent: string;
}

const percentText = (basisPoints: number, i18n: Translator) =>
  `${new Intl.NumberFormat(INTL_LOCALE[i18n.language], { maximumFractionDigits: 2 }).format(basisPoints / 100)} %`;

const draftOf = (split: SongSplitVersion | null): DraftRow[] =>
  (split?.collaborators ?? []).map((c) => ({ name: c.name, phone: c.phone, role: c.role, percent: String(c.basisPoints / 100) }));

function CurrentSplit({ split }: { split: SongSplitVersion | null }) {
  const i18n = useI18n();
  if (split === null || split.collaborators.length === 0) {
    return <p className="mt-2">{i18n._("No collaborators: every sale of this song is yours.")}</p>;
  }
  return (
    <>
      <ul className="mt-2 space-y-1">
        <li>{i18n._("You: {share}", { share: percentText(split.artistBasisPoints, i18n) })}</li>
        {split.collaborators.map((collaborator) => (
          <li key={collaborator.id}>
            {collaborator.name} · {i18n._(CREDIT_ROLE_LABELS[collaborator.role])} · {percentText(collaborator.basisPoints, i18n)} ·{" "}
            {collaborator.accepted ? i18n._("Accepted") : i18n._("Waiting for them to accept")}
          </li>
        ))}
      </ul>
      {split.recoup && (
        <p className="mt-1">
          {i18n._("Paid first to {name}: {amount} ({paid} paid so far)", {
            name: split.recoup.payeeName,
            amount: formatMoney(split.recoup.amountCents, i18n.language),
            paid: formatMoney(split.recoup.paidCents, i18n.language),
          })}
        </p>
      )}
    </>
  );
}

function SplitForm({ token, songId, split, onDone }: { token: string; songId: string; split: SongSplitVersion | null; onDone: () => void }) {
  const i18n = useI18n();
  const save = useSaveSongSplit(token, songId);
  const [rows, setRows] = useState<DraftRow[]>(() => draftOf(split));
  const [recoupPayee, setRecoupPayee] = useState<number | null>(() => {
    const payee = split?.recoup ? split.collaborators.findIndex((c) => c.id === split.recoup!.payeeId) : -1;
    return payee >= 0 ? payee : null;
  });
  const [recoupAmount, setRecoupAmount] = useState(() => (split?.recoup ? (split.recoup.amountCents / 100).toFixed(2) : ""));
  const [error, setError] = useState<string | null>(null);

  const shares = rows.map((row) => basisPointsOf(row.percent));
  const collaboratorsBps = shares.reduce<number>((sum, share) => sum + (share ?? 0), 0);
  const change = (index: number, patch: Partial<DraftRow>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const badShare = shares.findIndex((share) => share === null);
    if (badShare >= 0)
      return setError(i18n._("Collaborator {number}: enter a share from 0.01 to 100 percent, at most two decimals.", { number: badShare + 1 }));
    if (collaboratorsBps > SPLIT_TOTAL_BPS) return setError(i18n._("The collaborators' shares add up to more than 100%."));
    const payee = recoupPayee === null ? undefined : rows[recoupPayee];
    const amountCents = payee ? centsOf(recoupAmount) : null;
    if (payee && amountCents === null) return setError(i18n._("Enter the amount paid first in dollars, for example 250.00."));
    const request: SaveSongSplitRequest = {
      collaborators: rows.map((row, index) => ({ name: row.name, phone: row.phone, role: row.role, basisPoints: shares[index]! })),
      recoup: payee && amountCents !== null ? { payeePhone: payee.phone, amountCents } : null,
    };
    setError(null);
    try {
      await save.mutateAsync(request);
      toast.success(i18n._("Splits saved"), i18n._("They apply to sales from now on. New collaborators get a text with their link."));
      onDone();
    } catch (failure) {
      setError(apiErrorMessage(failure, i18n._("The splits could not be saved. Please try again.")));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-3" aria-label={i18n._("Change the splits")}>
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const label = i18n._("Collaborator {number}", { number: index + 1 });
          return (
            <li key={index}>
              <fieldset className="flex flex-wrap items-center gap-2">
                <legend className="sr-only">{label}</legend>
                <input
                  aria-label={i18n._("{row}: name", { row: label })}
                  value={row.name}
                  autoComplete="off"
                  onChange={(event) => change(index, { name: event.currentTarget.value })}
                  className={inputClass(false, "min-w-36 flex-1")}
                />
                <input
                  aria-label={i18n._("{row}: mobile number", { row: label })}
                  value={row.phone}
                  type="tel"
                  autoComplete="off"
                  onChange={(event) => change(index, { phone: event.currentTarget.value })}
                  className={inputClass(false, "w-40")}
                />
                <CreditRoleSelect label={i18n._("{row}: role", { row: label })} value={row.role} onChange={(role) => change(index, { role })} />
                <input
                  aria-label={i18n._("{row}: share in percent", { row: label })}
                  value={row.percent}
                  inputMode="decimal"
                  onChange={(event) => change(index, { percent: event.currentTarget.value })}
                  className={inputClass(false, "w-24")}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setRows(rows.filter((_, i) => i !== index));
                    if (recoupPayee !== null) setRecoupPayee(recoupPayee === index ? null : recoupPayee > index ? recoupPayee - 1 : recoupPayee);
                  }}
                >
                  {i18n._("Remove {row}", { row: label })}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={rows.length >= SPLIT_MAX_COLLABORATORS}
        onClick={() => setRows([...rows, { name: "", phone: "", role: "producer", percent: "" }])}
      >
        {i18n._("Add a collaborator")}
      </Button>
      <p aria-live="polite">
        {collaboratorsBps <= SPLIT_TOTAL_BPS
          ? i18n._("Your share: {share}", { share: percentText(SPLIT_TOTAL_BPS - collaboratorsBps, i18n) })
          : i18n._("The collaborators' shares add up to more than 100%.")}
      </p>
      {rows.length > 0 && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="text-sm font-semibold">{i18n._("Paid first (optional)")}</legend>
          <select
            aria-label={i18n._("Who is paid first")}
            value={recoupPayee ?? ""}
            onChange={(event) => setRecoupPayee(event.currentTarget.value === "" ? null : Number(event.currentTarget.value))}
            className={inputClass(false, "w-auto")}
          >
            <option value="">{i18n._("Nobody")}</option>
            {rows.map((row, index) => (
              <option key={index} value={index}>
                {row.name || i18n._("Collaborator {number}", { number: index + 1 })}
              </option>
            ))}
          </select>
          {recoupPayee !== null && (
            <input
              aria-label={i18n._("Amount paid first, in dollars")}
              value={recoupAmount}
              inputMode="decimal"
              onChange={(event) => setRecoupAmount(event.currentTarget.value)}
              className={inputClass(false, "w-32")}
            />
          )}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? i18n._("Saving…") : i18n._("Save splits")}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={save.isPending}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </form>
  );
}

export function SongSplits({ token, songId, title }: { token: string; songId: string; title: string }) {
  const i18n = useI18n();
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState(false);
  const current = useSongSplit(token, songId, opened);
  return (
    <details className="mt-3 rounded-xl border border-line bg-surface-2 p-3 text-sm" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary
        className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={i18n._("Splits of {title}", { title })}
      >
        {i18n._("Splits")}
      </summary>
      {current.isPending && opened && (
        <p role="status" className="mt-2 text-muted">
          {i18n._("Loading the splits…")}
        </p>
      )}
      {current.isError && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3">
          <p className="flex-1">{i18n._("The splits could not be loaded.")}</p>
          <Button variant="secondary" size="sm" onClick={() => void current.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      )}
      {current.data &&
        (editing ? (
          <SplitForm token={token} songId={songId} split={current.data.split} onDone={() => setEditing(false)} />
        ) : (
          <>
            <CurrentSplit split={current.data.split} />
            <p className="mt-2 text-muted">{i18n._("A change applies to sales from the moment you save it, never to earlier ones.")}</p>
            <Button className="mt-2" variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {i18n._("Change the splits")}
            </Button>
          </>
        ))}
    </details>
  );
}
