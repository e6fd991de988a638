/**
 * The song half of /distribute (docs/product.md, Screens; Validation; Errors): artist name, song title, the required
 * explicit-content answer, the genre, the fixed price, the MP3 and an optional cover, and folded
 * under "More details" the release metadata that has defaults (release-details/), checked with the
 * shared rules, then uploaded with visible progress.
 * Locked until a payment method is saved; on success the artist moves on to /approval/{id}.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "@/lib/router/location";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { toast } from "@/lib/toast";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import type { ExplicitAnswer } from "@jplay/schema/distribution";
import type { MySong } from "@jplay/schema/me";
import type { SavedPayment } from "@/features/payments";
import { isAbort, useDistributeSong } from "../api/distribute-song";
import {
  isReleaseDetailsMessage,
  coverFileCheck,
  detailProblem,
  FIELD_ORDER,
  fieldOfServerMessage,
  songFileCheck,
  type DetailField,
  type SongFormErrors,
  type SongFormField,
} from "../song-form-checks";
import { GenreField } from "../release-details/genre-field";
import { MoreDetails } from "../release-details/more-details";
import {
  cleanVersionField,
  initialReleaseDetails,
  localToday,
  releaseDetailsFields,
  releaseDetailsProblem,
  type ReleaseDetails,
} from "../release-details/release-details-state";
import { ExplicitField } from "./explicit-field";
import { FileField } from "./file-field";
import { UploadProgress } from "./upload-progress";

const PRICE = "1.99";
const FAILED_TITLE = /*i18n*/ "Distribution Failed";
const FAILED_FALLBACK = /*i18n*/ "Failed to submit your song for distribution. Please check that you've selected an MP3 file and try again.";

