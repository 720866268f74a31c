import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repairOcrDigits } from "./lab-numbers.js";
import { parseLabResults, type LabResult } from "./lab-results.js";

/**
 * OCR of a phone photo of a printed report: digit look-alikes (O/o for 0, l/I for 1) in values, ranges and
 * units, decimal commas, stray "_" "~" "|" around cells, columns merged by single spaces. The reader repairs
 * a look-alike only in a digit context and never invents a value (docs/decisions/clinical.md, session 20).
 */
const read = (line: string) => parseLabResults(line).tests;
const summary = (t: LabResult) => ({ name: t.name, value: t.value, unit: t.unit, reference: t.reference?.replace(/,/g, "."), flag: t.abnormalFlag });

describe("a look-alike after the digits is a 1 when a unit follows (a value has one unit)", () => {
  it.each([
    ["Urea nitrogen  2l  mg/dL  7 - 20  H", 21, "mg/dL"],
    ["Phosphate 1l mg/dl 2.5-4.5 H", 11, "mg/dl"],
    ["Lymphocytes  3l  %  20 - 45", 31, "%"],
    ["MCV  8l  fL  80 - 100", 81, "fL"],
  ])("%s", (line, value, unit) => {
    expect(read(line)[0]).toMatchObject({ value, unit });
  });
  it("a number followed by l and no unit stays as written (two litres is not 21)", () => {
    expect(repairOcrDigits("Urine output  2l  per day")).toBe("Urine output  2l  per day");
  });
});

describe("stray marks at a number cell's edges are not part of it", () => {
  it.each([
    ["Bilirubin total  ~2O  umol/L  0 - 21", 20],
    ["Amylase  _3l2_  U/L  28 - 100  H", 312],
    ["Lipase __61__ U/L 13-60 H", 61],
    ["Ferritin  88~  ng/mL  30 - 400", 88],
  ])("%s", (line, value) => {
    expect(read(line)[0]).toMatchObject({ value });
  });
  it("a rule of underscores or a tilde before a word is left alone", () => {
    expect(repairOcrDigits("________ ~Remarks")).toBe("________ ~Remarks");
  });
});

describe("a name word that starts with a digit is part of the name", () => {
  it.each([
    ["25-OH Vit D  62  nmol/L  75 - 250  L", "25-OH Vit D", 62],
    ["Vit D (25-OH)  81  nmol/L  75 - 250", "Vit D (25-OH)", 81],
    ["Vitamin D total 25OH 30 ng/mL 30-100", "Vitamin D total 25OH", 30],
  ])("%s", (line, name, value) => {
    expect(read(line)[0]).toMatchObject({ name, value });
  });
});

describe("a name hyphenated at the end of a line is joined with its rest", () => {
  it.each([
    ["Gluco-\nse fasting  5.4  mmol/L  3.9 - 5.6", "Glucose fasting", 5.4],
    ["Lactate dehydro-\ngenase  3O5  U/L  135 - 225  H", "Lactate dehydrogenase", 305],
    ["Magne-\n  sium  O.9l  mmol/L  0.66 - 1.07", "Magnesium", 0.91],
  ])("%s", (text, name, value) => {
    expect(parseLabResults(text).tests[0]).toMatchObject({ name, value });
  });
  it("a hyphen before a capital or a line without a number is left as printed", () => {
    expect(parseLabResults("Anti-\nHBs  12  mIU/mL  >10").tests.map((t) => t.name)).not.toContain("AntiHBs");
    expect(parseLabResults("Non-\nreactive").tests).toEqual([]);
  });
});

describe("never invents a value", () => {
  it.each(["Haemoglobin  1?.5  g/dL  13.0 - 17.0", "WBC  S.O  x10^9/L  4.0 - 11.0", "Platelets  lOO  x10^9/L  150 - 400"])("%s is not read", (line) => {
    expect(read(line)).toEqual([]);
  });
});

/** Property: a clean printed row and the same row with OCR noise injected are read the same. */
const MMOL = ["mmol/L", "mmo1/L", "mmoI/L"];
const UMOL = ["umol/L", "umo1/L", "umoI/L"];
const PER_L = ["x10^9/L", "x1O^9/L", "x1o^9/L"];
/** Printed rows: name, unit as printed and as OCR reads it, a plausible value span (in tenths when places = 1), the range. */
const ANALYTES: { name: string; units: string[]; min: number; max: number; places: number; range: [string, string] }[] = [
  { name: "Sodium", units: MMOL, min: 115, max: 165, places: 0, range: ["135", "145"] },
  { name: "Potassium", units: MMOL, min: 20, max: 75, places: 1, range: ["3.5", "5.1"] },
  { name: "Urea", units: MMOL, min: 10, max: 400, places: 1, range: ["2.5", "7.8"] },
  { name: "Creatinine", units: UMOL, min: 40, max: 900, places: 0, range: ["62", "106"] },
  { name: "Total bilirubin", units: UMOL, min: 2, max: 400, places: 0, range: ["0", "21"] },
  { name: "Haemoglobin", units: ["g/dL"], min: 40, max: 190, places: 1, range: ["12.0", "16.0"] },
  { name: "WBC", units: PER_L, min: 10, max: 400, places: 1, range: ["4.0", "11.0"] },
  { name: "Platelets", units: PER_L, min: 10, max: 900, places: 0, range: ["150", "400"] },
  { name: "Alanine aminotransferase", units: ["U/L"], min: 5, max: 900, places: 0, range: ["0", "45"] },
  { name: "Neutrophils", units: ["%"], min: 100, max: 950, places: 1, range: ["40", "75"] },
  { name: "Albumin", units: ["g/L"], min: 15, max: 55, places: 0, range: ["35", "52"] },
];
const LOOK_ALIKES: Record<string, string[]> = { "0": ["O", "o"], "1": ["l", "I"] };

