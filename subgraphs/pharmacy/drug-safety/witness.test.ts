import { describe, expect, it } from "vitest";
import { MAX_WITNESS, personKey, witnessLengthProblem, witnessProblem } from "./witness.js";

describe("witnessProblem", () => {
  it.each([
    ["PHARM1A", ["pharm1a"]],
    ["pharm1a\u200b", ["pharm1a"]],
    ["\ufeffpharm\u00ad1a\u2060", ["pharm1a"]],
    ["ｐｈａｒｍ１ａ", ["pharm1a"]],
    ["pharm. nakato", ["someone", "Pharm. Nakato"]],
    ["PHARM  NAKATO", [null, "Pharm. Nakato"]],
    ["Pharm Nakató", ["Pharm. Nakato"]],
    ["straße", ["STRASSE"]],
  ])("refuses %j as the witness of %j", (witness, recorders) => {
    expect(witnessProblem(witness, recorders)).toMatch(/another member of staff/);
  });

  it.each(["...", "\u200b\u200b", " - "])("refuses %j: it names nobody", (witness) => {
    expect(witnessProblem(witness, ["pharm1a"])).toMatch(/must name a person/);
  });

  it.each([
    ["pharm1b", ["pharm1a", "P. Achieng"]],
    ["Nakato", ["Pharm. Nakato"]],
  ])("accepts %j as the witness of %j", (witness, recorders) => {
    expect(witnessProblem(witness, recorders)).toBeNull();
  });

  it("keys keep letters and digits of any script", () => {
    expect(personKey("Ökello  O.")).toBe("okelloo");
    expect(personKey("Ṡ-12")).toBe("s12");
  });
});

describe("witnessLengthProblem", () => {
  it.each([1, 199, MAX_WITNESS])("takes a name of %i characters", (n) => {
    expect(witnessLengthProblem("w".repeat(n))).toBeNull();
  });
  it.each([MAX_WITNESS + 1, 1000])("refuses a name of %i characters with the limit", (n) => {
    expect(witnessLengthProblem("w".repeat(n))).toBe("must be at most 200 characters");
  });
});