export function DistributionForm({ payment, cleanVersionOriginals = [] }: { payment: SavedPayment | null; cleanVersionOriginals?: readonly MySong[] }) {
  const i18n = useI18n();
  const [details, setDetails] = useState({ artistName: "", songTitle: "" });
  const [explicit, setExplicit] = useState<ExplicitAnswer | null>(null);
  const [songFile, setSongFile] = useState<File | null>(null);
  const [coverImage, setCoverImage] = useState<File | null>(null);
  const [release, setRelease] = useState<ReleaseDetails>(() => initialReleaseDetails(i18n.language));
  // The artist's own today, once in the browser (release-details-state.ts, releaseDate).
  useEffect(() => {
    setRelease((current) => (current.releaseDate === "" ? { ...current, releaseDate: localToday() } : current));
  }, []);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreSummary = useRef<HTMLElement | null>(null);
  const [errors, setErrors] = useState<SongFormErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  /** The server refused a field (the MP3 itself, the explicit answer): it is focused once the form is enabled again. */
  const [refusedField, setRefusedField] = useState<SongFormField | null>(null);
  const upload = useDistributeSong();
  const navigate = useNavigate();
  const fields = useRef<Partial<Record<SongFormField, HTMLInputElement | null>>>({});
  // The latest choice per file input: a slower check of an earlier file must not win.
  const chosen = useRef<{ songFile: File | null; coverImage: File | null }>({ songFile: null, coverImage: null });
  const checking = useRef(false);
  const bind = (field: SongFormField) => (element: HTMLInputElement | null) => {
    fields.current[field] = element;
  };

  // docs/product.md, States and flows: once a payment method is saved, the artist details are enabled and focused.
  useEffect(() => {
    if (payment) fields.current.artistName?.focus();
  }, [payment]);

  const setError = (field: SongFormField, message: string | null) =>
    setErrors((current) => {
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  const onText = (field: Exclude<DetailField, "explicit">, value: string) => {
    setDetails((current) => ({ ...current, [field]: value }));
    if (errors[field]) setError(field, detailProblem(field, value, i18n)); // clear as soon as it is fixed
  };

  const onFile = async (field: "songFile" | "coverImage", file: File | null) => {
    chosen.current[field] = file;
    (field === "songFile" ? setSongFile : setCoverImage)(file);
    const problem = await (field === "songFile" ? songFileCheck : coverFileCheck)(file, i18n);
    if (chosen.current[field] === file) setError(field, problem);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!payment || upload.isPending || checking.current) return;
    setNotice(null);
    const found: SongFormErrors = {};
    for (const field of ["artistName", "songTitle"] as const) {
      const problem = detailProblem(field, details[field], i18n);
      if (problem) found[field] = problem;
    }
    const explicitProblem = detailProblem("explicit", explicit ?? "", i18n);
    if (explicitProblem) found.explicit = explicitProblem;
    const priceProblem = detailProblem("price", PRICE, i18n);
    if (priceProblem) found.price = priceProblem;
    checking.current = true;
    const [songProblem, coverProblem] = await Promise.all([songFileCheck(songFile, i18n), coverFileCheck(coverImage, i18n)]).finally(() => {
      checking.current = false;
    });
    if (songProblem) found.songFile = songProblem;
    if (coverProblem) found.coverImage = coverProblem;
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    const releaseProblem = releaseDetailsProblem(release, details.artistName);
    setReleaseError(releaseProblem && i18n._(releaseProblem));
    if (releaseProblem) {
      setMoreOpen(true);
      moreSummary.current?.focus();
      return;
    }

    // Text fields before the files: the server streams the files and judges these first.
    const body = new FormData();
    body.set("customerId", payment.customerId);
    body.set("artistName", details.artistName.trim());
    body.set("songTitle", details.songTitle.trim());
    body.set("explicit", explicit!);
    body.set("price", PRICE);
    const releaseFields = { ...releaseDetailsFields(release, details.artistName), ...cleanVersionField(release, explicit) };
    for (const [field, value] of Object.entries(releaseFields)) body.set(field, value);
    body.set("phone", payment.phoneNumber);
    body.set("songFile", songFile!);
    if (coverImage) body.set("coverImage", coverImage);
    upload.mutate(body, {
      onSuccess: ({ id }) => void navigate(`/approval/${encodeURIComponent(id)}`),
      onError: (error) => {
        if (isAbort(error)) {
          setNotice(i18n._("Upload cancelled. Your details are still here: submit again when you are ready."));
          return;
        }
        const message = apiErrorMessage(error, i18n._(FAILED_FALLBACK));
        toast.error(i18n._(FAILED_TITLE), message);
        setNotice(message);
        if (isReleaseDetailsMessage(message, i18n)) {
          setReleaseError(message);
          setMoreOpen(true);
        }
        // The server walked the whole MP3 (cut short, no audio…) or missed the explicit answer: say so at the field too.
        const field = fieldOfServerMessage(message, i18n);
        if (field) {
          setError(field, message);
          setRefusedField(field);
        }
      },
    });
  }

  const locked = !payment;
  const busy = upload.isPending;

  // The refused field takes the focus once the form is enabled again after the upload.
  useEffect(() => {
    if (!refusedField || busy) return;
    fields.current[refusedField]?.focus();
    setRefusedField(null);
  }, [refusedField, busy]);

  return (
    <section aria-labelledby="song-details-heading" className="space-y-5 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="space-y-1">
        <h2 id="song-details-heading" className="text-xl font-bold">
          <span className="text-accent">2.</span> {i18n._("Your song")}
        </h2>
        <p id="song-details-lock" className="text-sm text-muted">
          {locked ? i18n._("Save a payment method above to enter your song details.") : i18n._("MP3 up to 15MB; cover optional (JPG or PNG, up to 5MB).")}
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-busy={busy}>
        <fieldset disabled={locked || busy} aria-describedby="song-details-lock" className="space-y-5">
          <legend className="sr-only">{i18n._("Song details")}</legend>
          <Field label={i18n._("Artist name")} error={errors.artistName ?? null}>
            {(control) => (
              <input
                {...control}
                ref={bind("artistName")}
                name="artistName"
                autoComplete="off"
                aria-required="true"
                value={details.artistName}
                onChange={(event) => onText("artistName", event.currentTarget.value)}
                onBlur={(event) => event.currentTarget.value && setError("artistName", detailProblem("artistName", event.currentTarget.value, i18n))}
                className={inputClass(Boolean(errors.artistName))}
              />
            )}
          </Field>
          <Field label={i18n._("Song title")} error={errors.songTitle ?? null}>
            {(control) => (
              <input
                {...control}
                ref={bind("songTitle")}
                name="songTitle"
                autoComplete="off"
                aria-required="true"
                value={details.songTitle}
                onChange={(event) => onText("songTitle", event.currentTarget.value)}
                className={inputClass(Boolean(errors.songTitle))}
              />
            )}
          </Field>
          <ExplicitField
            value={explicit}
            onChange={(answer) => {
              setExplicit(answer);
              setError("explicit", null);
            }}
            error={errors.explicit}
            firstRef={bind("explicit")}
          />
          <GenreField value={release.genre} onChange={(genre) => setRelease((current) => ({ ...current, genre }))} />
          <Field label={i18n._("Price (USD)")} hint={i18n._("Every download sells for $1.99.")} error={errors.price ?? null}>
            {(control) => (
              <input
                {...control}
                ref={bind("price")}
                name="price"
                inputMode="decimal"
                value={PRICE}
                disabled
                readOnly
                className={inputClass(false, "max-w-40")}
              />
            )}
          </Field>
          <FileField
            label={i18n._("MP3 file")}
            name="songFile"
            accept="audio/mpeg,.mp3"
            hint={i18n._("MP3 only, less than 15MB.")}
            file={songFile}
            error={errors.songFile}
            inputRef={bind("songFile")}
            onFile={(file) => void onFile("songFile", file)}
          />
          <FileField
            label={i18n._("Cover image")}
            name="coverImage"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            hint={i18n._("JPG or PNG, less than 5MB.")}
            optional
            file={coverImage}
            error={errors.coverImage}
            inputRef={bind("coverImage")}
            onFile={(file) => void onFile("coverImage", file)}
          />
          <MoreDetails
            details={release}
            artistName={details.artistName}
            onChange={(change) => {
              setRelease((current) => ({ ...current, ...change }));
              setReleaseError(null);
            }}
            error={releaseError}
            open={moreOpen}
            onToggle={setMoreOpen}
            summaryRef={moreSummary}
            cleanVersionOriginals={explicit === "no" ? cleanVersionOriginals : []}
          />
        </fieldset>

        {upload.progress && <UploadProgress progress={upload.progress} onCancel={upload.cancel} />}

        <div aria-live="polite" className="text-sm">
          {notice && <p className="rounded-xl bg-surface-2 p-3">{notice}</p>}
        </div>

        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={locked || busy}>
          {busy ? i18n._("Submitting…") : i18n._("Submit for Distribution")}
        </Button>
      </form>
    </section>
  );
}
