import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let pharmacist: string;
const PATH = "/api/v1/clinical-decision-support/drug-interactions/";
const WARFARIN = { code: "11289", name: "Warfarin" };

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "ds-pharmacist" });
});
afterAll(() => stack?.stop());

const check = (body: unknown, token = pharmacist) => stack.rest("POST", PATH, { token, body });

describe("drug interactions through REST", () => {
  it("flags warfarin + ibuprofen as a major drug-drug interaction with the spec's fields", async () => {
    const res = await check({ new_medication: { code: "5640", name: "Ibuprofen" }, current_medications: [WARFARIN] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: false, requires_review: true, processing_time_ms: expect.any(Number), contraindications: [], allergy_alerts: [] });
    expect(res.body.interactions[0]).toMatchObject({ type: "drug-drug", severity: "major", drugs: ["Ibuprofen", "Warfarin"], rule_id: "warfarin-nsaid" });
    expect(res.body.interactions[0].source).toMatch(/PDDI/);
    expect(res.body.audit_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ["aspirin", { code: "1191", name: "Aspirin" }, WARFARIN, "major", "warfarin-aspirin"],
    ["clarithromycin (by name, no RxCUI)", { code: "", name: "Clarithromycin" }, WARFARIN, "major", "warfarin-clarithromycin"],
    ["fluconazole", { code: "", name: "Fluconazole" }, WARFARIN, "major", "warfarin-fluconazole"],
    ["metronidazole", { code: "", name: "Metronidazole" }, WARFARIN, "major", "warfarin-metronidazole"],
    ["lumefantrine + quinine", { code: "", name: "Artemether-lumefantrine" }, { code: "9071", name: "Quinine" }, "major", "al-qt"],
    ["rifampicin + nevirapine", { code: "", name: "Rifampicin" }, { code: "53654", name: "Nevirapine" }, "major", "rif-nevirapine"],
    ["rifampicin + efavirenz", { code: "", name: "Rifampicin" }, { code: "195085", name: "Efavirenz" }, "moderate", "rif-efavirenz"],
    ["rifampicin + oral contraceptive", { code: "", name: "Rifampicin" }, { code: "", name: "Combined oral contraceptive" }, "major", "rif-coc"],
    ["lisinopril + spironolactone", { code: "29046", name: "Lisinopril" }, { code: "9997", name: "Spironolactone" }, "major", "acei-k-sparing"],
    ["simvastatin + clarithromycin", { code: "36567", name: "Simvastatin" }, { code: "", name: "Clarithromycin" }, "contraindicated", "simva-strong-cyp3a4"],
    ["methotrexate + co-trimoxazole", { code: "6851", name: "Methotrexate" }, { code: "10831", name: "Sulfamethoxazole/trimethoprim" }, "major", "methotrexate-trimethoprim"],
    ["methotrexate + trimethoprim", { code: "6851", name: "Methotrexate" }, { code: "", name: "Trimethoprim" }, "major", "methotrexate-trimethoprim"],
    ["co-trimoxazole + spironolactone (hyperkalaemia)", { code: "10831", name: "Co-trimoxazole" }, { code: "9997", name: "Spironolactone" }, "major", "trimethoprim-k-sparing"],
    // Its own rule since drug-interactions 2026.11.8 (mefloquine label: ECG changes and convulsions), over the class-level qt-qt.
    ["quinine + mefloquine (two QT drugs)", { code: "9071", name: "Quinine" }, { code: "6694", name: "Mefloquine" }, "major", "mefloquine-quinine"],
    ["simvastatin + amlodipine", { code: "36567", name: "Simvastatin" }, { code: "", name: "Amlodipine" }, "moderate", "simva-amlodipine"],
    ["chloroquine + azithromycin (ONC)", { code: "2393", name: "Chloroquine" }, { code: "", name: "Azithromycin" }, "contraindicated", "qt-chloroquine-macrolide"],
  ])("flags %s", async (_label, newMedication, current, severity, ruleId) => {
    const res = await check({ new_medication: newMedication, current_medications: [current] });
    expect(res.status).toBe(200);
    expect(res.body.safe).toBe(false);
    expect(res.body.interactions).toEqual(expect.arrayContaining([expect.objectContaining({ type: "drug-drug", severity, rule_id: ruleId })]));
  });

  // Dolutegravir (TLD, the region's first-line HIV regimen) pairs used to answer safe: true, interactions: [].
  it.each([
    ["carbamazepine + dolutegravir", { code: "2002", name: "Carbamazepine" }, { code: "", name: "Dolutegravir" }, "major", "dolutegravir-carbamazepine", /50 mg twice daily/],
    ["dolutegravir + carbamazepine (other order)", { code: "", name: "Dolutegravir" }, { code: "2002", name: "Carbamazepine" }, "major", "dolutegravir-carbamazepine", /50 mg twice daily/],
    ["phenytoin + dolutegravir", { code: "8183", name: "Phenytoin" }, { code: "", name: "Dolutegravir" }, "major", "dolutegravir-enzyme-inducer", /Avoid/],
    ["phenobarbitone + TLD", { code: "", name: "Phenobarbitone 30mg" }, { code: "", name: "TLD" }, "major", "dolutegravir-enzyme-inducer", /Avoid/],
    ["dolutegravir + metformin", { code: "", name: "Dolutegravir" }, { code: "6809", name: "Metformin" }, "moderate", "dolutegravir-metformin", /1,000 mg/],
    ["metformin + Tivicay (brand)", { code: "6809", name: "Metformin 500mg" }, { code: "", name: "Tivicay 50mg" }, "moderate", "dolutegravir-metformin", /1,000 mg/],
    ["ferrous sulphate + TLD", { code: "", name: "Ferrous sulphate 200mg" }, { code: "", name: "TLD" }, "moderate", "dolutegravir-polyvalent-cation", /2 hours before or 6 hours after/],
    ["rifampicin + TLD", { code: "", name: "Rifampicin" }, { code: "", name: "TLD" }, "major", "rif-dolutegravir", /12 hours/],
    ["lopinavir/ritonavir + artemether-lumefantrine", { code: "", name: "Lopinavir/ritonavir" }, { code: "", name: "Artemether-lumefantrine" }, "moderate", "al-lopinavir-ritonavir", /QT/],
    ["Coartem + Kaletra (other order)", { code: "", name: "Coartem" }, { code: "", name: "Kaletra" }, "moderate", "al-lopinavir-ritonavir", /QT/],
    ["ciprofloxacin + magnesium trisilicate", { code: "2551", name: "Ciprofloxacin" }, { code: "", name: "Magnesium trisilicate mixture" }, "moderate", "fluoroquinolone-polyvalent-cation", /6 hours after/],
    ["atazanavir + calcium carbonate", { code: "", name: "Atazanavir" }, { code: "", name: "Calcium carbonate" }, "moderate", "atazanavir-antacid", /1 hour after/],
  ])("flags %s, with its advice and source", async (_label, newMedication, current, severity, ruleId, advice) => {
    const res = await check({ new_medication: newMedication, current_medications: [current], conditions: [], allergies: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: false, unidentified_medications: [] });
    expect(res.body.interactions[0]).toMatchObject({ type: "drug-drug", severity, rule_id: ruleId, recommendation: expect.stringMatching(advice), source: expect.any(String) });
  });

  it("answers safe for a pair with no known interaction", async () => {
    const res = await check({ new_medication: { code: "723", name: "Amoxicillin" }, current_medications: [{ code: "6809", name: "Metformin" }], conditions: [], allergies: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: true, interactions: [], unidentified_medications: [] });
  });

  it("reports an unknown drug code instead of ignoring it, and does not call the list safe", async () => {
    const res = await check({ new_medication: { code: "999999999", name: "Zorblaxin" }, current_medications: [WARFARIN], conditions: [], allergies: [] });
    expect(res.status).toBe(200);
    expect(res.body.safe).toBe(false);
    expect(res.body.unidentified_medications).toEqual([{ code: "999999999", name: "Zorblaxin" }]);
    expect(res.body.warnings.join(" ")).toMatch(/Not checked/);
  });

  it("warns when a code names another drug than the name given", async () => {
    const res = await check({ new_medication: { code: "11289", name: "Aspirin" }, current_medications: [], conditions: [], allergies: [] });
    expect(res.body.safe).toBe(false);
    expect(res.body.warnings[0]).toMatch(/11289 is Warfarin/);
  });

  it("checks drug-condition contraindications by ICD-10 code", async () => {
    const res = await check({ new_medication: { code: "5640", name: "Ibuprofen" }, current_medications: [], conditions: ["N18.3", "J45.9"] });
    expect(res.status).toBe(200);
    expect(res.body.contraindications.map((c: { rule_id: string }) => c.rule_id).sort()).toEqual(["nsaid-asthma", "nsaid-ckd"]);
    expect(res.body.contraindications[0]).toMatchObject({ condition_code: "N18.3", severity: "major", source: expect.stringMatching(/KDIGO/) });
    expect(res.body.interactions.filter((i: { type: string }) => i.type === "drug-condition")).toHaveLength(2);
  });

  it.each([
    ["metformin in CKD stage 4", { code: "6809", name: "Metformin" }, "N18.4", "contraindicated"],
    ["propranolol in asthma", { code: "", name: "Propranolol" }, "J45.9", "contraindicated"],
    ["atenolol in asthma", { code: "", name: "Atenolol" }, "J45", "moderate"],
  ])("contraindication: %s", async (_l, med, code, severity) => {
    const res = await check({ new_medication: med, current_medications: [], conditions: [code] });
    expect(res.body.contraindications[0]).toMatchObject({ severity, condition_code: code });
  });

  it("alerts on a penicillin allergy when amoxicillin is prescribed (class cross-reactivity)", async () => {
    const res = await check({ new_medication: { code: "723", name: "Amoxicillin" }, current_medications: [], allergies: ["Penicillin"] });
    expect(res.body.safe).toBe(false);
    expect(res.body.allergy_alerts[0]).toMatchObject({ allergen: "Penicillin", allergen_group: "Penicillins", cross_reactivity: "same_class", severity: "contraindicated" });
    expect(res.body.interactions[0]).toMatchObject({ type: "drug-allergy", severity: "contraindicated" });
  });

  it("alerts on a sulfonamide allergy with co-trimoxazole, and only a minor note for furosemide", async () => {
    const smx = await check({ new_medication: { code: "10831", name: "Co-trimoxazole" }, current_medications: [], allergies: ["Sulfonamides"] });
    expect(smx.body.allergy_alerts[0]).toMatchObject({ cross_reactivity: "same_class", severity: "contraindicated" });
    const furosemide = await check({ new_medication: { code: "4603", name: "Furosemide" }, current_medications: [], allergies: ["Sulfonamides"] });
    expect(furosemide.body.allergy_alerts[0]).toMatchObject({ cross_reactivity: "cross_class", severity: "minor", source: expect.stringMatching(/Strom/) });
  });

  it("gives a penicillin-allergic patient a moderate cross-class alert for a cephalosporin", async () => {
    const res = await check({ new_medication: { code: "", name: "Ceftriaxone" }, current_medications: [], allergies: ["penicillin"] });
    expect(res.body.allergy_alerts[0]).toMatchObject({ cross_reactivity: "cross_class", severity: "moderate" });
  });

  it("uses the patient's recorded conditions and allergies when the lists are omitted", async () => {
    // UG-2024-000001 has chronic N18.3 (CKD 3) and takes warfarin (seed/demo/clinical.json).
    const res = await check({ patient_uhid: "UG-2024-000001", new_medication: { code: "3355", name: "Diclofenac" }, current_medications: [WARFARIN] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ conditions_source: "patient_record", allergies_source: "patient_record" });
    expect(res.body.contraindications.map((c: { rule_id: string }) => c.rule_id)).toContain("nsaid-ckd");
  });

  it("refuses bad input with 400 naming the fields, and writes no audit record", async () => {
    const auditor = await stack.token("auditor");
    const before = (await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body.records_checked;
    const res = await check({ new_medication: { code: "5640" }, current_medications: [], conditions: ["not-a-code"], dose: "5 mg" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["new_medication.name", "dose"]));
    const icd = await check({ new_medication: { code: "5640", name: "Ibuprofen" }, current_medications: [], conditions: ["not-a-code"] });
    expect(icd.status).toBe(400);
    expect(icd.body.error.fields).toHaveProperty(["conditions.0"]);
    const after = (await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body.records_checked;
    expect(after).toBe(before);
  });

  it("refuses roles outside the matrix (nurse: 403) and unknown patients (404)", async () => {
    const nurse = await stack.token("nurse");
    expect((await check({ new_medication: WARFARIN, current_medications: [] }, nurse)).status).toBe(403);
    expect((await check({ patient_uhid: "UG-0000-NOPE", new_medication: WARFARIN, current_medications: [] })).status).toBe(404);
  });

  it("is available through GraphQL", async () => {
    const res = await stack.gql(
      `mutation($i: DrugInteractionCheckInput!) { checkDrugInteractions(input: $i) { safe interactions { type severity } auditId } }`,
      { i: { newMedication: { code: "36567", name: "Simvastatin" }, currentMedications: [{ code: "", name: "Clarithromycin" }] } },
      pharmacist,
    );
    expect(res.body.data.checkDrugInteractions.interactions[0]).toEqual({ type: "drug-drug", severity: "contraindicated" });
  });
});
