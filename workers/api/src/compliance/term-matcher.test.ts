/**
 * The term matcher (docs/decisions/085-linear-term-matching.md): crafted lyrics that made the regular
 * expressions it replaced backtrack for minutes are screened in milliseconds, and on ordinary lyrics it
 * finds exactly what those expressions found — same words, same offsets — checked against the old
 * matcher kept as an oracle (./regex-term-matcher.test-support.ts) on the demo catalogue's lyrics, hand-written
 * lyrics with obfuscations, and random short texts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_SONGS } from "../../../../scripts/demo/catalogue.ts";
import { compileTerms, type MatchableTerm } from "./term-matcher";
import { compileTerms as regexCompileTerms } from "./regex-term-matcher.test-support";

const terms = (...words: string[]): MatchableTerm[] => words.map((term) => ({ term, language: "en" }));

/** Term lists as operators keep them: violence, contraband and gang words, English and Spanish, single words and phrases. */
const LISTS: MatchableTerm[] = [
  ...terms("kill", "shoot", "shank", "illicit", "lil", "gang", "glock", "zorvex", "blood in blood out", "still"),
  ...["plata", "plomo", "cárcel", "pistola fría", "cuchillo", "sicario", "la eme", "quórax", "mota", "muerte", "canción"].map((term) => ({
    term,
    language: "es",
  })),
];

const LYRICS: string[] = [
  ...DEMO_SONGS.flatMap((song) => (song.lyrics ? [song.lyrics.text] : [])),
  "I will KILL the lights, skill and killer and killjoy\nk1ll kiiiill k!ll, still st1ll 5t1ll",
  "Salí de la CARCEL ayer, la cárcel, una pistola   fria, pistola-fría, pistola_fria.\nencarcelado en mi canción",
  "5h00t $hoot sh0oot 5h00ter, pl4t@ p1ata plomo pl0m0\nsh@nk the shank, SHANK'd",
  "Lil homie, l1l one, lll, 1l1, iii, ki11 k11 i11icit 1ll1c1t illicit ILLICIT",
  "blood in blood out, blood-in-blood-out, blood  in\nblood out, blood in blood in blood out",
  "El Sicario de LA EME, la   eme, la-eme, mota, m0ta, muerte, MUERTE, müerte",
  "Ñandú en la cárcel hoy, cuchillo cuch1llo cuchiiiillo, quórax quorax QUORAX",
  "we ride with the Z0RVEX crew\ntonight, zorvex zorvexes zor vex",
  "glock gl0ck g1ock, gang gangs g4ng g@ng ganggg",
];

const oracle = regexCompileTerms(LISTS);
const linear = compileTerms(LISTS);
const plain = (found: { term: MatchableTerm; start: number; end: number; text: string }[]) =>
  found.map(({ term, start, end, text }) => ({ term: term.term, start, end, text }));

/** Lyrics built so the old expressions try every way of splitting a run of 1s between the letters of "illicit". */
const CRAFTED = {
  "a run of 1s": "1".repeat(10_000),
  "an i and a run of 1s": "i" + "1".repeat(9_999),
  "1s and l1 pairs": "i" + "l1".repeat(4_999) + "1",
  "a run of 1s ending in a c": "1".repeat(9_999) + "c",
};

describe("the term matcher", () => {
  it("screens 10,000 crafted characters in under 50 ms of CPU (the regular expressions took minutes)", () => {
    const find = compileTerms(terms("illicit", "kill", "lil"));
    // Compiled code, not the interpreter's first pass.
    for (let i = 0; i < 5; i++) for (const text of Object.values(CRAFTED)) find(text.slice(0, 2_000));
    for (const [name, text] of Object.entries(CRAFTED)) {
      expect(text.length, name).toBe(10_000);
      // CPU time, as a Worker is limited: other processes on a shared machine do not count. The fastest of three runs.
      const runs = [0, 1, 2].map(() => {
        const started = process.cpuUsage();
        find(text);
        const { user, system } = process.cpuUsage(started);
        return (user + system) / 1000;
      });
      expect(Math.min(...runs), name).toBeLessThan(50);
    }
  });

  it("finds what the regular expressions found in ordinary lyrics: the same words at the same offsets", () => {
    let compared = 0;
    for (const lyrics of LYRICS) {
      expect(plain(linear(lyrics)), lyrics).toEqual(plain(oracle(lyrics)));
      compared += oracle(lyrics).length;
    }
    // The corpus does find words (an empty comparison proves nothing).
    expect(compared).toBeGreaterThan(50);
  });

  it("finds what the regular expressions found in random short texts of letters, stand-ins, accents and separators", () => {
    const letters = fc.constantFrom(..."aeilostkcnr", ..."0134571", "@", "$", "á", "í", "ñ", "Ñ", "e\u0301", "K", "L", "I");
    const separators = fc.constantFrom(" ", "  ", "-", "'", ".", "_", "\n", "\u00a0", "!", ",", "¿", "\u0301");
    const word = fc.array(letters, { minLength: 1, maxLength: 6 }).map((chars) => chars.join(""));
    const text = fc.array(fc.oneof(word, separators), { maxLength: 12 }).map((parts) => parts.join(""));
    const term = fc.array(word, { minLength: 1, maxLength: 2 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), text, (words, lyrics) => {
        const list = terms(...words);
        expect(plain(compileTerms(list)(lyrics))).toEqual(plain(regexCompileTerms(list)(lyrics)));
      }),
      { numRuns: 1_000 },
    );
  });

  it("gives offsets into the text as written after an emoji (the regular expressions' offsets slipped there)", () => {
    const find = compileTerms(terms("kill"));
    expect(plain(find("🔥 kill 🔥 KILL"))).toEqual([
      { term: "kill", start: 3, end: 7, text: "kill" },
      { term: "kill", start: 11, end: 15, text: "KILL" },
    ]);
  });

  it("tells 1 for i from 1 for l, letter by letter", () => {
    const find = compileTerms(terms("kit", "illicit"));
    expect(plain(find("k1t klt kit i11icit 1ll1c1t i1l1c1t iiicit")).map((m) => m.text)).toEqual(["k1t", "kit", "i11icit", "1ll1c1t", "i1l1c1t"]);
  });
});
