/**
 * Phone numbers as texts need them: artists type theirs freely on /distribute ("+1 (555) 010-1234",
 * "555 010 1234"), SMS providers and the opt-out list take E.164 ("+15550101234"). A number without a
 * country code is read as North American (+1), where JPlay's listeners and artists are
 * (docs/decisions/026-texts-to-artists.md).
 */

/** E.164 for a typed number, or null when it cannot be one (too short, too long, letters). */
export function toE164(typed: string | null | undefined): string | null {
  if (!typed) return null;
  const trimmed = typed.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits.length >= 8 && digits.length <= 15 && !digits.startsWith("0") ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}
