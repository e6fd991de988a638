/**
 * The Catalogue tab's facilities: each with its state, whether it takes clean music only (changed in
 * place), its price ceiling (docs/decisions/071-facility-price-ceilings.md) and the address its tablets
 * are opened at once, a dialog to change one's name, state, setting and ceiling, and a form to add one. The rules are the server's (schema/src/facilities.ts), checked here
 * first so the form says the same thing.
 */
import { useState, type FormEvent } from "react";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { FacilitySchema, US_STATE_CODES, type Facility } from "@jplay/schema/facilities";
import { FACILITY_PRICE_CEILING_DEFAULT_CENTS } from "@jplay/schema/pricing";
import { Button } from "@/components/ui/button";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { Field, inputClass } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useFacilities, useSaveFacility } from "../api/facilities";
import { formatCents } from "../admin-format";

const cell = tableCell("panel");

type Field = "name" | "state" | "priceCeilingCents";

/** The address the tablet provider opens once on each of the facility's tablets. */
const tabletAddress = (facility: Facility) => `${window.location.origin}/?facility=${encodeURIComponent(facility.id)}`;

/**
 * The form that adds a facility, or (given `editing`) changes one's name, state and clean-only setting.
 * `onSaved` runs once the server has the facility (the edit dialog closes).
 */
