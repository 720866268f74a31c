import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractEntities } from "./extraction.engine.js";
import { loadVocabulary } from "./vocabulary.js";

/**
 * The codes the vocabulary gives, checked against the sources the build read: every ICD-10-CM code a
 * complete code (no subdivision in the tabular), no LOINC code of another specimen for a bare analyte
 * name, and each corrected term pinned to the code its source gives (the ICD-10-CM FY2025 index entry
 * or LOINC long common name is named beside it).
 */
const dir = new URL("../knowledge/vocabularies/", import.meta.url);
const rows = readFileSync(new URL("terms.tsv", dir), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t") as [string, string, string, string, string]);
const codeOf = (type: string, term: string) => rows.find(([t, w]) => t === type && w === term)?.[2];
const icdCodes = [...loadVocabulary().icd10Codes].sort();

describe("ICD-10-CM codes in the vocabulary", () => {
  it("are complete codes: none is a category with subdivisions (Official Guidelines I.B.2)", () => {
    const coded = rows.filter(([type, , code]) => type === "diagnosis" && code);
    const categories = new Set<string>();
    for (let i = 0; i + 1 < icdCodes.length; i++) if (icdCodes[i + 1].startsWith(icdCodes[i])) categories.add(icdCodes[i]);
    expect(categories.has("I82.40") && categories.has("N18.3") && categories.has("B37.3") && categories.has("O14.1")).toBe(true);
    const offenders = coded.filter(([, , code]) => categories.has(code)).map(([, term, code]) => `${term} → ${code}`);
    expect(offenders).toEqual([]);
  });

  it.each([
    // term, code, the source's words (ICD-10-CM FY2025 index or tabular)
    // Splenomegaly (R16.1) is typed a symptom since 2026-11-28 (an examination finding): see heldout-3-classes.test.ts.
    ["obstructed labour", "O66.9", "Index: Delivery, complicated by, obstructed labor, due to dystocia O66.9"],
    ["prolonged active phase", "O63.0", "Index: Prolonged, labor, first stage O63.0"],
    ["hellp", "O14.20", "Index: Syndrome, HELLP O14.2-; tabular O14.20 unspecified trimester"],
    ["cpd", "O33.9", "Index: Pregnancy, complicated by, disproportion O33.9"],
    ["fetal distress", "O77.9", "Index: Stress, fetal, complicating pregnancy O77.9"],
    ["preterm", "P07.30", "Index: Preterm, newborn P07.30"],
    ["lvh", "I51.7", "Index: Hypertrophy, ventricle: see also Hypertrophy, cardiac I51.7"],
    ["hypertensive nephropathy", "I12.9", "Index: Nephropathy, hypertensive: see Hypertension, kidney I12.9"],
    ["central perforation", "H72.00", "Index: Perforation, tympanum, central H72.0-; H72.00 unspecified ear"],
    ["csom", "H66.3X9", "Index: Otitis, media, suppurative, chronic H66.3; H66.3X9 unspecified ear"],
    ["adenotonsillar hypertrophy", "J35.3", "Index: Hypertrophy, tonsils, with adenoids J35.3"],
    ["caries", "K02.9", "Index: Caries, dental K02.9"],
    ["senile cataract", "H25.9", "Index: Cataract, senile H25.9"],
    ["perforated appendix", "K35.32", "Index: Appendicitis, with perforation NOS K35.32"],
    ["cannabis-induced psychotic disorder", "F12.959", "Index: Use, cannabis, with psychosis F12.959"],
    ["renal failure", "N19", "Index: Failure, renal N19"],
    ["head injury", "S09.90", "Index: Injury, head S09.90 (S06.9- only 'with loss of consciousness'); 7th character not shipped"],
    ["rheumatic heart disease", "I09.9", "Index: Disease, heart, rheumatic (chronic) I09.9"],
    ["rhd", "I09.9", "same"],
    ["rheumatic mitral valve disease", "I05.9", "Tabular: I05.9 Rheumatic mitral valve disease, unspecified"],
    ["dilated cardiomyopathy", "I42.0", "Index: Cardiomyopathy, dilated I42.0"],
    ["cardiomyopathy", "I42.9", "Index: Cardiomyopathy I42.9"],
    ["nstemi", "I21.4", "Index: Infarct, myocardium, non-ST elevation (NSTEMI) I21.4"],
    ["stemi", "I21.3", "Index: Infarct, myocardium, ST elevation (STEMI) I21.3"],
    ["myocardial infarction", "I21.9", "Index: Infarct, myocardium I21.9"],
    ["bronchopneumonia", "J18.0", "Index: Pneumonia, broncho- J18.0"],
    ["lobar pneumonia", "J18.1", "Index: Pneumonia, lobar J18.1"],
    ["status asthmaticus", "J45.902", "Index: Asthma, with status asthmaticus J45.902"],
    ["emphysema", "J43.9", "Index: Emphysema J43.9"],
    ["chronic bronchitis", "J42", "Index: Bronchitis, chronic J42"],
    ["copd", "J44.9", "Tabular: J44.9"],
    ["bacteremia", "R78.81", "Index: Bacteremia R78.81 (A41.9 is sepsis)"],
    ["sepsis", "A41.9", "Tabular: A41.9 Sepsis, unspecified organism"],
    ["hiv positive", "Z21", "Index: HIV, positive, seropositive Z21; Guidelines I.C.1.a.2.d"],
    ["hiv+", "Z21", "same"],
    ["pos hiv", "Z21", "same"],
    ["hiv", "B20", "Index: HIV B20"],
    ["hiv disease", "B20", "Index: Disease, human immunodeficiency virus (HIV) B20"],
    ["aids", "B20", "Guidelines I.C.1.a.2.d: AIDS or HIV disease is B20"],
    ["advanced hiv disease", "B20", "same"],
    ["pernicious anaemia", "D51.0", "Index: Anemia, pernicious D51.0"],
    ["pernicious anemia", "D51.0", "same"],
    ["acute gastritis", "K29.00", "Index: Gastritis, acute K29.00"],
    ["chronic gastritis", "K29.50", "Index: Gastritis, chronic K29.50"],
    ["gastritis", "K29.70", "Index: Gastritis K29.70"],
    ["hepatitis b", "B19.10", "Index: Hepatitis, viral, type B B19.10 (chronic is B18.1)"],
    ["chronic hepatitis b", "B18.1", "Index: Hepatitis, viral, chronic, type B B18.1"],
    ["dvt", "I82.409", "Tabular: I82.40 has subdivisions; I82.409 unspecified lower extremity"],
    ["ckd 3", "N18.30", "Tabular: N18.3 has subdivisions; N18.30 stage 3 unspecified"],
    ["vaginal candidiasis", "B37.31", "Index: Candidiasis, vagina (acute) B37.31"],
    ["vaginal thrush", "B37.31", "same"],
    ["severe pre-eclampsia", "O14.10", "Tabular: O14.1 has subdivisions; O14.10 unspecified trimester"],
    ["concussion", "S06.0X9", "Index: Concussion S06.0X9"],
    ["amoebiasis", "A06.9", "Index: Amebiasis A06.9 (A06.0 is acute amebic dysentery)"],
    ["amoebic dysentery", "A06.0", "Tabular: A06.0 Acute amebic dysentery"],
    ["appendicitis", "K37", "Index: Appendicitis K37"],
    ["acute appendicitis", "K35.80", "Tabular: K35.80 Unspecified acute appendicitis"],
    ["hypercholesterolaemia", "E78.00", "Index: Hypercholesterolemia (pure) E78.00"],
    ["incomplete abortion", "O03.4", "Index: Abortion, incomplete O03.4"],
    ["neurocysticercosis", "B69.0", "Index: Neurocysticercosis B69.0"],
  ])("codes %s as %s (%s)", (term, code) => {
    expect(codeOf("diagnosis", term)).toBe(code);
  });

  it("leaves a term uncoded when ICD-10-CM needs what the words do not say", () => {
    // Intracranial injury (S06.9X-) is coded by loss of consciousness; "TBI" does not say.
    expect(codeOf("diagnosis", "traumatic brain injury")).toBe("");
    expect(codeOf("diagnosis", "tbi")).toBe("");
    // Oedematous malnutrition: the index names kwashiorkor (E40), not oedema; the eruption of HIV has no entry.
    expect(codeOf("diagnosis", "severe acute malnutrition with oedema")).toBe("");
    expect(codeOf("diagnosis", "papular pruritic eruption")).toBe("");
  });
});

describe("LOINC codes in the vocabulary", () => {
  /** The specimen a LOINC long common name states, or null (as scripts/build-vocabularies.ts reads it). */
  const specimen = (name: string) => {
    const m = /\] (?:\([^)]*\) )?(?:in|of|on) (.+)$/.exec(name) ?? / panel.* - (.+)$/.exec(name);
    return m ? m[1].split(/ by | --| from | Narrative| Nominal/)[0].trim() : null;
  };

  it("never give a bare analyte name the code of another specimen (stool, urine, CSF, swab…)", () => {
    const offenders = rows
      .filter(([type, , code]) => type === "lab_test" && code)
      .filter(([, term, , display]) => {
        const s = specimen(display);
        if (!s || /\b(Serum|Plasma|Blood|RBC|Red Blood Cells|DBS)\b/i.test(s) || /^Specimen$/i.test(s)) return false;
        // A term that names the specimen ("urine culture", "stool for ova and parasites") may have it.
        const named = s.toLowerCase().split(/\s+/).some((w) => w.length > 3 && term.includes(w));
        const lexiconNamesTest = /\b(urine|stool|sputum|csf|upt|pregnancy|urinalysis|ua|dipstick|h\.? pylori|hpsa|r\/e|mcs|c&s)\b/.test(term);
        return !named && !lexiconNamesTest;
      })
      .map(([, term, code, display]) => `${term} → ${code} ${display}`);
    expect(offenders).toEqual([]);
    expect(codeOf("lab_test", "neutrophils")).toBe("");
    expect(codeOf("lab_test", "bacteria")).toBe("");
  });

  it.each([
    ["lfts", "24325-3", "Hepatic function 2000 panel - Serum or Plasma"],
    ["lft", "24325-3", "same"],
    ["liver function tests", "24325-3", "same"],
    ["cmp", "24323-8", "Comprehensive metabolic 2000 panel - Serum or Plasma"],
    ["vdrl", "5292-8", "Reagin Ab [Presence] in Serum by VDRL"],
    ["rpr", "20507-0", "Reagin Ab [Presence] in Serum by RPR"],
    ["tpha", "24312-1", "Treponema pallidum Ab [Presence] in Serum by Agglutination"],
    ["treponemal test", "22587-0", "Treponema pallidum Ab [Presence] in Serum"],
    ["blood group", "882-1", "ABO and Rh group [Type] in Blood"],
    ["gxm", "882-1", "same"],
    ["abo group", "883-9", "ABO group [Type] in Blood"],
    ["bnp", "30934-4", "Natriuretic peptide B [Mass/volume] in Serum or Plasma"],
    ["nt-probnp", "33762-6", "Natriuretic peptide.B prohormone N-Terminal [Mass/volume] in Serum or Plasma"],
    ["troponin i", "10839-9", "Troponin I.cardiac [Mass/volume] in Serum or Plasma"],
    ["cbc with differential", "69742-5", "CBC W Differential panel, method unspecified - Blood"],
    ["electrolytes", "24326-1", "Electrolytes 1998 panel - Serum or Plasma"],
    ["renal function tests", "24362-6", "Renal function 2000 panel - Serum or Plasma"],
    ["urine protein", "2888-6", "Protein [Mass/volume] in Urine"],
    ["total protein", "2885-2", "Protein [Mass/volume] in Serum or Plasma"],
    ["urine pregnancy test", "2106-3", "Choriogonadotropin (pregnancy test) [Presence] in Urine"],
  ])("codes %s as %s (%s)", (term, code) => {
    expect(codeOf("lab_test", term)).toBe(code);
  });

  it.each([
    ["protein", "urine dipstick pad or serum test (lab-loinc-units.json specimen_ambiguous)"],
    ["ketones", "same"],
    ["hcg", "urine or serum, qualitative or quantitative"],
    ["serum hcg", "qualitative or quantitative"],
    ["beta hcg", "same"],
    ["troponin", "troponin I or T"],
    ["syphilis test", "treponemal or non-treponemal"],
    ["syphilis rdt", "same"],
  ])("leaves %s uncoded (%s)", (term) => {
    expect(codeOf("lab_test", term)).toBe("");
  });

  it("never gives urine protein the serum protein code in a note", () => {
    const v = loadVocabulary();
    for (const text of ["Urine protein +++", "Urine protein 3+.", "Urinalysis: protein 1+", "protein +++"]) {
      const labs = extractEntities(v, text).entities.filter((e) => e.type === "lab_test");
      for (const e of labs) expect(e.code, `${text}: ${e.text}`).not.toBe("2885-2");
    }
  });
});
