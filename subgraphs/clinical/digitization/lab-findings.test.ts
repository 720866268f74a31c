import { describe, expect, it } from "vitest";
import { fhirOf, validateFhir } from "./fhir.test-support.js";
import { parseLabResults } from "./lab-results.js";

/**
 * Word-only results (lab-findings.ts; docs/decisions/clinical.md, "word-only results (digitization)"),
 * tested on wordings that are in no blind set: each kind with and without a label, the printed normal, the
 * specimen, section and isolate number, the lines that must never become findings, and the FHIR output.
 */
const findingsOf = (...lines: string[]) => parseLabResults(lines.join("\n")).findings.map((f) => [f.kind, f.name, f.valueText]);

describe("a word-only result is a finding of its kind", () => {
  it.each([
    // Organisms, with and without "isolated" / "grown", labelled or not.
    ["Organism isolated: Proteus mirabilis", ["organism", "Organism isolated", "Proteus mirabilis"]],
    ["Organism grown - Enterococcus faecalis", ["organism", "Organism grown", "Enterococcus faecalis"]],
    ["Culture: Pure growth of Salmonella typhi", ["organism", "Culture", "Pure growth of Salmonella typhi"]],
    ["Urine culture = Proteus vulgaris", ["organism", "Urine culture", "Proteus vulgaris"]],
    ["Acinetobacter baumannii isolated", ["organism", "Culture", "Acinetobacter baumannii isolated"]],
    ["Moderate growth of Candida albicans", ["organism", "Culture", "Moderate growth of Candida albicans"]],
    ["Organism: Streptococcus pneumoniae", ["organism", "Organism", "Streptococcus pneumoniae"]],
    // No growth.
    ["No growth after 48 h", ["no_growth", "Culture", "No growth after 48 h"]],
    ["Blood culture: No bacterial growth after 5 days of incubation", ["no_growth", "Blood culture", "No bacterial growth after 5 days of incubation"]],
    ["Culture - Sterile after 72 hours", ["no_growth", "Culture", "Sterile after 72 hours"]],
    // Gram stains.
    ["Gram positive cocci in clusters", ["gram_stain", "Gram stain", "Gram positive cocci in clusters"]],
    ["Gram's stain: Gram-negative coccobacilli", ["gram_stain", "Gram's stain", "Gram-negative coccobacilli"]],
    ["Gram reaction - Gram -ve diplococci", ["gram_stain", "Gram reaction", "Gram -ve diplococci"]],
    ["Gram stain: Budding yeast cells", ["gram_stain", "Gram stain", "Budding yeast cells"]],
    // Blood group and crossmatch.
    ["Blood group: AB Rh negative", ["blood_group", "Blood group", "AB Rh negative"]],
    ["ABO group: B", ["blood_group", "ABO group", "B"]],
    ["Blood Group & Rh - A positive", ["blood_group", "Blood Group & Rh", "A positive"]],
    ["Blood grouping B RhD negative", ["blood_group", "Blood grouping", "B RhD negative"]],
    ["Cross-match: Compatible", ["crossmatch", "Cross-match", "Compatible"]],
    ["Crossmatch result - Incompatible", ["crossmatch", "Crossmatch result", "Incompatible"]],
    // Appearance.
    ["Appearance: turbid", ["appearance", "Appearance", "turbid"]],
    ["Urine colour: Dark yellow", ["appearance", "Urine colour", "Dark yellow"]],
    ["Consistency - Watery with mucus", ["appearance", "Consistency", "Watery with mucus"]],
    ["CSF appearance = Clear, colourless", ["appearance", "CSF appearance", "Clear, colourless"]],
    // Species, stage, microscopy in words.
    ["Malaria species: P. vivax", ["species", "Malaria species", "P. vivax"]],
    ["Species - Plasmodium ovale", ["species", "Species", "Plasmodium ovale"]],
    ["Stages seen: Trophozoites and schizonts", ["morphology", "Stages seen", "Trophozoites and schizonts"]],
    ["Wet mount: Trichomonas vaginalis seen", ["other", "Wet mount", "Trichomonas vaginalis seen"]],
    ["KOH prep: Fungal hyphae seen", ["other", "KOH prep", "Fungal hyphae seen"]],
    ["Thick film: Gametocytes of P. falciparum seen", ["other", "Thick film", "Gametocytes of P. falciparum seen"]],
    ["Clue cells: Seen in moderate numbers", ["other", "Clue cells", "Seen in moderate numbers"]],
    ["Isolated: Citrobacter freundii", ["organism", "Isolated", "Citrobacter freundii"]],
    ["Rhesus: D negative", ["blood_group", "Rhesus", "D negative"]],
  ])("%s", (line, expected) => {
    expect(findingsOf(line)).toEqual([expected]);
  });
});

describe("words that are not results never become findings", () => {
  it.each([
    "Specimen: Urine",
    "Sample: High vaginal swab   Received: 02/12/2026",
    "MICROBIOLOGY DEPARTMENT",
    "URINE CULTURE AND SENSITIVITY",
    "Culture: To follow",
    "Culture: Pending",
    "Culture: Sample rejected, please repeat",
    "Culture: Repeat sample advised",
    "Organism: see attached sheet",
    "Gram stain: Not done",
    "Appearance: ______",
    "Blood group: to be repeated",
    "Comment: Growth of skin flora suggests contamination",
    "Remarks: Isolate the patient and inform infection control",
    "Clinical notes: Fever and dysuria for 3 days",
    "Reported by: J. Ochieng (Microbiologist)",
    "Verified: Dr. Amina Hassan",
    "Test  Result  Normal",
    "Organisms such as these are common contaminants.",
  ])("%s", (line) => {
    expect(findingsOf(line)).toEqual([]);
  });

  it("a grade stays a test (nothing that was charted moves out)", () => {
    const r = parseLabResults("Rhesus (D): Negative\nHIV 1&2: Non-reactive\nMucus: Absent");
    expect(r.tests.map((t) => [t.name, t.valueText])).toEqual([
      ["Rhesus (D)", "Negative"],
      ["HIV 1&2", "Non-reactive"],
      ["Mucus", "Absent"],
    ]);
    expect(r.findings).toEqual([]);
  });
});

