/**
 * Finds a list's terms in a song's words: whole words only, case- and accent-insensitive (canción =
 * cancion), and through the common obfuscations — a letter repeated (killl), digits and symbols for
 * letters (0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t, @→a, $→s) — in English and Spanish alike. Offsets point
 * into the original text, so review highlights the words as the artist wrote them. Pure: no I/O.
 *
 * Linear in the text (docs/decisions/085-linear-term-matching.md): the text is folded once and cut into
 * words, each word gets a key (stand-ins resolved, 1/i/l as one letter, runs collapsed), and only the
 * terms with that key are checked exactly against the word, each letter of the term a run of letters
 * that may stand for it. No regular expression runs over the text, so no input backtracks.
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

/** Text folded: lower case, accents off ("Á" → "a", "ñ" → "n"). A lone combining mark folds to nothing. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const codeOf = (char: string) => char.codePointAt(0)!;
const codesOf = (text: string) => [...text].map(codeOf);

/** What else may stand for each letter of a term. */
const STAND_INS = new Map<string, string>([
  ["a", "4@"],
  ["e", "3"],
  ["i", "1"],
  ["l", "1"],
  ["o", "0"],
  ["s", "5$"],
  ["t", "7"],
]);

/** The characters of the text (code points) that may write a letter of a term: itself and its stand-ins. */
const writtenAs = (letter: string): number[] => codesOf(letter + (STAND_INS.get(letter) ?? ""));

/**
 * One letter for everything that may stand for the same letter: the key a word and a term must share.
 * 1, i and l are one (1 stands for either), so the key finds candidates and `wordMatches` decides.
 */
const KEY_LETTER = new Map<number, number>(
  [
    ["1", "i"],
    ["l", "i"],
    ["0", "o"],
    ["3", "e"],
    ["4", "a"],
    ["@", "a"],
    ["5", "s"],
    ["$", "s"],
    ["7", "t"],
  ].map(([char, letter]) => [codeOf(char!), codeOf(letter!)]),
);
const keyLetter = (code: number) => KEY_LETTER.get(code) ?? code;

/** A word character, obfuscations included: a match may not be preceded or followed by one. */
const WORD_CHAR = /^[\p{L}\p{N}@$]$/u;
/** What may separate the words of a phrase in the text. */
const TEXT_SEPARATOR = /^[\s\-'_.]$/u;
/** What separates the words of a phrase in a term. */
const TERM_SEPARATOR = /^[\s\-']$/u;

/** The key of a run of letters: each letter as its key letter, repeats collapsed (the text's words get theirs as they are read, in `wordsOf`). */
function keyOf(letters: readonly string[]): string {
  let key = "";
  let last = -1;
  for (const letter of letters) {
    const k = keyLetter(codeOf(letter));
    if (k !== last) key += String.fromCodePoint(k);
    last = k;
  }
  return key;
}

/**
 * Whether the word (chars[from..to), code points) is the term's word: each of its letters, in order,
 * written one or more times by itself or a stand-in, and nothing else. O(word × letters), no
 * backtracking: the set of letters the word may be at is carried along it.
 */
function wordMatches(letters: readonly (readonly number[])[], chars: Uint32Array, from: number, to: number): boolean {
  if (from >= to || !letters[0]!.includes(chars[from]!)) return false;
  const last = letters.length - 1;
  let at = new Uint8Array(letters.length);
  let next = new Uint8Array(letters.length);
  at[0] = 1;
  for (let i = from + 1; i < to; i++) {
    const char = chars[i]!;
    let any = 0;
    for (let l = 0; l <= last; l++) {
      const reached = at[l]! | (l > 0 ? at[l - 1]! : 0);
      next[l] = reached === 1 && letters[l]!.includes(char) ? 1 : 0;
      any |= next[l]!;
    }
    if (any === 0) return false;
    const swap = at;
    at = next;
    next = swap;
  }
  return at[last] === 1;
}

interface TermWord {
  /** Per letter of the word, the characters (code points) that may write it. */
  letters: number[][];
  key: string;
}

interface CompiledTerm<T> {
  index: number;
  term: T;
  words: TermWord[];
}

/**
 * A term's words: folded, repeated letters collapsed (a term's "ll" is one l, so "kill" also finds
 * "kil"), split at spaces, hyphens and apostrophes; separators at either end are dropped (a match's
 * edges are words).
 */
function termWords(term: string): TermWord[] {
  const folded = [...fold(term.trim())].filter((char, i, all) => char !== all[i - 1] || char === " ");
  const words: TermWord[] = [];
  let letters: string[] = [];
  for (const char of [...folded, " "]) {
    if (!TERM_SEPARATOR.test(char)) {
      letters.push(char);
      continue;
    }
    if (letters.length > 0) words.push({ letters: letters.map(writtenAs), key: keyOf(letters) });
    letters = [];
  }
  return words;
}

/** A word of the folded text: chars[start..end), its key, and whether only separators stand between it and the word before. */
interface TextWord {
  start: number;
  end: number;
  key: string;
  joined: boolean;
}

const OTHER = 0;
const WORD = 1;
const SEPARATOR = 2;
/** What each folded character is: part of a word, a separator between a phrase's words, or anything else. */
const kindOf = (char: string) => (WORD_CHAR.test(char) ? WORD : TEXT_SEPARATOR.test(char) ? SEPARATOR : OTHER);
/** The same for ASCII, looked up: most lyrics are ASCII, and this loop runs once a character. */
const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, code) => kindOf(String.fromCharCode(code)));

