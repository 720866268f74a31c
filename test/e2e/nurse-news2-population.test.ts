import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

// NEWS2 is an adult score (RCP 2017; NICE MIB205): a child is refused with a 400 that says why, a pregnant
// woman is scored with the warning to use the obstetric chart, and the handoff follows the same rule.
let stack: Stack;
let nurse: string;
let auditor: string;
const NURSE = "/api/v1/multi-role/nurse";
const VITALS = { respiration_rate: 18, spo2: 97, supplemental_oxygen: false, systolic_bp: 118, pulse: 88, consciousness: "alert", temperature: 37.0 };
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const uhid = (tag: string) => `UG-N2-${tag}-${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "n2-nurse" });
  auditor = await stack.token("auditor", { sub: "n2-auditor" });
});
afterAll(() => stack?.stop());

async function createPatient(id: string, birthDate: string, sex: "female" | "male") {
  const physician = await stack.token("physician", { sub: "n2-physician" });
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid: id, given_name: "Test", family_name: "Patient", sex, birth_date: birthDate, phone: "+256772000333" } });
  expect(res.status).toBe(201);
}
const auditCount = async () => (await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=nurse_assessment&page_size=100", { token: auditor })).body.count as number;

describe("NEWS2 is for adults aged 16 and over", () => {
  it("refuses a 15-year-old with a 400 on patient_uhid that names the paediatric chart, and records nothing", async () => {
    const child = uhid("C");
    await createPatient(child, isoDaysAgo(15 * 365 + 200), "male");
    const before = await auditCount();
    const res = await stack.rest("POST", `${NURSE}/assessment/`, { token: nurse, body: { patient_uhid: child, vitals: VITALS } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.patient_uhid[0]).toMatch(/aged 16 and over.*paediatric early warning.*15 years old/);
    expect(await auditCount()).toBe(before);
  });

  it("scores a 16-year-old as an adult", async () => {
    const teen = uhid("T");
    await createPatient(teen, isoDaysAgo(16 * 365 + 30), "female");
    const res = await stack.rest("POST", `${NURSE}/assessment/`, { token: nurse, body: { patient_uhid: teen, vitals: VITALS } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ news2_score: 0, clinical_risk: "low" });
    expect(res.body.notes.join(" ")).not.toMatch(/pregnan/);
  });

  it("gives a child's handoff no NEWS2 and says why, instead of asking for a full adult set of observations", async () => {
    const child = uhid("H");
    await createPatient(child, isoDaysAgo(4 * 365), "female");
    const res = await stack.rest("POST", `${NURSE}/handoff-summary/`, { token: nurse, body: { patient_uhid: child } });
    expect(res.status).toBe(200);
    expect(res.body.assessment.news2_score).toBeNull();
    const pending = res.body.recommendation.pending_actions.join(" ");
    expect(pending).toMatch(/NEWS2 is for adults aged 16 and over/);
    expect(pending).not.toMatch(/Record a full set of observations for NEWS2/);
  });
});

describe("NEWS2 in pregnancy", () => {
  it("scores a woman with a current pregnancy on the record and warns to use the obstetric chart (MEOWS)", async () => {
    const mother = uhid("P");
    await createPatient(mother, isoDaysAgo(26 * 365), "female");
    await stack.server.database!.db.execute(sql`insert into clinical.diagnoses (patient_uhid, code, display, date, status) values (${mother}, 'Z34.90', 'Encounter for supervision of normal pregnancy, unspecified', ${isoDaysAgo(60)}, 'acute')`);
    const res = await stack.rest("POST", `${NURSE}/assessment/`, { token: nurse, body: { patient_uhid: mother, vitals: VITALS } });
    expect(res.status).toBe(200);
    expect(res.body.news2_score).toBe(0);
    expect(res.body.notes[0]).toMatch(/does not apply in pregnancy.*MEOWS.*Z34\.90/);
  });
});
