/**
 * How the Review tab says how long is left before a song's review deadline, or how long it is
 * overdue: the two largest units that matter ("2 days 5 hours", "3 hours 10 minutes", "12 minutes"),
 * whole units only, so an operator can compare songs at a glance.
 */
const UNITS = [
  { ms: 86_400_000, one: "day", many: "days" },
  { ms: 3_600_000, one: "hour", many: "hours" },
  { ms: 60_000, one: "minute", many: "minutes" },
] as const;

/** A positive duration in words; under a minute reads "less than a minute". */
export function durationWords(ms: number): string {
  const parts: string[] = [];
  let rest = Math.floor(Math.abs(ms));
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0 || parts.length > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
    if (parts.length === 2) break;
  }
  const shown = parts.filter((part) => !part.startsWith("0 "));
  return shown.length === 0 ? "less than a minute" : shown.join(" ");
}

/** "3 hours 10 minutes left", or "Overdue by 2 days 1 hour" once the deadline passed. */
export const timeLeftWords = (timeLeftMs: number, overdue: boolean) =>
  overdue ? `Overdue by ${durationWords(timeLeftMs)}` : `${durationWords(timeLeftMs)} left`;
