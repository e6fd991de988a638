/**
 * The term matcher as it was before docs/decisions/085-linear-term-matching.md: one regular expression
 * per term, each letter a repeatable class. Kept only as the tests' oracle, on short inputs: on crafted
 * long ones it backtracks for minutes. Never imported by the Worker.
 */
export interface MatchableTerm {
  term: string;
  language: string;
}

export interface FoundTerm<T extends MatchableTerm> {
  term: T;
  start: number;
  end: number;
  text: string;
}

/** A character folded: lower case, accents off ("Á" → "a", "ñ" → "n"). May be empty (a lone combining mark). */
const fold = (char: string) => char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The text folded, with each folded character's index in the original. */
function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = "";
  const offsets: number[] = [];
  let index = 0;
  for (const char of text) {
    for (const out of fold(char)) {
      folded += out;
      offsets.push(index);
    }
    index += char.length;
  }
  offsets.push(text.length);
  return { folded, offsets };
}

/** What else may stand for each letter. */
const STAND_INS: Record<string, string> = { a: "4@", e: "3", i: "1", l: "1", o: "0", s: "5$", t: "7" };

const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, "\\$&");

/** A word character, obfuscations included: a match may not be preceded or followed by one. */
const WORD_CHAR = "[\\p{L}\\p{N}@$]";

/** The regular expression a folded term compiles to: each letter (runs of it collapsed) repeatable and its stand-ins allowed, spaces as any separator. */
export function termPattern(term: string): string {
  const letters = [...fold(term.trim())].filter((char, i, all) => char !== all[i - 1] || char === " ");
  const parts: string[] = [];
  for (const char of letters) {
    if (/[\s\-']/.test(char)) {
      if (parts.at(-1) !== "SEP") parts.push("SEP");
      continue;
    }
    const stand = STAND_INS[char] ?? "";
    parts.push(stand === "" && !/[a-z0-9]/.test(char) ? `(?:${char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")})+` : `[${escapeClass(char + stand)}]+`);
  }
  const body = parts.map((part) => (part === "SEP" ? "[\\s\\-'_.]+" : part)).join("");
  return `(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`;
}

/** A compiled matcher for a set of terms, reused over many texts (a re-screen runs it over every song). */
export function compileTerms<T extends MatchableTerm>(terms: readonly T[]): (text: string) => FoundTerm<T>[] {
  const compiled = terms.filter((term) => fold(term.term).trim() !== "").map((term) => ({ term, pattern: new RegExp(termPattern(term.term), "gu") }));
  return (text) => {
    if (text === "" || compiled.length === 0) return [];
    const { folded, offsets } = foldWithOffsets(text);
    const found: FoundTerm<T>[] = [];
    for (const { term, pattern } of compiled) {
      pattern.lastIndex = 0;
      for (const match of folded.matchAll(pattern)) {
        const start = offsets[match.index]!;
        const end = offsets[match.index + match[0].length]!;
        found.push({ term, start, end, text: text.slice(start, end) });
      }
    }
    return found.sort((a, b) => a.start - b.start || b.end - a.end);
  };
}