/** Swaps digits for look-alikes where the picks say so, keeping at least one real digit in the token. */
function withLookAlikes(token: string, picks: number[]): string {
  const digits = [...token].filter((c) => /\d/.test(c)).length;
  let swapped = 0;
  return [...token]
    .map((c, i) => {
      const options = LOOK_ALIKES[c];
      const pick = picks[i % picks.length];
      if (!options || pick % 3 === 0 || swapped + 1 >= digits) return c;
      swapped++;
      return options[pick % options.length];
    })
    .join("");
}
const row = fc.record({
  analyte: fc.integer({ min: 0, max: ANALYTES.length - 1 }),
  unitVariant: fc.nat(),
  tenths: fc.double({ min: 0, max: 1, noNaN: true }),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  comma: fc.boolean(),
  stray: fc.constantFrom("", "_", "~"),
  merged: fc.boolean(),
  pipes: fc.boolean(),
});

describe("property: OCR noise in a digit context reads back as the clean row", () => {
  it("clean and noisy rows give the same name, value, unit, range and flag", () => {
    fc.assert(
      fc.property(row, (r) => {
        const a = ANALYTES[r.analyte];
        const v = (Math.round(a.min + r.tenths * (a.max - a.min)) / 10 ** a.places).toFixed(a.places);
        const [low, high] = a.range;
        const clean = `${a.name}  ${v}  ${a.units[0]}  ${low} - ${high}`;
        // A decimal comma only where the row has decimals (a comma in "1,250" is another question: lab-numbers.ts).
        const noisy = (s: string) => withLookAlikes(r.comma && a.places ? s.replace(".", ",") : s, r.picks);
        const value = `${r.stray}${noisy(v)}${r.stray === "_" ? "_" : ""}`;
        const cells = [a.name, value, a.units[r.unitVariant % a.units.length], `${noisy(low)} - ${noisy(high)}`];
        const line = r.pipes ? `| ${cells.join(" | ")} |` : cells.join(r.merged ? " " : "  ");
        const expected = read(clean).map(summary);
        expect(expected).toHaveLength(1);
        expect(read(line).map(summary)).toEqual(expected);
      }),
      { numRuns: 400, seed: 20261128 },
    );
  });
});

/** Header and footer lines a photo repeats on each page: identifiers, dates and phone numbers with look-alikes. */
const HEADERS = ["Lab No: 2O26-l1O45  Date: 1O/11/2026", "Patient: Atieno Rose  IP No: O4471", "Tel: O7l2 3O4 5O6  Page 1 of 2", "Reported 2l.11.2026 1O:O5  Verified by: J. Mrema"];

/** The name's last word cut by a hyphen at the end of a line ("Haemo-" / "globin  9.7  g/dL …"); a short word is not cut. */
function hyphenated(name: string, cut: number, tail: string): string[] {
  const words = name.split(" ");
  const last = words.pop()!;
  if (last.length < 5) return [`${name}  ${tail}`];
  const at = 2 + (cut % (last.length - 3));
  return [[...words, `${last.slice(0, at)}-`].join(" "), `${last.slice(at)}  ${tail}`];
}

describe("property: a report photographed with broken rows and repeated headers reads its results and nothing else", () => {
  it("rows broken after the name or hyphenated in it, and headers between rows, give the clean report's results", () => {
    const report = fc.record({
      rows: fc.uniqueArray(fc.record({ analyte: fc.integer({ min: 0, max: ANALYTES.length - 1 }), tenths: fc.double({ min: 0, max: 1, noNaN: true }), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), layout: fc.constantFrom("row", "broken", "hyphenated"), cut: fc.nat() }), { minLength: 1, maxLength: 6, selector: (x) => x.analyte }),
      header: fc.integer({ min: 0, max: HEADERS.length - 1 }),
      repeatAfter: fc.nat(),
    });
    fc.assert(
      fc.property(report, (r) => {
        const clean: string[] = [];
        const noisy: string[] = [HEADERS[r.header]];
        r.rows.forEach((x, i) => {
          const a = ANALYTES[x.analyte];
          const v = (Math.round(a.min + x.tenths * (a.max - a.min)) / 10 ** a.places).toFixed(a.places);
          const tail = `${v}  ${a.units[0]}  ${a.range[0]} - ${a.range[1]}`;
          clean.push(`${a.name}  ${tail}`);
          const noisyTail = `${withLookAlikes(v, x.picks)}  ${a.units[0]}  ${a.range[0]} - ${a.range[1]}`;
          noisy.push(...(x.layout === "broken" ? [a.name, `  ${noisyTail}`] : x.layout === "hyphenated" ? hyphenated(a.name, x.cut, noisyTail) : [`${a.name}  ${noisyTail}`]));
          if (i === r.repeatAfter % r.rows.length) noisy.push(...HEADERS);
        });
        const expected = parseLabResults(clean.join("\n")).tests.map(summary);
        expect(expected).toHaveLength(r.rows.length);
        expect(parseLabResults(noisy.join("\n")).tests.map(summary)).toEqual(expected);
      }),
      { numRuns: 200, seed: 20261128 },
    );
  });
});
