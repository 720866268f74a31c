import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv from "ajv";
import { pdfWithText } from "../support/pdf.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

/**
 * Ordinal results and the "verify" plausibility tier through REST, end to end (docs/decisions/clinical.md,
 * "Document digitization", 2026-11-28): a urinalysis PDF's grades come back with value_text and as FHIR
 * valueString; "Glucose 450 mmol/L" is read with a warning to verify it; censored results ("<40") keep their
 * comparator (2026-11-28, session 16); word-only results (organism, Gram stain, blood group) come back in
 * extracted_data.findings and as FHIR valueString Observations (2026-11-28, session 17).
 */
const require = createRequire(import.meta.url);
let stack: Stack;
let lab: string;
const PATH = "/api/v1/document-digitization/process/";

async function digitize(lines: string[]) {
  const f = new FormData();
  f.set("document", new Blob([new Uint8Array(await pdfWithText(lines))], { type: "application/pdf" }), "urine.pdf");
  f.set("document_type", "lab_report");
  const res = await fetch(stack.url + PATH, { method: "POST", headers: { authorization: `Bearer ${lab}` }, body: f });
  return { status: res.status, body: await res.json() };
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
const { id: _schemaId, ...fhirSchema } = JSON.parse(readFileSync(new URL("../fixtures/fhir/fhir-r4-subset.schema.json", import.meta.url), "utf8"));
const validateFhir = ajv.compile(fhirSchema);

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: "digitize-grades" });
});
afterAll(() => stack?.stop());

