import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarYears, calendarDate } from "../../lib/calendar.js";
import { startStack, type Stack } from "../support/stack.js";

/** The drug check learns the patient's age (knowledge/drug-age.json): from the request, or the registry's birth date. */
let stack: Stack;
let pharmacist: string;
let physician: string;
const PATH = "/api/v1/clinical-decision-support/drug-interactions/";
let seq = 0;

// Ages far from every bound, so a run across Kampala midnight cannot move a patient over one.
const today = () => calendarDate(new Date(), "Africa/Kampala");
const yearsAgo = (years: number) => addCalendarYears(today(), -years);
const daysAgo = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function register(birthDate: string): Promise<string> {
  const uhid = `UG-AGE-${Date.now().toString(36).toUpperCase()}-${++seq}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Age", family_name: "Check", sex: "female", birth_date: birthDate, phone: "+256772000111" } });
  expect(res.status).toBe(201);
  return uhid;
}
const check = (body: unknown) => stack.rest("POST", PATH, { token: pharmacist, body });

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "age-pharmacist" });
  physician = await stack.token("physician", { sub: "age-physician" });
});
afterAll(() => stack?.stop());

describe("drug check with the patient's age", () => {
  it("takes the age from the registry's birth date when the request names only the patient", async () => {
    const child = await register(yearsAgo(7));
    const res = await check({ patient_uhid: child, new_medication: { code: "", name: "Doxy 100mg od x7/7" }, current_medications: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: false, age_source: "patient_record", patient_age_years: 7 });
    expect(res.body.interactions).toEqual([expect.objectContaining({ type: "drug-age", severity: "major", rule_id: "tetracycline-under-12", source: expect.stringMatching(/BNF for Children/) })]);
    expect(res.body.age_alerts).toEqual([expect.objectContaining({ drug: "Doxycycline", population: "Children under 12 years", rule_id: "tetracycline-under-12" })]);
    // An adult on the registry: no age alert, and the age is still reported.
    const adult = await register(yearsAgo(30));
    const ok = await check({ patient_uhid: adult, new_medication: { code: "", name: "Doxycycline" }, current_medications: [] });
    expect(ok.body).toMatchObject({ safe: true, interactions: [], age_alerts: [], age_source: "patient_record", patient_age_years: 30 });
  });

  it("takes an explicit age in years (fractional for an infant) or a birth date, over the record's", async () => {
    const infant = await check({ new_medication: { code: "8745", name: "Promethazine syrup 5mg nocte" }, current_medications: [], patient_age_years: 1.5 });
    expect(infant.status).toBe(200);
    expect(infant.body).toMatchObject({ age_source: "request", patient_age_years: 1.5, patient_age_days: 547 });
    expect(infant.body.interactions[0]).toMatchObject({ type: "drug-age", severity: "contraindicated", rule_id: "promethazine-under-2" });

    const neonate = await check({ new_medication: { code: "2193", name: "Ceftriaxone 50mg/kg IV" }, current_medications: [{ code: "", name: "Ringer's lactate" }], patient_birth_date: daysAgo(10) });
    expect(neonate.body).toMatchObject({ age_source: "request", patient_age_years: 0, patient_age_days: 10 });
    expect(neonate.body.age_alerts).toEqual([expect.objectContaining({ severity: "contraindicated", rule_id: "ceftriaxone-neonate-iv-calcium" })]);

    const older = await register(yearsAgo(72));
    const asChild = await check({ patient_uhid: older, new_medication: { code: "1191", name: "Aspirin 300mg" }, current_medications: [], patient_age_years: 9 });
    expect(asChild.body).toMatchObject({ age_source: "request", patient_age_years: 9 });
    expect(asChild.body.age_alerts.map((a: { rule_id: string }) => a.rule_id)).toEqual(["aspirin-under-16"]);
    const asRecorded = await check({ patient_uhid: older, new_medication: { code: "4815", name: "Glibenclamide 5mg od" }, current_medications: [] });
    expect(asRecorded.body.age_alerts.map((a: { rule_id: string }) => a.rule_id)).toEqual(["glibenclamide-older-adult"]);
    expect(asRecorded.body.ruleset_version).toMatch(/drug-age@/);
  });

  it("applies a rule of one sex with the request's sex or the registry's; with neither, warns that it was not checked", async () => {
    const epilim = { code: "", name: "Epilim 500mg bd" };
    const ruleIdsOf = (body: { age_alerts: { rule_id: string }[] }) => body.age_alerts.map((a) => a.rule_id);
    const woman = await register(yearsAgo(28));
    const fromRecord = await check({ patient_uhid: woman, new_medication: epilim, current_medications: [] });
    expect(fromRecord.status).toBe(200);
    expect(ruleIdsOf(fromRecord.body)).toEqual(["valproate-woman-childbearing-potential"]);
    const asMale = await check({ new_medication: epilim, current_medications: [], patient_age_years: 28, patient_sex: "male" });
    expect(ruleIdsOf(asMale.body)).toEqual([]);
    const noSex = await check({ new_medication: epilim, current_medications: [], patient_age_years: 28 });
    expect(ruleIdsOf(noSex.body)).toEqual([]);
    expect(noSex.body.warnings.join(" ")).toMatch(/Sex not known/);
    const badSex = await check({ new_medication: epilim, current_medications: [], patient_age_years: 28, patient_sex: "F" });
    expect(badSex.status).toBe(400);
  });

  it("the pharmacist assistant's drug check (same input) reports the age too", async () => {
    const res = await stack.rest("POST", "/api/v1/multi-role/pharmacist/drug-interactions/", { token: pharmacist, body: { new_medication: { code: "", name: "Loperamide 2mg" }, current_medications: [], patient_age_years: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: false, age_source: "request", patient_age_years: 1, patient_age_days: 365 });
    expect(res.body.age_alerts).toEqual([expect.objectContaining({ rule_id: "loperamide-under-2", severity: "contraindicated" })]);
  });

  it("without any age applies no age rule and says which were not checked", async () => {
    const res = await check({ new_medication: { code: "2670", name: "Codeine 30mg" }, current_medications: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ safe: true, age_alerts: [], age_source: "none", patient_age_years: null, patient_age_days: null });
    expect(res.body.warnings).toEqual([expect.stringMatching(/^Age not known: the age rules of Codeine 30mg \(Children under 12 years\) were not checked/)]);
  });

  it.each([
    [{ patient_age_years: -1 }, "patient_age_years"],
    [{ patient_age_years: 131 }, "patient_age_years"],
    [{ patient_birth_date: "2999-01-01" }, "patient_birth_date"],
    [{ patient_birth_date: "2020-02-30" }, "patient_birth_date"],
    [{ patient_birth_date: "2020-01-01", patient_age_years: 6 }, "patient_age_years"],
  ])("refuses %j with 400 naming %s", async (age, field) => {
    const res = await check({ new_medication: { code: "", name: "Doxycycline" }, current_medications: [], ...age });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
  });

  it("the among-check behind the pharmacy's interaction query uses the patient's age", async () => {
    const child = await register(yearsAgo(6));
    const res = await stack.gql(
      `query($m: [MedicationRefInput!]!, $p: ID) { drugInteractionsAmong(medications: $m, patientUhid: $p) { safe ageSource patientAgeYears interactions { type severity ruleId } } }`,
      { m: [{ code: "", name: "Co-codamol 8/500" }, { code: "", name: "Ibuprofen" }], p: child },
      pharmacist,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.drugInteractionsAmong).toMatchObject({ safe: false, ageSource: "patient_record", patientAgeYears: 6 });
    expect(res.body.data.drugInteractionsAmong.interactions).toEqual(expect.arrayContaining([{ type: "drug-age", severity: "contraindicated", ruleId: "codeine-under-12" }]));
  });

  it("prescription verification reports the items' age findings, with the age from the request or the record", async () => {
    const VERIFY = "/api/v1/multi-role/pharmacist/verify-prescription/";
    const items = [{ name: "Tramadol 50mg", code: "10689", dose: "50 mg", frequency: "tds" }];
    const given = await stack.rest("POST", VERIFY, { token: pharmacist, body: { items, patient_age_years: 8, conditions: [], allergies: [] } });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ verified: false, age_source: "request" });
    expect(given.body.age_alerts).toEqual([expect.objectContaining({ rule_id: "tramadol-under-12", severity: "contraindicated" })]);
    expect(given.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ item: 0, severity: "contraindicated", message: expect.stringMatching(/Children under 12 years/) })]));
    const adult = await register(yearsAgo(40));
    const recorded = await stack.rest("POST", VERIFY, { token: pharmacist, body: { items, patient_uhid: adult } });
    expect(recorded.body).toMatchObject({ age_source: "patient_record", age_alerts: [] });
    const bad = await stack.rest("POST", VERIFY, { token: pharmacist, body: { items, patient_age_years: 200 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["patient_age_years"]);
  });
});

describe("a subgraph's message over REST", () => {
  it("names the fields as REST spells them (patient_birth_date, not patientBirthDate)", async () => {
    const res = await check({ new_medication: { code: "", name: "Amoxicillin 250mg tds" }, current_medications: [], patient_birth_date: yearsAgo(30), patient_age_years: 30 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ patient_age_years: ["give patient_birth_date or patient_age_years, not both"] });
    expect(JSON.stringify(res.body)).not.toMatch(/patient[A-Z]/);
  });
});
