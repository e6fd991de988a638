/** A credit role picker (performer, composer…) in the screen's language, for credits and splits rows. */
import { CREDIT_ROLES, type CreditRole } from "@jplay/schema/release-metadata";
import { inputClass } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n";
import { CREDIT_ROLE_LABELS } from "./labels";

export function CreditRoleSelect({ label, value, onChange }: { label: string; value: CreditRole; onChange: (role: CreditRole) => void }) {
  const i18n = useI18n();
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as CreditRole)} className={inputClass(false, "w-auto")}>
      {CREDIT_ROLES.map((role) => (
        <option key={role} value={role}>
          {i18n._(CREDIT_ROLE_LABELS[role])}
        </option>
      ))}
    </select>
  );
}