/**
 * The text folded character by character into code points, each with its offset in the original,
 * and its words. One pass; typed arrays, so a long text leaves the garbage collector nothing to trace.
 */
function wordsOf(text: string): { chars: Uint32Array; offsets: Uint32Array; words: TextWord[] } {
  let chars: Uint32Array = new Uint32Array(text.length + 1);
  let offsets: Uint32Array = new Uint32Array(text.length + 2);
  let size = 0;
  const words: TextWord[] = [];
  let wordStart = -1;
  let key = "";
  let lastKeyLetter = -1;
  let onlySeparators = false;
  const add = (code: number, kind: number, offset: number) => {
    if (kind === WORD) {
      if (wordStart < 0) {
        wordStart = size;
        key = "";
        lastKeyLetter = -1;
      }
      const letter = keyLetter(code);
      if (letter !== lastKeyLetter) key += String.fromCodePoint(letter);
      lastKeyLetter = letter;
    } else {
      if (wordStart >= 0) {
        words.push({ start: wordStart, end: size, key, joined: onlySeparators && words.length > 0 });
        wordStart = -1;
        onlySeparators = true;
      }
      if (kind === OTHER) onlySeparators = false;
    }
    // A character may fold to several (rarely): room for them.
    if (size + 1 >= chars.length) {
      chars = growTo(chars, chars.length * 2);
      offsets = growTo(offsets, offsets.length * 2);
    }
    chars[size] = code;
    offsets[size] = offset;
    size++;
  };
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      add(code >= 0x41 && code <= 0x5a ? code + 0x20 : code, ASCII_KIND[code]!, i);
      i += 1;
      continue;
    }
    const width = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    for (const char of fold(text.slice(i, i + width))) add(codeOf(char), kindOf(char), i);
    i += width;
  }
  // A separator past the end closes the last word; it is not kept.
  add(0x20, SEPARATOR, text.length);
  offsets[size - 1] = text.length;
  return { chars: chars.subarray(0, size - 1), offsets: offsets.subarray(0, size), words };
}

function growTo(array: Uint32Array, length: number): Uint32Array {
  const grown = new Uint32Array(length);
  grown.set(array);
  return grown;
}

/** A compiled matcher for a set of terms, reused over many texts (a re-screen runs it over every song). */
export function compileTerms<T extends MatchableTerm>(terms: readonly T[]): (text: string) => FoundTerm<T>[] {
  const byKey = new Map<string, CompiledTerm<T>[]>();
  terms.forEach((term, index) => {
    const words = termWords(term.term);
    if (words.length === 0) return;
    const key = words[0]!.key;
    const same = byKey.get(key);
    if (same) same.push({ index, term, words });
    else byKey.set(key, [{ index, term, words }]);
  });
  return (text) => {
    if (text === "" || byKey.size === 0) return [];
    const { chars, offsets, words } = wordsOf(text);
    /** Per term, its matches in the order found, and the last text word its last match took (matches of one term never overlap). */
    const found = new Map<number, FoundTerm<T>[]>();
    const lastWord = new Map<number, number>();
    words.forEach((first, w) => {
      for (const candidate of byKey.get(first.key) ?? []) {
        if ((lastWord.get(candidate.index) ?? -1) >= w) continue;
        const last = w + candidate.words.length - 1;
        if (last >= words.length) continue;
        const all = candidate.words.every((termWord, i) => {
          const word = words[w + i]!;
          return (i === 0 || word.joined) && word.key === termWord.key && wordMatches(termWord.letters, chars, word.start, word.end);
        });
        if (!all) continue;
        const start = offsets[first.start]!;
        const end = offsets[words[last]!.end]!;
        const match = { term: candidate.term, start, end, text: text.slice(start, end) };
        const ofTerm = found.get(candidate.index);
        if (ofTerm) ofTerm.push(match);
        else found.set(candidate.index, [match]);
        lastWord.set(candidate.index, last);
      }
    });
    return [...found.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, matches]) => matches)
      .sort((a, b) => a.start - b.start || b.end - a.end);
  };
}
