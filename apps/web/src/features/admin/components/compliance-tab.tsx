/**
 * The Compliance tab (docs/decisions/067-term-lists-screening-audit.md): the term lists songs are
 * screened against (add a list, add or remove a term: each change is a new version), which lists each
 * facility applies, the live songs a list change held at a facility (matches highlighted; override
 * with a reason puts one back, block keeps it out), each list's version history, each facility's
 * blocks (facility-blocks-panel.tsx), and the audit log with its filters, its CSV and its hash chain
 * checked (audit-chain-status.tsx).
 */
import { useState, type FormEvent } from "react";
import { AUDIT_ACTIONS, TERM_LANGUAGES, type HeldSong, type TermLanguage, type TermList } from "@jplay/schema/compliance";
import type { Facility } from "@jplay/schema/facilities";
import { Button, buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useFacilities } from "../api/facilities";
import {
  auditQueryString,
  useAuditLog,
  useChangeTermList,
  useCreateTermList,
  useDecideHeldSong,
  useHeldSongs,
  useSetFacilityLists,
  useTermLists,
  type AuditFilters,
} from "../api/compliance";
import { AuditChainStatus } from "./audit-chain-status";
import { FacilityBlocksPanel } from "./facility-blocks-panel";
import { HighlightedLyrics } from "./highlighted-lyrics";
import { TermListHistory } from "./term-list-history";
import { Moment } from "./moment";

const FAILED = "The change could not be saved. Please try again.";

