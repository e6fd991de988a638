/**
 * The one CSV writer, read back the way a spreadsheet's import reads it (RFC 4180): every cell comes
 * back as written, and no text cell starts as a formula.
 */
import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import { csvCell, csvLine, csvText } from "./csv";

const parse = (csv: string) => Papa.parse<string[]>(csv, { newline: "\r\n" }).data;

describe("the CSV writer", () => {
  test("commas, quotes and line breaks stay inside their cell, quoted or not", () => {
    const awkward = ['Hello, "World"', "line one\r\nline two", "plain"];
    for (const quoted of [true, false]) {
      expect(parse(csvText([csvLine(awkward, quoted), csvLine(["next"], quoted)]))).toEqual([awkward, ["next"]]);
    }
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  test("quoting is chosen per column: a bare number beside quoted text", () => {
    expect(csvLine(["Ann", 49.99, ""], [true, false, false])).toBe('"Ann",49.99,');
    expect(csvLine(["Ann", 3])).toBe('"Ann","3"');
  });

  test("a text cell a spreadsheet would run gets a leading quote; a negative number stays a number", () => {
    for (const start of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(parse(csvLine([start]))[0]).toEqual([`'${start}`]);
    }
    expect(csvCell(-5, false)).toBe("-5");
  });

  test("lines end in CRLF, the last one only when asked", () => {
    expect(csvText(["a", "b"])).toBe("a\r\nb");
    expect(csvText(["a", "b"], { finalNewline: true })).toBe("a\r\nb\r\n");
  });
});