describe("a finding's normal, specimen, section and isolate", () => {
  it("a printed normal after the finding, with the report's gaps or without them", () => {
    const gapped = parseLabResults("STOOL EXAMINATION\nTest      Result      Normal\nConsistency      Watery      Formed\nOva      Schistosoma mansoni ova seen      Not seen").findings;
    expect(gapped.map((f) => [f.name, f.valueText, f.reference, f.abnormalFlag, f.section])).toEqual([
      ["Consistency", "Watery", "Formed", "A", "STOOL EXAMINATION"],
      ["Ova", "Schistosoma mansoni ova seen", "Not seen", "A", "STOOL EXAMINATION"],
    ]);
    // pdf.js joins cells with one space: a finding then a grade, or two appearance words under a Normal column.
    const joined = parseLabResults("Test Result Normal\nConsistency Soft Formed\nCysts Giardia lamblia cysts seen Nil").findings;
    expect(joined.map((f) => [f.valueText, f.reference, f.abnormalFlag])).toEqual([
      ["Soft", "Formed", "A"],
      ["Giardia lamblia cysts seen", "Nil", "A"],
    ]);
    // Without a Normal column, "Pale yellow" is one colour, not a result and its normal.
    expect(parseLabResults("Colour Pale yellow").findings.map((f) => [f.valueText, f.reference])).toEqual([["Pale yellow", null]]);
  });

  it("the specimen up to the next label, the section heading, the isolate number", () => {
    const f = parseLabResults(
      ["WOUND CULTURE", "Specimen: Pus aspirate (thigh)   Collected: 01/12/2026 10:00", "Isolate 1: Escherichia coli", "Organism 2 - Klebsiella oxytoca", "Culture: No growth of anaerobes"].join("\n"),
    ).findings;
    expect(f.map((x) => [x.kind, x.specimen, x.section, x.isolate])).toEqual([
      ["organism", "Pus aspirate (thigh)", "WOUND CULTURE", 1],
      ["organism", "Pus aspirate (thigh)", "WOUND CULTURE", 2],
      ["no_growth", "Pus aspirate (thigh)", "WOUND CULTURE", null],
    ]);
  });

  it("a finding listed among results on one line", () => {
    const r = parseLabResults("Vaginal wet mount: epithelial cells many, yeast cells seen, T. vaginalis not seen");
    expect(r.tests.map((t) => [t.name, t.valueText])).toEqual([
      ["epithelial cells", "Many"],
      ["T. vaginalis", "Not seen"],
    ]);
    expect(r.findings.map((f) => [f.kind, f.name, f.valueText])).toEqual([["other", "yeast cells", "seen"]]);
  });

  it("crossmatch rows under a crossmatch heading are named by the unit", () => {
    const f = parseLabResults("COMPATIBILITY TESTING (CROSSMATCH)\nDonor unit  Group  Result\nUBTS/2026/00417  A Neg  Compatible\nUBTS/2026/00422  A Neg  Incompatible").findings;
    expect(f.map((x) => [x.kind, x.name, x.valueText])).toEqual([
      ["crossmatch", "Crossmatch (unit UBTS/2026/00417)", "Compatible"],
      ["crossmatch", "Crossmatch (unit UBTS/2026/00422)", "Incompatible"],
    ]);
    // Outside a crossmatch part, a row ending in "Compatible" is nobody's crossmatch.
    expect(parseLabResults("UBTS/2026/00417  A Neg  Compatible").findings).toEqual([]);
  });
});

describe("FHIR: a finding is an Observation with valueString, in the DiagnosticReport's results", () => {
  it("valid FHIR R4, linked, with its interpretation, normal and notes", () => {
    const parsed = parseLabResults(["Specimen: Urine (catheter)", "Haemoglobin 10.2 g/dL (12.0-16.0)", "Isolate 1: Pseudomonas aeruginosa", "Test Result Normal", "Ova Hookworm ova seen Not seen"].join("\n"));
    const resources = fhirOf(parsed.tests, parsed.findings);
    for (const r of resources) expect(validateFhir(r), JSON.stringify(validateFhir.errors)).toBe(true);
    const observations = resources.filter((r) => r.resourceType === "Observation");
    const report = resources.find((r) => r.resourceType === "DiagnosticReport") as unknown as { result: { reference: string }[] };
    expect(report.result.map((x) => x.reference)).toEqual(observations.map((o) => `urn:uuid:${o.id}`));
    const [, organism, ova] = observations;
    expect(organism).toMatchObject({ code: { text: "Isolate 1" }, valueString: "Pseudomonas aeruginosa", note: [{ text: "Specimen: Urine (catheter); Isolate 1; Kind: organism" }] });
    expect(organism).not.toHaveProperty("valueQuantity");
    expect(ova).toMatchObject({ valueString: "Hookworm ova seen", referenceRange: [{ text: "Not seen" }], interpretation: [{ coding: [{ code: "A" }] }] });
  });
});