function FacilityForm({ editing = null, onSaved }: { editing?: Facility | null; onSaved?: () => void }) {
  const save = useSaveFacility();
  const [name, setName] = useState(editing?.name ?? "");
  const [state, setState] = useState(editing?.state ?? "");
  const [cleanOnly, setCleanOnly] = useState(editing?.cleanOnly ?? false);
  const [ceiling, setCeiling] = useState(String(editing?.priceCeilingCents ?? FACILITY_PRICE_CEILING_DEFAULT_CENTS));
  /** What is wrong, at its field (name, state, ceiling) or for the whole form (the server's refusal). */
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const errorAt = (field: Field) => (problem?.field === field ? problem.message : null);
  const words = editing
    ? {
        form: `Edit ${editing.name}`,
        submit: "Save facility",
        pending: "Saving…",
        done: "Facility saved",
        failure: "The facility could not be saved. Please try again.",
      }
    : {
        form: "Add a facility",
        submit: "Add facility",
        pending: "Adding…",
        done: "Facility added",
        failure: "The facility could not be added. Please try again.",
      };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(FacilitySchema, { name, state, cleanOnly, priceCeilingCents: ceiling.trim() === "" ? Number.NaN : Number(ceiling) });
    if (!checked.success) {
      const key = checked.issues[0].path?.[0]?.key;
      setProblem({ field: key === "name" || key === "state" || key === "priceCeilingCents" ? key : null, message: firstIssue(checked.issues) });
      return;
    }
    setProblem(null);
    save.mutate(
      { id: editing?.id ?? null, facility: checked.output },
      {
        onSuccess: (facility) => {
          toast.success(words.done, `${facility.name} (${facility.state}) ${facility.cleanOnly ? "gets clean music only" : "gets the full catalogue"}.`);
          if (!editing) {
            setName("");
            setState("");
            setCleanOnly(false);
            setCeiling(String(FACILITY_PRICE_CEILING_DEFAULT_CENTS));
          }
          onSaved?.();
        },
        onError: (error) => setProblem({ field: null, message: apiErrorMessage(error, words.failure) }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={words.form} className="flex flex-wrap items-end gap-3">
      <Field label="Facility name" error={errorAt("name")} className="min-w-64 flex-1">
        {(control) => (
          <input {...control} value={name} onChange={(event) => setName(event.currentTarget.value)} className={inputClass(errorAt("name") !== null)} />
        )}
      </Field>
      <Field label="State" error={errorAt("state")}>
        {(control) => (
          <select
            {...control}
            value={state}
            onChange={(event) => setState(event.currentTarget.value)}
            className={inputClass(errorAt("state") !== null, "w-28")}
          >
            <option value="">Choose</option>
            {US_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Price ceiling (cents)" error={errorAt("priceCeilingCents")}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            value={ceiling}
            onChange={(event) => setCeiling(event.currentTarget.value)}
            className={inputClass(errorAt("priceCeilingCents") !== null, "w-28")}
          />
        )}
      </Field>
      <label className="flex h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={cleanOnly} onChange={(event) => setCleanOnly(event.currentTarget.checked)} className="size-4" />
        Clean music only
      </label>
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? words.pending : words.submit}
      </Button>
      <p role="alert" className="w-full text-sm font-medium text-red-600 empty:hidden dark:text-red-400">
        {problem?.field === null ? problem.message : null}
      </p>
    </form>
  );
}

/** A facility's Edit button and the dialog it opens (the name is what tablets' operators see; the state its rules). */
function EditFacility({ facility }: { facility: Facility }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Edit ${facility.name}`}>
        Edit
      </Button>
      <ModalDialog open={open} title={`Edit ${facility.name}`} onCancel={() => setOpen(false)}>
        <FacilityForm editing={facility} onSaved={() => setOpen(false)} />
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </ModalDialog>
    </>
  );
}

/** The clean-only setting of one facility, saved as soon as it changes. */
function CleanOnlyToggle({ facility }: { facility: Facility }) {
  const save = useSaveFacility();
  return (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        checked={save.isPending ? save.variables.facility.cleanOnly : facility.cleanOnly}
        disabled={save.isPending}
        aria-label={`Clean music only at ${facility.name}`}
        onChange={(event) => {
          const cleanOnly = event.currentTarget.checked;
          save.mutate(
            { id: facility.id, facility: { name: facility.name, state: facility.state, cleanOnly, priceCeilingCents: facility.priceCeilingCents } },
            {
              onSuccess: () => toast.success("Facility saved", `${facility.name} ${cleanOnly ? "now gets clean music only" : "now gets the full catalogue"}.`),
              onError: (error) => toast.error("Facility not saved", apiErrorMessage(error, "Please try again.")),
            },
          );
        }}
        className="size-4"
      />
      {facility.cleanOnly ? "Yes" : "No"}
    </label>
  );
}

export function FacilitiesPanel() {
  const facilities = useFacilities();
  return (
    <section aria-labelledby="facilities-heading" className="space-y-3">
      <h2 id="facilities-heading" className="text-lg font-bold">
        Facilities
      </h2>
      <p className="text-sm text-muted">
        A clean-only facility's tablets never list a song with explicit content, or one whose artist never answered. A song sells at a facility for its own
        price or the facility's price ceiling, whichever is lower. Open a facility's tablet address once on each of its tablets.
      </p>
      {facilities.isPending ? (
        <p role="status" className="py-4 text-muted">
          Loading facilities...
        </p>
      ) : facilities.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(facilities.error, "The facilities could not be loaded. Please try again.")}
        </p>
      ) : facilities.data.facilities.length === 0 ? (
        <p className="py-4 text-muted">No facilities yet. Every tablet gets the full catalogue until its facility is added here.</p>
      ) : (
        <DataTable
          caption="Facilities"
          headings={["Name", "State", "Clean only", "Price ceiling", "Tablet address", <span className="sr-only">Change</span>]}
          size="panel"
        >
          {facilities.data.facilities.map((facility) => (
            <tr key={facility.id}>
              <td className={cell}>{facility.name}</td>
              <td className={cell}>{facility.state}</td>
              <td className={cell}>
                <CleanOnlyToggle facility={facility} />
              </td>
              <td className={cell}>{formatCents(facility.priceCeilingCents)}</td>
              <td className={`${cell} font-mono text-xs break-all`}>{tabletAddress(facility)}</td>
              <td className={cell}>
                <EditFacility facility={facility} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <FacilityForm />
    </section>
  );
}
