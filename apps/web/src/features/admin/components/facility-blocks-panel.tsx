/**
 * The Compliance tab's facility blocks (docs/decisions/067-term-lists-screening-audit.md): for the
 * chosen facility, the artists and songs it keeps out of its catalogue and feed, each with its reason
 * and who blocked it; a form to block an artist or a song (by its id, as admin lists show it) with a
 * reason, and a Lift button that asks for the reason too. Every block and lift is in the audit log.
 */
import { useState, type FormEvent } from "react";
import type { FacilityBlock } from "@jplay/schema/compliance";
import { Button } from "@/components/ui/button";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { Field, inputClass } from "@/components/ui/field";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useFacilities } from "../api/facilities";
import { useBlockAtFacility, useFacilityBlocks, useLiftBlock } from "../api/compliance";
import { Moment } from "./moment";

const FAILED = "The change could not be saved. Please try again.";
const cell = tableCell("panel");

function LiftBlock({ block }: { block: FacilityBlock }) {
  const lift = useLiftBlock();
  const [reason, setReason] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    lift.mutate(
      { facilityId: block.facilityId, blockId: block.id, reason: reason.trim() },
      {
        onSuccess: () => toast.success("Block lifted", `${block.label} is back in this facility's catalogue.`),
        onError: (error) => toast.error("Block not lifted", apiErrorMessage(error, FAILED)),
      },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={`Lift the block of ${block.label}`}>
      <Field label={`Reason to lift ${block.label}`} error={null}>
        {(control) => <input {...control} value={reason} onChange={(e) => setReason(e.currentTarget.value)} className={inputClass(false)} />}
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={lift.isPending || reason.trim() === ""}>
        Lift
      </Button>
    </form>
  );
}

function AddBlock({ facilityId }: { facilityId: string }) {
  const block = useBlockAtFacility();
  const [kind, setKind] = useState<"artist" | "song">("song");
  const [targetId, setTargetId] = useState("");
  const [reason, setReason] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    block.mutate(
      { facilityId, kind, targetId: targetId.trim(), reason: reason.trim() },
      {
        onSuccess: (saved) => {
          toast.success("Blocked", `${saved.label} is out of this facility's catalogue.`);
          setTargetId("");
          setReason("");
        },
        onError: (error) => toast.error("Not blocked", apiErrorMessage(error, FAILED)),
      },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Add a block">
      <Field label="Block" error={null}>
        {(control) => (
          <select
            {...control}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value === "artist" ? "artist" : "song")}
            className={inputClass(false, "w-28")}
          >
            <option value="song">Song</option>
            <option value="artist">Artist</option>
          </select>
        )}
      </Field>
      <Field label="Song or artist id" error={null}>
        {(control) => <input {...control} value={targetId} onChange={(e) => setTargetId(e.currentTarget.value)} className={inputClass(false)} />}
      </Field>
      <Field label="Reason for the block" error={null} className="min-w-64 flex-1">
        {(control) => <input {...control} value={reason} onChange={(e) => setReason(e.currentTarget.value)} className={inputClass(false)} />}
      </Field>
      <Button type="submit" disabled={block.isPending || targetId.trim() === "" || reason.trim() === ""}>
        Add block
      </Button>
    </form>
  );
}

export function FacilityBlocksPanel() {
  const facilities = useFacilities();
  const [facilityId, setFacilityId] = useState("");
  const blocks = useFacilityBlocks(facilityId);
  return (
    <section aria-labelledby="blocks-heading" className="space-y-3">
      <h2 id="blocks-heading" className="text-lg font-bold">
        Facility blocks
      </h2>
      <p className="text-sm text-muted">A blocked artist's songs, or a blocked song, leave that facility's catalogue and feed at once.</p>
      <Field label="Blocks at" error={null}>
        {(control) => (
          <select {...control} value={facilityId} onChange={(e) => setFacilityId(e.currentTarget.value)} className={inputClass(false, "w-64")}>
            <option value="">Choose a facility</option>
            {(facilities.data?.facilities ?? []).map((facility) => (
              <option key={facility.id} value={facility.id}>
                {facility.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {facilityId === "" ? null : blocks.isPending ? (
        <p role="status" className="text-muted">
          Loading blocks...
        </p>
      ) : blocks.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(blocks.error, "The blocks could not be loaded. Please try again.")}
        </p>
      ) : (
        <>
          {blocks.data.blocks.length === 0 ? (
            <p className="text-muted">Nothing is blocked at this facility.</p>
          ) : (
            <DataTable caption="Blocks at this facility" headings={["Blocked", "Reason", "By, when", <span className="sr-only">Lift</span>]} size="panel">
              {blocks.data.blocks.map((block) => (
                <tr key={block.id}>
                  <td className={cell}>
                    {block.label} <span className="text-muted">({block.kind})</span>
                  </td>
                  <td className={cell}>{block.reason}</td>
                  <td className={cell}>
                    {block.createdBy}, <Moment iso={block.createdAt} />
                  </td>
                  <td className={cell}>
                    <LiftBlock block={block} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          <AddBlock facilityId={facilityId} />
        </>
      )}
    </section>
  );
}
