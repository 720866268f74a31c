import { describe, expect, it } from "vitest";
import { editDistance } from "../../../lib/spelling.js";
import { correctSpelling, normaliseSpelling, queryUnits, usesSearchSyntax } from "./literature-query.js";
import { topLevelTerms } from "./literature-search.service.js";

/** Classes of wording brought to the corpus's (session 21); none of these wordings is in a blind set. */
describe("British spellings and joined prefixes", () => {
  it.each([
    ["haemoglobin in leukaemia", "hemoglobin in leukemia"],
    ["foetal oedema", "fetal edema"],
    ["oestrogen after post-menopausal bleeding", "estrogen after postmenopausal bleeding"],
    ["sleep apnoea and diarrhoea", "sleep apnea and diarrhea"],
    ["tumour behaviour", "tumor behavior"],
    ["immunisation programme", "immunization program"],
    ["gynaecological exam in non-pregnant women", "gynecological exam in nonpregnant women"],
  ])("%s → %s", (typed, expected) => expect(normaliseSpelling(typed)).toBe(expected));
});

describe("a word the corpus never uses is corrected to its nearest corpus word", () => {
  it.each([
    ["tuberculossis", "tuberculosis"],
    ["mamography", "mammography"],
    ["syphillis", "syphilis"],
  ])("%s → %s", (typed, expected) => expect(correctSpelling(typed)).toBe(expected));
  it("leaves corpus words, short words and far words alone", () => {
    expect(correctSpelling("aspirin")).toBe("aspirin");
    expect(correctSpelling("gout")).toBe("gout");
    expect(correctSpelling("leprosy")).toBe("leprosy");
  });
  it("edit distance counts a transposition as one edit", () => expect(editDistance("hetapitis", "hepatitis", 2)).toBe(2));
});

describe("abbreviations, drug names and lay terms are searched with the corpus's term", () => {
  it.each([
    ["colon cancer in adults", "colon cancer", "colorectal cancer"],
    ["simvastatin", "simvastatin", "statin"],
    ["seniors falling", "seniors", "older adults"],
    ["hep c antibody", "hep c", "hepatitis c"],
    ["EKG in athletes", "ekg", "electrocardiography"],
    ["hyperlipidaemia in adolescents", "hyperlipidemia", "lipid"],
  ])("%s: %s → %s", (typed, unit, alternative) => expect(queryUnits(typed)).toContainEqual({ text: unit, alternatives: [alternative] }));
  it("keeps the words as typed and drops question framing when a subject remains", () => {
    expect(queryUnits("do we offer bone density scans").map((u) => u.text)).toEqual(["do", "we", "bone density", "scans"]);
    expect(queryUnits("prescribe").map((u) => u.text)).toEqual(["prescribe"]);
  });
  it("web-search syntax is left to the text search", () => {
    expect(usesSearchSyntax('"folic acid" -pregnant')).toBe(true);
    expect(usesSearchSyntax("hiv or syphilis")).toBe(true);
    expect(usesSearchSyntax("post-menopausal women")).toBe(false);
  });
});

describe("top-level terms of a tsquery (any mode)", () => {
  it("splits on top-level AND only", () => {
    expect(topLevelTerms("( 'ekg' | 'electrocardiographi' ) & 'athlet'")).toEqual(["( 'ekg' | 'electrocardiographi' )", "'athlet'"]);
    expect(topLevelTerms("'a' | 'b'")).toBeNull();
    expect(topLevelTerms("'single'")).toBeNull();
  });
});
