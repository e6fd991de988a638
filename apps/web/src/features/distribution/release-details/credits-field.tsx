/**
 * The song's credits: a name and a role per row, rows added and removed with buttons. Until the
 * artist edits them they read "the artist performs and composed it" and follow the artist name.
 * A fieldset with a legend, labelled inputs per row, so a screen reader says which row it is in.
 */
import { MAX_CREDITS, type Credit } from "@jplay/schema/release-metadata";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n";
import { CreditRoleSelect } from "./credit-role-select";

export function CreditsField({ credits, onChange }: { credits: Credit[]; onChange: (credits: Credit[]) => void }) {
  const i18n = useI18n();
  const change = (index: number, credit: Partial<Credit>) => onChange(credits.map((row, i) => (i === index ? { ...row, ...credit } : row)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{i18n._("Credits")}</legend>
      <p className="text-sm text-muted">{i18n._("Who made the song. Name at least one composer.")}</p>
      <ul className="space-y-2">
        {credits.map((credit, index) => {
          const row = i18n._("Credit {number}", { number: index + 1 });
          return (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <input
                aria-label={i18n._("{row}: name", { row })}
                value={credit.name}
                autoComplete="off"
                onChange={(event) => change(index, { name: event.currentTarget.value })}
                className={inputClass(false, "min-w-40 flex-1")}
              />
              <CreditRoleSelect label={i18n._("{row}: role", { row })} value={credit.role} onChange={(role) => change(index, { role })} />
              <Button type="button" variant="ghost" size="sm" disabled={credits.length === 1} onClick={() => onChange(credits.filter((_, i) => i !== index))}>
                {i18n._("Remove {row}", { row })}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={credits.length >= MAX_CREDITS}
        onClick={() => onChange([...credits, { name: "", role: "composer" }])}
      >
        {i18n._("Add a credit")}
      </Button>
    </fieldset>
  );
}
