/**
 * A song's royalty splits in the operator's artist details (docs/splits.md, Admin): every version,
 * newest first, with its shares, who accepted and its recoup; each collaborator opens their balances
 * (held, available, paid) and the payouts of their phone. Each part is read when first opened.
 */
import { useState, type ReactNode, type SyntheticEvent } from "react";
import type { AdminCollaboratorDetails, SongSplitVersion } from "@jplay/schema/splits";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { apiErrorMessage } from "@/lib/error-message";
import { useCollaboratorDetails, useSongSplits } from "../api/song-splits";
import { formatCents, formatMoment } from "../admin-format";

const cell = tableCell("compact");
const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/** A disclosure that reports whether it has been opened, so its read waits until then. */
function Disclosure({ summary, children }: { summary: string; children: (opened: boolean) => ReactNode }) {
  const [opened, setOpened] = useState(false);
  const toggled = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setOpened(true);
  };
  return (
    <details onToggle={toggled} className="mt-2 text-xs">
      <summary className="cursor-pointer font-semibold">{summary}</summary>
      <div className="mt-1 space-y-2 pl-3">{children(opened)}</div>
    </details>
  );
}

function Payouts({ name, payouts }: { name: string; payouts: AdminCollaboratorDetails["payouts"] }) {
  if (payouts.length === 0) return <p className="text-muted">No payouts yet.</p>;
  return (
    <DataTable
      caption={`Payouts of ${name}'s phone, newest first`}
      headings={["Payout day", { label: "Amount", className: "text-right" }, { label: "This naming's part", className: "text-right" }, "Status"]}
      size="compact"
    >
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <td className={cell}>{payout.period}</td>
          <td className={`${cell} text-right tabular-nums`}>{formatCents(payout.amountCents)}</td>
          <td className={`${cell} text-right tabular-nums`}>{formatCents(payout.partCents)}</td>
          <td className={cell}>
            {payout.status}
            {payout.failureMessage ? ` (${payout.failureMessage})` : ""}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function CollaboratorBalances({ collaboratorId, name, opened }: { collaboratorId: string; name: string; opened: boolean }) {
  const details = useCollaboratorDetails(collaboratorId, opened);
  if (details.isPending) return <p role="status">Loading…</p>;
  if (details.isError) return <p role="alert">{apiErrorMessage(details.error, "This collaborator could not be read.")}</p>;
  const { data } = details;
  return (
    <>
      <dl aria-label={`Balances of ${name}`} className="grid grid-cols-3 gap-2">
        {(
          [
            ["Held", data.heldCents],
            ["Available", data.availableCents],
            ["Paid", data.paidCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted">
        {data.collaborator.acceptedAt ? `Accepted ${formatMoment(data.collaborator.acceptedAt)}` : "Not accepted yet"}
        {" · "}
        {data.payee === null
          ? "phone not confirmed"
          : `phone ${data.payee.confirmed ? "confirmed" : "not confirmed"}, payouts ${data.payee.connect.status.replace("_", " ")}`}
      </p>
      <Payouts name={name} payouts={data.payouts} />
    </>
  );
}

function Version({ version }: { version: SongSplitVersion }) {
  return (
    <li className="space-y-1">
      <p>
        <span className="font-semibold">Version {version.version}</span>, from {formatMoment(version.effectiveFrom)}: the artist keeps{" "}
        {percent(version.artistBasisPoints)}.
      </p>
      {version.recoup && (
        <p>
          Recoup: {formatCents(version.recoup.amountCents)} to {version.recoup.payeeName} first, {formatCents(version.recoup.paidCents)} paid so far.
        </p>
      )}
      <ul className="space-y-1">
        {version.collaborators.map((collaborator) => (
          <li key={collaborator.id}>
            {collaborator.name} · {collaborator.role} · {percent(collaborator.basisPoints)} · {collaborator.accepted ? "accepted" : "not accepted"}
            <Disclosure summary={`Balances and payouts of ${collaborator.name}`}>
              {(opened) => <CollaboratorBalances collaboratorId={collaborator.id} name={collaborator.name} opened={opened} />}
            </Disclosure>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Versions({ songId, opened }: { songId: string; opened: boolean }) {
  const splits = useSongSplits(songId, opened);
  if (splits.isPending) return <p role="status">Loading…</p>;
  if (splits.isError) return <p role="alert">{apiErrorMessage(splits.error, "The splits could not be read.")}</p>;
  if (splits.data.versions.length === 0) return <p className="text-muted">No split: every sale is the artist's.</p>;
  return (
    <ol className="space-y-3">
      {splits.data.versions.map((version) => (
        <Version key={version.version} version={version} />
      ))}
    </ol>
  );
}

export function SongSplitsHistory({ songId, title }: { songId: string; title: string }) {
  return <Disclosure summary={`Splits of ${title}`}>{(opened) => <Versions songId={songId} opened={opened} />}</Disclosure>;
}
