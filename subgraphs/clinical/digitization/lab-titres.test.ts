import { describe, expect, it } from "vitest";
import { observationsOf } from "./fhir.test-support.js";
import { parseLabResults } from "./lab-results.js";
import { readTitre } from "./lab-titres.js";

describe("titres: the reciprocal of the dilution, the titre as text, flagged only against a printed upper limit", () => {
  it.each([
    // line, name, value, text, reference, flag, flag source
    ["S. typhi O          1:160", "S. typhi O", 160, "1:160", null, null, null],
    ["S. paratyphi BH: 1:20", "S. paratyphi BH", 20, "1:20", null, null, null],
    ["RPR 1:8 (<1:2)", "RPR", 8, "1:8", "<1:2", "H", "reference_range"],
    ["VDRL 1 : 16", "VDRL", 16, "1:16", null, null, null],
    ["Widal TO 1:80 (<1:160)", "Widal TO", 80, "1:80", "<1:160", "N", "reference_range"],
    ["Widal TH 1:160 <1:160", "Widal TH", 160, "1:160", "<1:160", "H", "reference_range"],
    ["Widal TH 1:160 ≤1:160", "Widal TH", 160, "1:160", "≤1:160", "N", "reference_range"],
    ["Brucella abortus: 1:320 <1:80 H", "Brucella abortus", 320, "1:320", "<1:80", "H", "document"],
    ["ANA 1:100 Ref: <1:80", "ANA", 100, "1:100", "<1:80", "H", "reference_range"],
    ["Weil-Felix OXK 1:640", "Weil-Felix OXK", 640, "1:640", null, null, null],
  ])("%s", (line, name, value, text, reference, flag, source) => {
    const { tests, unread } = parseLabResults(line);
    expect(unread).toEqual([]);
    expect(tests.map((t) => [t.name, t.value, t.valueText, t.reference, t.abnormalFlag, t.flagSource, t.unit, t.comparator, t.loincCode])).toEqual([[name, value, text, reference, flag, source, null, null, null]]);
  });

  it("reads only dilutions of a doubling series from 1, 5 or 25 as titres: times and proportions are not", () => {
    for (let n = 2; n <= 5120; n++) {
      let m = n;
      while (m % 2 === 0) m /= 2;
      expect(readTitre(`1:${n}`) !== null, `1:${n}`).toBe(m === 1 || m === 5 || m === 25);
    }
    expect(readTitre("1:0")).toBeNull();
    expect(readTitre("2:160")).toBeNull();
    expect(readTitre("1:160 and above are significant")).toBeNull();
    expect(parseLabResults("Time 1:40").tests).toEqual([]);
    expect(parseLabResults("Interpretation: Titres of 1:160 and above are significant").tests).toEqual([]);
  });

  it("a Widal panel reads every line, and FHIR carries each titre as a Ratio", () => {
    const { tests } = parseLabResults(["WIDAL TEST", "S. typhi O 1:160", "S. typhi H 1:80", "S. paratyphi AH 1:40", "S. paratyphi BH 1:20"].join("\n"));
    expect(tests.map((t) => t.valueText)).toEqual(["1:160", "1:80", "1:40", "1:20"]);
    const values = observationsOf(tests).map((o) => o.valueRatio);
    expect(values).toEqual([160, 80, 40, 20].map((d) => ({ numerator: { value: 1 }, denominator: { value: d } })));
  });
});
