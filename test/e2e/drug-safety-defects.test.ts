import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

// The tester's requests, through the real servers (REST bridge → gateway → subgraphs).
let stack: Stack;
let pharmacist: string;
let nurse: string;

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "ds-defects-pharmacist" });
  nurse = await stack.token("nurse", { sub: "ds-defects-nurse" });
});
afterAll(() => stack?.stop());

const CDS = "/api/v1/clinical-decision-support/drug-interactions/";
const check = (body: unknown) => stack.rest("POST", CDS, { token: pharmacist, body });

describe("drug check through REST", () => {
  it.each(["Z34.0", "Z34.9", "Z35.0", "Z35.9", "Z32.01", "Z32.1", "Z3A.24"])("lisinopril with pregnancy code %s is not safe", async (code) => {
    const res = await check({ new_medication: { code: "", name: "Lisinopril" }, current_medications: [], conditions: [code], allergies: [] });
    expect(res.status).toBe(200);
    expect(res.body.safe).toBe(false);
    expect(res.body.contraindications).toEqual([expect.objectContaining({ rule_id: "acei-pregnancy", condition_code: code })]);
  });

  it.each(["18.3", "N1", "NN8.3", "N18.33333"])("condition %j is not an ICD-10 code: 400 naming the field", async (code) => {
    const res = await check({ new_medication: { code: "", name: "Lisinopril" }, current_medications: [], conditions: [code] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("conditions.0");
  });

  it("Fansidar with Septrin is not safe: the WHO rule, once (not also a same-class duplicate)", async () => {
    const res = await check({ new_medication: { code: "", name: "Fansidar" }, current_medications: [{ code: "", name: "Septrin" }] });
    expect(res.body.safe).toBe(false);
    expect(res.body.interactions.map((f: { rule_id: string }) => f.rule_id)).toEqual(["sp-cotrimoxazole"]);
  });

  it("metformin with N18 (stage not given) is not safe", async () => {
    const res = await check({ new_medication: { code: "6809", name: "Metformin" }, current_medications: [], conditions: ["N18"] });
    expect(res.body.safe).toBe(false);
  });

  it("a code naming another drug is not safe (pharmacist path)", async () => {
    const res = await stack.rest("POST", "/api/v1/multi-role/pharmacist/drug-interactions/", {
      token: pharmacist,
      body: { new_medication: { code: "6813", name: "Paracetamol" }, current_medications: [{ code: "3322", name: "Amoxicillin" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.safe).toBe(false);
    expect(res.body.warnings).toHaveLength(2);
  });
});

describe("pharmacy interaction query", () => {
  it.each(["5640,3355", "5640,3355,1191", "1191,5640"])("items=%s is not safe", async (items) => {
    const res = await stack.rest("GET", `/api/v1/drug-safety/interactions/?items=${items}`, { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body.safe).toBe(false);
  });

  it("one item against the record counts the pairs it checked", async () => {
    const res = await stack.rest("GET", "/api/v1/drug-safety/interactions/?items=10831&patient_uhid=UG-2024-000027", { token: pharmacist });
    expect(res.status).toBe(200);
    expect(res.body.interactions.map((f: { rule_id: string }) => f.rule_id)).toContain("warfarin-cotrimoxazole");
    expect(res.body.checked_pairs).toBeGreaterThanOrEqual(1);
    expect(res.body.warnings.join(" ")).not.toMatch(/no pair to check/);
  });
});

describe("pharmacist and nurse assistants", () => {
  it("paracetamol 5 g qds is not verified (20 g a day)", async () => {
    const res = await stack.rest("POST", "/api/v1/multi-role/pharmacist/verify-prescription/", {
      token: pharmacist,
      body: { patient_uhid: "UG-2024-000043", items: [{ code: "", name: "Paracetamol 500mg tabs", dose: "5 g", frequency: "qds" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.body.items[0]).toMatchObject({ dose_check: "above_adult_maximum", daily_dose_mg: 20000, max_daily_dose_mg: 4000 });
  });

  it("the schedule of a patient with furosemide recorded twice flags it; the handoff alerts", async () => {
    const s = await stack.rest("POST", "/api/v1/multi-role/nurse/medication-schedule/", { token: nurse, body: { patient_uhid: "UG-2024-000004" } });
    expect(s.status).toBe(200);
    const furosemide = s.body.doses.filter((d: { medication: string }) => /furosemide/i.test(d.medication));
    expect(furosemide.length).toBeGreaterThan(0);
    expect(furosemide.every((d: { alert: string | null }) => d.alert)).toBe(true);
    expect(s.body.duplicates).toEqual([expect.objectContaining({ ingredients: ["furosemide"] })]);
    expect(s.body.warnings).toHaveLength(1);
    const h = await stack.rest("POST", "/api/v1/multi-role/nurse/handoff-summary/", { token: nurse, body: { patient_uhid: "UG-2024-000004" } });
    expect(h.status).toBe(200);
    expect(h.body.recommendation.pending_actions.join("\n")).toMatch(/Medication duplicate: .*Furosemide/);
  });
});
