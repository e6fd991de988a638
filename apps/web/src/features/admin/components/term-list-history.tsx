/**
 * A term list's version history (docs/decisions/067-term-lists-screening-audit.md): every version
 * with who made it, when, and what changed from the one before (terms added and removed, a new name),
 * read only when the operator opens it.
 */
import { useState } from "react";
import type { Term, TermListVersionsResponse } from "@jplay/schema/compliance";
import { apiErrorMessage } from "@/lib/error-message";
import { useTermListVersions } from "../api/compliance";
import { Moment } from "./moment";

type Version = TermListVersionsResponse["versions"][number];

const termText = (t: Term) => `${t.term} (${t.language})`;

/** What a version changed from the one before it. */
function changeText(version: Version, before: Version | undefined): string {
  if (!before) return version.terms.length === 0 ? "created, no terms" : `created with ${version.terms.map(termText).join(", ")}`;
  const had = new Set(before.terms.map(termText));
  const has = new Set(version.terms.map(termText));
  const parts = [
    ...(before.name === version.name ? [] : [`renamed from ${before.name}`]),
    ...(version.terms.some((t) => !had.has(termText(t)))
      ? [
          `added ${version.terms
            .filter((t) => !had.has(termText(t)))
            .map(termText)
            .join(", ")}`,
        ]
      : []),
    ...(before.terms.some((t) => !has.has(termText(t)))
      ? [
          `removed ${before.terms
            .filter((t) => !has.has(termText(t)))
            .map(termText)
            .join(", ")}`,
        ]
      : []),
  ];
  return parts.length === 0 ? "no change to its terms" : parts.join("; ");
}

export function TermListHistory({ listId, listName }: { listId: string; listName: string }) {
  const [open, setOpen] = useState(false);
  const versions = useTermListVersions(listId, open);
  const sorted = [...(versions.data?.versions ?? [])].sort((a, b) => a.version - b.version);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="text-sm">
      <summary className="cursor-pointer font-semibold">Version history</summary>
      {!open ? null : versions.isPending ? (
        <p role="status" className="text-muted">
          Loading versions...
        </p>
      ) : versions.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(versions.error, "The versions could not be loaded. Please try again.")}
        </p>
      ) : (
        <ol aria-label={`Versions of ${listName}`} className="mt-2 space-y-1">
          {sorted
            .map((version, index) => (
              <li key={version.version}>
                <span className="font-semibold">Version {version.version}</span>, {version.changedBy}, <Moment iso={version.changedAt} />:{" "}
                {changeText(version, sorted[index - 1])}
              </li>
            ))
            .reverse()}
        </ol>
      )}
    </details>
  );
}