describe("urinalysis grades through REST", () => {
  it("charts dipstick and microscopy grades with value_text, flags them against a printed reference, and sends valueString to FHIR", async () => {
    const res = await digitize(["URINALYSIS REPORT", "Specimen: urine", "Protein: ++ (Negative)", "Glucose: Trace (Negative)", "Nitrite: Negative (Negative)", "Epithelial cells: few", "Specific gravity 1.020", "Pus cells 8-10/hpf (0-5)"]);
    expect(res.status).toBe(200);
    expect(res.body.classification.type).toBe("lab_report");
    expect(res.body.extracted_data.tests.map((t: Record<string, unknown>) => [t.name, t.value, t.value_text, t.reference, t.abnormal_flag])).toEqual([
      ["Protein", 2, "2+", "Negative", "A"],
      ["Glucose", 0.5, "Trace", "Negative", "A"],
      ["Nitrite", 0, "Negative", "Negative", "N"],
      ["Epithelial cells", 1, "Few", null, null],
      ["Specific gravity", 1.02, null, null, null],
      ["Pus cells", 8, null, "0-5", "H"],
    ]);
    expect(res.body.extracted_data.tests.at(-1)).toMatchObject({ value: 8, value_high: 10, unit: "/hpf" });
    const observations = res.body.fhir_resources.filter((r: { resourceType: string }) => r.resourceType === "Observation");
    expect(observations.map((o: Record<string, unknown>) => o.valueString ?? (o.valueQuantity as { value: number } | undefined)?.value ?? o.valueRange)).toEqual([
      "2+",
      "Trace",
      "Negative",
      "Few",
      1.02,
      { low: { value: 8, unit: "/hpf" }, high: { value: 10, unit: "/hpf" } },
    ]);
    for (const o of observations) expect(validateFhir(o) ? [] : validateFhir.errors).toEqual([]);
  });

  it("charts censored results (viral load below the detection limit, eGFR above the reported maximum) with their comparator, through REST and FHIR", async () => {
    const res = await digitize(["HIV VIRAL LOAD AND RENAL FUNCTION", "Specimen: plasma", "HIV-1 RNA Viral Load <40 copies/mL (<1000)", "eGFR >90 mL/min/1.73m2 (>60)", "Creatinine 68 umol/L (62-106)"]);
    expect(res.status).toBe(200);
    expect(res.body.extracted_data.tests.map((t: Record<string, unknown>) => [t.name, t.comparator, t.value, t.unit, t.abnormal_flag])).toEqual([
      ["HIV-1 RNA Viral Load", "<", 40, "copies/mL", "N"],
      ["eGFR", ">", 90, "mL/min/1.73m2", "N"],
      ["Creatinine", null, 68, "umol/L", "N"],
    ]);
    const observations = res.body.fhir_resources.filter((r: { resourceType: string }) => r.resourceType === "Observation");
    expect(observations.map((o: { valueQuantity: Record<string, unknown> }) => [o.valueQuantity.comparator, o.valueQuantity.value])).toEqual([["<", 40], [">", 90], [undefined, 68]]);
    for (const o of observations) expect(validateFhir(o) ? [] : validateFhir.errors).toEqual([]);
  });

  it("reads Glucose 450 mmol/L with a warning to verify it and to check for mg/dL", async () => {
    const res = await digitize(["CLINICAL CHEMISTRY", "Specimen: serum", "Glucose 450 mmol/L (3.9-7.8) H"]);
    expect(res.status).toBe(200);
    expect(res.body.extracted_data.tests).toMatchObject([{ name: "Glucose", value: 450, unit: "mmol/L", abnormal_flag: "H" }]);
    expect(res.body.warnings).toContainEqual(expect.stringMatching(/verify: above the highest value reported in a living patient \(311 mmol\/L.*450 mg\/dL would be 25 mmol\/L/));
  });
});

describe("word-only results through REST", () => {
  it("returns the organism, Gram stain and blood group as findings, and as FHIR valueString Observations", async () => {
    const res = await digitize(["SPUTUM CULTURE", "Specimen: Sputum (induced)", "Gram stain: Gram positive diplococci", "Organism isolated: Streptococcus pneumoniae", "Blood group: B Rh positive", "WBC 14.2 x10^9/L (4.0-11.0)", "Reported by: K. Mwangi"]);
    expect(res.status).toBe(200);
    expect(res.body.extracted_data.tests.map((t: { name: string }) => t.name)).toEqual(["WBC"]);
    expect(res.body.extracted_data.findings).toEqual([
      { name: "Gram stain", value_text: "Gram positive diplococci", kind: "gram_stain", reference: null, abnormal_flag: null, specimen: "Sputum (induced)", section: "SPUTUM CULTURE", isolate: null },
      { name: "Organism isolated", value_text: "Streptococcus pneumoniae", kind: "organism", reference: null, abnormal_flag: null, specimen: "Sputum (induced)", section: "SPUTUM CULTURE", isolate: null },
      { name: "Blood group", value_text: "B Rh positive", kind: "blood_group", reference: null, abnormal_flag: null, specimen: "Sputum (induced)", section: "SPUTUM CULTURE", isolate: null },
    ]);
    for (const r of res.body.fhir_resources) expect(validateFhir(r), JSON.stringify(validateFhir.errors)).toBe(true);
    const observations = res.body.fhir_resources.filter((r: { resourceType: string }) => r.resourceType === "Observation");
    expect(observations.map((o: { valueString?: string }) => o.valueString ?? null)).toEqual([null, "Gram positive diplococci", "Streptococcus pneumoniae", "B Rh positive"]);
    const report = res.body.fhir_resources.find((r: { resourceType: string }) => r.resourceType === "DiagnosticReport");
    expect(report.result).toHaveLength(4);
    const back = await fetch(`${stack.url}/api/v1/document-digitization/documents/${res.body.document_id}/`, { headers: { authorization: `Bearer ${lab}` } });
    expect((await back.json()).extracted_data.findings).toEqual(res.body.extracted_data.findings);
  });

  it("a letter's culture lines are not findings: only a laboratory report charts them", async () => {
    const f = new FormData();
    f.set("document", new Blob([new Uint8Array(await pdfWithText(["REFERRAL LETTER", "Dear colleague, I am referring this patient for further management.", "Reason for referral: recurrent UTI", "Culture: Escherichia coli isolated", "Yours sincerely, Dr. P. Otieno"]))], { type: "application/pdf" }), "letter.pdf");
    f.set("document_type", "referral");
    const res = await fetch(stack.url + PATH, { method: "POST", headers: { authorization: `Bearer ${lab}` }, body: f });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.classification.type).toBe("referral");
    expect(body.extracted_data.findings).toEqual([]);
    expect(body.warnings.join(" ")).toContain("(Culture) were not read");
  });
});
