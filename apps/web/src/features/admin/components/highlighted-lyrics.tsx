/**
 * Lyrics with each term-list match marked where it is, named by its list, so an operator sees at a
 * glance what screening found (docs/decisions/067-term-lists-screening-audit.md); and the screening's
 * summary: the facilities whose lists the song fails, and a note when a song that is not instrumental
 * came without lyrics (only its title and credits could be screened). When speech-to-text is
 * configured, the audio's transcript beside them, its matches marked the same way, or that it is
 * pending or failed (docs/decisions/075-speech-to-text-screening.md). A field too long to screen whole
 * says where screening stopped and how much was left unread (docs/decisions/085-linear-term-matching.md).
 */
import type { ReactNode } from "react";
import {
  SCREENED_TEXT_MAX_LENGTH,
  UNSCREENED_TERM,
  type ScreenedField,
  type SongScreening,
  type SongTranscript,
  type TermMatch,
} from "@jplay/schema/compliance";

const FIELD_NAMES = new Map<ScreenedField, string>([
  ["title", "title"],
  ["credits", "credits"],
  ["lyrics", "lyrics"],
  ["transcript", "audio transcript"],
]);

/** Why part of a field was not screened, once per field (every list carries the same rest). */
function UnscreenedNotes({ matches }: { matches: TermMatch[] }) {
  const byField = new Map(matches.map((m) => [m.field, m]));
  return [...byField.values()].map((m) => (
    <p key={m.field} className="font-semibold text-amber-700 dark:text-amber-400">
      Screening stopped at character {m.start.toLocaleString("en-US")} of the {FIELD_NAMES.get(m.field)} (it reads at most{" "}
      {SCREENED_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters a field, so one song cannot hold up the others): the last{" "}
      {(m.end - m.start).toLocaleString("en-US")} characters were not screened. Read them before deciding.
    </p>
  ));
}

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

/** The audio transcript's part of a screening: its matches marked, or why there is none yet. */
function TranscriptScreening({ transcript, matches, label }: { transcript: SongTranscript; matches: TermMatch[]; label: string }) {
  if (transcript.status === "pending") {
    return (
      <p className="text-muted">
        Audio transcript pending: the words in the audio are screened when speech-to-text answers.
        {transcript.error ? ` Last attempt failed: ${transcript.error}` : ""}
      </p>
    );
  }
  if (transcript.status === "failed") {
    return (
      <p className="font-semibold text-amber-700 dark:text-amber-400">
        Audio transcription failed ({transcript.error ?? "no reason given"}): the words in the audio were not screened. Listen for them.
      </p>
    );
  }
  const text = transcript.text ?? "";
  if (matches.length === 0) {
    return (
      <details className="text-muted">
        <summary>Audio transcript: no matches</summary>
        <p className="whitespace-pre-wrap">{text === "" ? "(no words heard)" : text}</p>
      </details>
    );
  }
  return (
    <div className="space-y-1">
      <p className="font-semibold">Audio transcript (speech-to-text)</p>
      <div aria-label={label} className="rounded-xl border border-line p-3 whitespace-pre-wrap">
        {marked(text, matches)}
      </div>
    </div>
  );
}

export function HighlightedLyrics({
  lyrics,
  screening,
  label,
  transcriptLabel,
}: {
  lyrics: string | null;
  screening: SongScreening;
  label: string;
  transcriptLabel: string;
}) {
  const unscreened = screening.matches.filter((m) => m.term === UNSCREENED_TERM);
  const found = screening.matches.filter((m) => m.term !== UNSCREENED_TERM);
  const inLyrics = found.filter((m) => m.field === "lyrics");
  const inTranscript = found.filter((m) => m.field === "transcript");
  const elsewhere = found.filter((m) => m.field !== "lyrics" && m.field !== "transcript");
  const transcribed = screening.transcript?.status === "done";
  return (
    <div className="space-y-2 text-sm">
      {screening.lyricsMissing && (
        <p className="font-semibold text-amber-700 dark:text-amber-400">
          {transcribed
            ? "No lyrics given and not instrumental: the title, credits and audio transcript were screened."
            : "No lyrics given and not instrumental: only the title and credits were screened. Listen for the words."}
        </p>
      )}
      <UnscreenedNotes matches={unscreened} />
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
      {screening.transcript && <TranscriptScreening transcript={screening.transcript} matches={inTranscript} label={transcriptLabel} />}
      {screening.facilities.length > 0 && (
        <ul className="space-y-1">
          {screening.facilities.map((f) => (
            <li key={f.facilityId}>
              <span className="font-semibold">{f.facilityName}</span>: matches {f.listNames.join(", ")} —{" "}
              {f.status === "held"
                ? "held, out of its catalogue"
                : f.status === "overridden"
                  ? `overridden (${f.reason ?? ""})`
                  : "needs an override to go there"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