function AddTerm({ list }: { list: TermList }) {
  const change = useChangeTermList();
  const [term, setTerm] = useState("");
  const [language, setLanguage] = useState<TermLanguage>("en");
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { list, terms: [...list.terms, { term: term.trim(), language }] },
      {
        onSuccess: (saved) => {
          toast.success("Term added", `“${term.trim()}” is in ${saved.name}, version ${saved.version}.`);
          setTerm("");
        },
        onError: (error) => toast.error("Term not added", apiErrorMessage(error, FAILED)),
      },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Add a term to ${list.name}`}>
      <Field label="New term" error={null}>
        {(control) => <input {...control} value={term} onChange={(e) => setTerm(e.currentTarget.value)} className={inputClass(false)} />}
      </Field>
      <Field label="Language" error={null}>
        {(control) => (
          <select {...control} value={language} onChange={(e) => setLanguage(e.currentTarget.value as TermLanguage)} className={inputClass(false)}>
            {TERM_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {code === "en" ? "English" : "Spanish"}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button size="sm" type="submit" disabled={change.isPending || term.trim() === ""}>
        Add term
      </Button>
    </form>
  );
}

function TermListCard({ list, lists, facilities }: { list: TermList; lists: TermList[]; facilities: Facility[] }) {
  const change = useChangeTermList();
  const setLists = useSetFacilityLists();
  /** Sets the facility's whole set of lists, with this one added or removed. */
  function toggleFacility(facilityId: string, apply: boolean) {
    const others = lists.filter((l) => l.id !== list.id && l.facilityIds.includes(facilityId)).map((l) => l.id);
    setLists.mutate(
      { facilityId, listIds: apply ? [...others, list.id] : others },
      { onError: (error) => toast.error("Not saved", apiErrorMessage(error, FAILED)) },
    );
  }
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <h3 className="text-lg font-bold">
        {list.name}{" "}
        <span className="text-sm font-normal text-muted">
          version {list.version}, changed by {list.changedBy}
        </span>
      </h3>
      <ul aria-label={`Terms of ${list.name}`} className="flex flex-wrap gap-2">
        {list.terms.map((t) => (
          <li key={`${t.language}:${t.term}`} className="flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm">
            {t.term} <span className="text-muted">({t.language})</span>
            <button
              type="button"
              aria-label={`Remove ${t.term} from ${list.name}`}
              className="ml-1 text-muted hover:text-fg"
              disabled={change.isPending}
              onClick={() =>
                change.mutate(
                  { list, terms: list.terms.filter((other) => other !== t) },
                  { onError: (error) => toast.error("Term not removed", apiErrorMessage(error, FAILED)) },
                )
              }
            >
              ×
            </button>
          </li>
        ))}
        {list.terms.length === 0 && <li className="text-sm text-muted">No terms yet.</li>}
      </ul>
      <AddTerm list={list} />
      <TermListHistory listId={list.id} listName={list.name} />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-semibold">Applies at</legend>
        {facilities.map((facility) => {
          const applied = list.facilityIds.includes(facility.id);
          return (
            <label key={facility.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                aria-label={`${list.name} applies at ${facility.name}`}
                checked={applied}
                disabled={setLists.isPending}
                onChange={() => toggleFacility(facility.id, !applied)}
                className="size-4 accent-accent"
              />
              {facility.name}
            </label>
          );
        })}
      </fieldset>
    </li>
  );
}

function TermListsPanel() {
  const lists = useTermLists();
  const facilities = useFacilities();
  const create = useCreateTermList();
  const [name, setName] = useState("");
  if (lists.isPending || facilities.isPending) return <p role="status">Loading term lists…</p>;
  if (lists.isError || facilities.isError) return <p role="alert">The term lists could not be loaded.</p>;
  return (
    <section aria-labelledby="term-lists-heading" className="space-y-3">
      <h2 id="term-lists-heading" className="text-xl font-bold">
        Term lists
      </h2>
      <p className="text-sm text-muted">Whole words, accents and case ignored, common disguises (k1ll, kiiill, $hoot) caught. Every change is a new version.</p>
      <ul className="space-y-3">
        {lists.data.lists.map((list) => (
          <TermListCard key={list.id} list={list} lists={lists.data.lists} facilities={facilities.data.facilities} />
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(name.trim(), { onSuccess: () => setName(""), onError: (error) => toast.error("List not added", apiErrorMessage(error, FAILED)) });
        }}
      >
        <Field label="New list's name" error={null}>
          {(control) => <input {...control} value={name} onChange={(e) => setName(e.currentTarget.value)} className={inputClass(false)} />}
        </Field>
        <Button size="sm" type="submit" disabled={create.isPending || name.trim() === ""}>
          Add list
        </Button>
      </form>
    </section>
  );
}

function HeldSongCard({ song }: { song: HeldSong }) {
  const decide = useDecideHeldSong();
  const [reason, setReason] = useState("");
  const held = song.screening.facilities.filter((f) => f.status === "held");
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <h3 className="text-lg font-bold">
        {song.title} <span className="text-sm font-normal text-muted">by {song.artistName}</span>
      </h3>
      <HighlightedLyrics
        lyrics={song.lyrics}
        screening={song.screening}
        label={`Lyrics of ${song.title} with matches`}
        transcriptLabel={`Audio transcript of ${song.title} with matches`}
      />
      <Field label={`Reason for ${song.title}`} error={null}>
        {(control) => <input {...control} value={reason} onChange={(e) => setReason(e.currentTarget.value)} className={inputClass(false)} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        {held.map((f) =>
          (["override", "block"] as const).map((decision) => (
            <Button
              key={`${f.facilityId}-${decision}`}
              size="sm"
              variant={decision === "override" ? "primary" : "secondary"}
              disabled={decide.isPending || reason.trim() === ""}
              // Told by toast from the promise: once the held songs are read again this card may be gone, and a mutate callback with it.
              onClick={() =>
                void decide
                  .mutateAsync({ songId: song.id, facilityId: f.facilityId, decision, reason: reason.trim() })
                  .then(() => toast.success(decision === "override" ? "Override saved" : "Blocked", `“${song.title}” at ${f.facilityName}.`))
                  .catch((error: unknown) => toast.error("Not saved", apiErrorMessage(error, FAILED)))
              }
            >
              {decision === "override" ? `Override at ${f.facilityName}` : `Block at ${f.facilityName}`}
            </Button>
          )),
        )}
      </div>
    </li>
  );
}

function HeldSongsPanel() {
  const held = useHeldSongs();
  if (held.isPending) return <p role="status">Loading held songs…</p>;
  if (held.isError) return <p role="alert">The held songs could not be loaded.</p>;
  return (
    <section aria-labelledby="held-heading" className="space-y-3">
      <h2 id="held-heading" className="text-xl font-bold">
        Live songs held at facilities
      </h2>
      {held.data.songs.length === 0 ? (
        <p className="text-sm text-muted">No live song is held.</p>
      ) : (
        <ul aria-label="Held songs" className="space-y-3">
          {held.data.songs.map((song) => (
            <HeldSongCard key={song.id} song={song} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AuditLogPanel() {
  const facilities = useFacilities();
  const [filters, setFilters] = useState<AuditFilters>({ facility: "", action: "", from: "", to: "" });
  const log = useAuditLog(filters);
  const set = (name: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [name]: value }));
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-xl font-bold">
        Audit log
      </h2>
      <AuditChainStatus />
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Facility" error={null}>
          {(control) => (
            <select {...control} value={filters.facility} onChange={(e) => set("facility")(e.currentTarget.value)} className={inputClass(false)}>
              <option value="">All facilities</option>
              {facilities.data?.facilities.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Action" error={null}>
          {(control) => (
            <select {...control} value={filters.action} onChange={(e) => set("action")(e.currentTarget.value)} className={inputClass(false)}>
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From" error={null}>
          {(control) => (
            <input {...control} type="date" value={filters.from} onChange={(e) => set("from")(e.currentTarget.value)} className={inputClass(false)} />
          )}
        </Field>
        <Field label="To" error={null}>
          {(control) => <input {...control} type="date" value={filters.to} onChange={(e) => set("to")(e.currentTarget.value)} className={inputClass(false)} />}
        </Field>
        <a href={`/api/admin/audit/export.csv${auditQueryString(filters)}`} download className={buttonClass("secondary")}>
          Download CSV
        </a>
      </div>
      {log.isError && <p role="alert">The audit log could not be loaded.</p>}
      {log.data && (
        <div className="overflow-x-auto">
          <table aria-label="Audit records" className="w-full text-left text-sm">
            <thead>
              <tr className="text-muted">
                <th className="px-2 py-1">When</th>
                <th className="px-2 py-1">Who</th>
                <th className="px-2 py-1">Action</th>
                <th className="px-2 py-1">What</th>
                <th className="px-2 py-1">Matches</th>
              </tr>
            </thead>
            <tbody>
              {log.data.records.map((record) => (
                <tr key={record.seq} className="border-t border-line align-top">
                  <td className="px-2 py-1">
                    <Moment iso={record.at} />
                  </td>
                  <td className="px-2 py-1">{record.actor}</td>
                  <td className="px-2 py-1">{record.action}</td>
                  <td className="px-2 py-1">{record.detail}</td>
                  <td className="px-2 py-1">{record.matches.map((m) => `${m.text} (${m.listName})`).join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {log.data.records.length === 0 && <p className="text-sm text-muted">No records match.</p>}
        </div>
      )}
    </section>
  );
}

export function ComplianceTab() {
  return (
    <div className="space-y-10">
      <HeldSongsPanel />
      <TermListsPanel />
      <FacilityBlocksPanel />
      <AuditLogPanel />
    </div>
  );
}
