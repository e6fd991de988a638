/**
 * A labelled file input that names the chosen file and shows its problem inline. The input stays
 * uncontrolled (browsers do not let scripts set files), so a cancelled upload keeps the choice.
 */
import type { Ref } from "react";
import { Field } from "@/components/ui/field";
import { UploadIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { formatBytes } from "../format-bytes";

export interface FileFieldProps {
  label: string;
  name: string;
  accept: string;
  hint: string;
  file: File | null;
  error: string | undefined;
  optional?: boolean;
  inputRef: Ref<HTMLInputElement>;
  onFile: (file: File | null) => void;
}

export function FileField({ label, name, accept, hint, file, error, optional, inputRef, onFile }: FileFieldProps) {
  return (
    <Field label={label} hint={hint} error={error ?? null} optional={optional ?? false}>
      {(control) => (
        <div className={cn("rounded-xl border border-dashed p-4", error ? "border-red-500" : "border-line")}>
          <div className="flex items-center gap-3">
            <UploadIcon className="size-5 shrink-0 text-accent" />
            <input
              {...control}
              ref={inputRef}
              type="file"
              name={name}
              accept={accept}
              aria-required={optional ? undefined : "true"}
              onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
              className="min-h-11 w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-accent-soft file:px-4 file:py-2 file:font-semibold file:text-fg disabled:cursor-not-allowed disabled:opacity-60"
            />
          </div>
          {file && (
            <p className="mt-2 text-sm break-all text-muted">
              {file.name} · {formatBytes(file.size)}
            </p>
          )}
        </div>
      )}
    </Field>
  );
}
