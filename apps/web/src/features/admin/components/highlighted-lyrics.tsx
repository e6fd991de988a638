/**
 * Lyrics with each term-list match marked where it is, named by its list, so an operator sees at a
 * glance what screening found (docs/decisions/067-term-lists-screening-audit.md); and the screening's
 * summary: the facilities whose lists the song fails, and a note when a song that is not instrumental
 * came without lyrics (only its title and credits could be screened).
 */
import type { ReactNode } from "react";
import type { SongScreening, TermMatch } from "@jplay/schema/compliance";

/** The text cut at each match (overlaps keep the first). */
function marked(text: string, matches: TermMatch[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of [...matches].sort((a, b) => a.start - b.start)) {
    if (match.start < at) continue;
    parts.push(text.slice(at, match.start));
    parts.push(
      <mark key={`${match.start}-${match.listId}`} title={`${match.listName}: ${match.term}`} className="rounded bg-amber-200 px-0.5 text-fg dark:bg-amber-700">
        {text.slice(match.start, match.end)}
        <span className="ml-1 text-xs font-semibold">[{match.listName}]</span>
      </mark>,
    );
    at = match.end;
  }
  parts.push(text.slice(at));
  return parts;
}

export function HighlightedLyrics({ lyrics, screening, label }: { lyrics: string | null; screening: SongScreening; label: string }) {
  const inLyrics = screening.matches.filter((m) => m.field === "lyrics");
  const elsewhere = screening.matches.filter((m) => m.field !== "lyrics");
  return (
    <div className="space-y-2 text-sm">
      {screening.lyricsMissing && <p className="font-semibold text-amber-700 dark:text-amber-400">No lyrics given and not instrumental: only the title and credits were screened. Listen for the words.</p>}
      {elsewhere.map((m) => (
        <p key={`${m.field}-${m.start}`}>
          In the {m.field}: <mark className="rounded bg-amber-200 px-0.5 dark:bg-amber-700">{m.text}</mark> ({m.listName})
        </p>
      ))}
      {lyrics !== null && inLyrics.length > 0 && (
        <div aria-label={label} className="rounded-xl border border-line p-3 whitespace-pre-wrap">
          {marked(lyrics, inLyrics)}
        </div>
      )}
      {screening.facilities.length > 0 && (
        <ul className="space-y-1">
          {screening.facilities.map((f) => (
            <li key={f.facilityId}>
              <span className="font-semibold">{f.facilityName}</span>: matches {f.listNames.join(", ")} —{" "}
              {f.status === "held" ? "held, out of its catalogue" : f.status === "overridden" ? `overridden (${f.reason ?? ""})` : "needs an override to go there"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
