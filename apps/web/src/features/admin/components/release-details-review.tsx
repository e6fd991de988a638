/**
 * A song's release metadata in the Review tab, beside its player: what the artist said (genre,
 * language of the lyrics, release date, credits, ℗ and ©, the original of a clean version) and its
 * lyrics, folded; and the operator's correction of genre, language and credits, saved with
 * `PUT /api/admin/songs/{id}/release-details` and logged in the song's history. Admin is English.
 */
import { useId, useState } from "react";
import { GENRES, NO_LYRICS_LANGUAGE, SONG_LANGUAGES, type Credit, type Genre, type LyricsLanguage } from "@jplay/schema/release-metadata";
import type { ReviewQueueSong } from "@jplay/schema/review";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { CREDIT_ROLE_LABELS, CreditsField, LYRICS_LANGUAGE_LABELS } from "@/features/distribution";
import { useCorrectReleaseDetails } from "../api/review-queue";

const languageWords = (code: LyricsLanguage) => (code === NO_LYRICS_LANGUAGE ? "None (instrumental)" : `${LYRICS_LANGUAGE_LABELS[code]} (${code})`);
const creditsWords = (credits: readonly Credit[]) => credits.map((credit) => `${credit.name} (${CREDIT_ROLE_LABELS[credit.role].toLowerCase()})`).join(", ");
const CORRECTION_FAILED = "The details could not be saved. Please try again.";

/** The metadata rows of the song's description list. */
export function ReleaseDetailsRows({ song }: { song: ReviewQueueSong }) {
  return (
    <>
      <dt className="text-muted">Genre</dt>
      <dd>{song.genre}</dd>
      <dt className="text-muted">Language of the lyrics</dt>
      <dd>{languageWords(song.lyricsLanguage)}</dd>
      <dt className="text-muted">Release date</dt>
      <dd>
        <time dateTime={song.releaseDate}>{song.releaseDate}</time>
      </dd>
      <dt className="text-muted">Credits</dt>
      <dd>{creditsWords(song.credits)}</dd>
      <dt className="text-muted">℗ / ©</dt>
      <dd>
        ℗ {song.pLine.year} {song.pLine.holder} · © {song.cLine.year} {song.cLine.holder}
      </dd>
      {song.cleanVersionOfTitle !== null && (
        <>
          <dt className="text-muted">Clean version of</dt>
          <dd>{song.cleanVersionOfTitle}</dd>
        </>
      )}
    </>
  );
}

/** The lyrics, folded (a native <details>), or why there are none. */
export function LyricsToCheck({ song }: { song: ReviewQueueSong }) {
  if (song.lyrics === null) return <p className="text-sm text-muted">{song.instrumental ? "Instrumental: no lyrics." : "No lyrics given."}</p>;
  return (
    <details className="rounded-xl border border-line p-3 text-sm">
      <summary className="-my-3 cursor-pointer py-3 font-semibold">Lyrics of {song.title}</summary>
      <p className="mt-2 whitespace-pre-wrap">{song.lyrics}</p>
    </details>
  );
}

/** Genre, language and credits as the operator hears them; saved only when changed. */
export function CorrectReleaseDetails({ song }: { song: ReviewQueueSong }) {
  const correct = useCorrectReleaseDetails();
  const [genre, setGenre] = useState<Genre>(song.genre);
  const [lyricsLanguage, setLyricsLanguage] = useState<LyricsLanguage>(song.lyricsLanguage);
  const [credits, setCredits] = useState<Credit[]>(song.credits);
  const genreId = useId();
  const languageId = useId();
  function save() {
    correct
      .mutateAsync({ songId: song.id, genre, lyricsLanguage, credits: credits.map((credit) => ({ ...credit, name: credit.name.trim() })) })
      .then((answer) =>
        toast.success(
          answer.changed ? "Details corrected" : "Nothing to correct",
          `“${song.title}”: ${answer.changed ? "saved and logged in its history" : "the details were already these"}.`,
        ),
      )
      .catch((error: unknown) => toast.error("Details not corrected", apiErrorMessage(error, CORRECTION_FAILED)));
  }
  return (
    <details className="rounded-xl border border-line p-3">
      <summary className="-my-3 cursor-pointer py-3 text-sm font-semibold">Correct genre, language or credits of {song.title}</summary>
      <div className="mt-3 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={genreId} className="block text-sm font-semibold">
              Genre
            </label>
            <select id={genreId} value={genre} onChange={(event) => setGenre(event.currentTarget.value as Genre)} className={inputClass(false)}>
              {GENRES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={languageId} className="block text-sm font-semibold">
              Language of the lyrics
            </label>
            <select
              id={languageId}
              value={lyricsLanguage}
              onChange={(event) => setLyricsLanguage(event.currentTarget.value as LyricsLanguage)}
              className={inputClass(false)}
            >
              {SONG_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {languageWords(code)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CreditsField credits={credits} onChange={setCredits} />
        <Button size="sm" variant="secondary" disabled={correct.isPending} aria-busy={correct.isPending} onClick={save}>
          {correct.isPending ? "Saving…" : "Save corrections"}
        </Button>
        {correct.isError && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {apiErrorMessage(correct.error, CORRECTION_FAILED)}
          </p>
        )}
      </div>
    </details>
  );
}
