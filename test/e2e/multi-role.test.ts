import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let nurse: string;
let auditor: string;
const PATIENT = "UG-2024-000001";
const NURSE = "/api/v1/multi-role/nurse";

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "mr-nurse" });
  auditor = await stack.token("auditor", { sub: "mr-auditor" });
});
afterAll(() => stack?.stop());

const post = (path: string, body: unknown, token = nurse) => stack.rest("POST", path, { token, body });
const auditCount = async (operation: string) => (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=${operation}&page_size=100`, { token: auditor })).body.count as number;

const VITALS = { respiration_rate: 22, spo2: 93, supplemental_oxygen: true, systolic_bp: 105, pulse: 95, consciousness: "alert", temperature: 38.5 };

describe("nurse assistant: NEWS2 assessment", () => {
  it("scores vitals from the request: per-parameter scores, total, risk band and the RCP response", async () => {
    const before = await auditCount("nurse_assessment");
    const res = await post(`${NURSE}/assessment/`, { vitals: VITALS });
    expect(res.status).toBe(200);
    // RR 22 → 2, SpO2 93 (scale 1) → 2, oxygen → 2, SBP 105 → 1, pulse 95 → 1, alert → 0, 38.5 → 1
    expect(res.body).toMatchObject({ news2_score: 9, clinical_risk: "high", single_parameter_red: false, escalate: true, monitoring_frequency: "Continuous monitoring of vital signs", requires_review: true, audit_id: expect.any(String) });
    expect(Object.fromEntries(res.body.parameters.map((p: { parameter: string; score: number }) => [p.parameter, p.score]))).toEqual({
      respiration_rate: 2, spo2_scale_1: 2, air_or_oxygen: 2, systolic_bp: 1, pulse: 1, consciousness: 0, temperature: 1,
    });
    expect(res.body.ruleset_version).toMatch(/news2@/);
    expect(await auditCount("nurse_assessment")).toBe(before + 1);
  });

  it("does not score the patient now with vitals recorded weeks ago: each old one is named with its date (never assumed current)", async () => {
    // The demo record's latest blood pressure, pulse and temperature are over a month old.
    const res = await post(`${NURSE}/assessment/`, { patient_uhid: PATIENT, vitals: { respiration_rate: 16, spo2: 97, supplemental_oxygen: false, consciousness: "A" } });
    expect(res.status).toBe(400);
    for (const f of ["vitals.systolic_bp", "vitals.pulse", "vitals.temperature"]) expect(res.body.error.fields[f][0]).toMatch(/last recorded \d{4}-\d{2}-\d{2}, too old to score the patient now/);
    const given = await post(`${NURSE}/assessment/`, { patient_uhid: PATIENT, vitals: VITALS });
    expect(given.status).toBe(200);
    expect(given.body.parameters.every((p: { source: string }) => p.source === "request")).toBe(true);
  });

  it("refuses a parameter that is neither given nor recorded, naming it (never assumed normal)", async () => {
    const res = await post(`${NURSE}/assessment/`, { patient_uhid: PATIENT });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["vitals.respiration_rate", "vitals.spo2", "vitals.consciousness", "vitals.supplemental_oxygen"]));
    expect(res.body.error.fields["vitals.spo2"][0]).toMatch(/not in the request nor in the patient's record/);
  });

  it("refuses implausible values, an unknown consciousness level, an empty request and unknown fields", async () => {
    const bad = await post(`${NURSE}/assessment/`, { vitals: { ...VITALS, temperature: 101, consciousness: "sleepy", spo2_scale: 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty(["vitals.temperature"]);
    expect(bad.body.error.fields).toHaveProperty(["vitals.consciousness"]);
    expect(bad.body.error.fields).toHaveProperty(["vitals.spo2_scale"]);
    expect((await post(`${NURSE}/assessment/`, {})).status).toBe(400);
    expect((await post(`${NURSE}/assessment/`, { vitals: { ...VITALS, blood_sugar: 5 } })).status).toBe(400);
  });

  it("answers 404 for an unknown patient", async () => {
    expect((await post(`${NURSE}/assessment/`, { patient_uhid: "UG-0000-NOPE", vitals: VITALS })).status).toBe(404);
  });
});

describe("nurse assistant: medication schedule and handoff", () => {
  it("lists the day's administration times in Africa/Kampala, PRN apart, unreadable frequencies reported", async () => {
    const before = await auditCount("nurse_medication_schedule");
    const res = await post(`${NURSE}/medication-schedule/`, { patient_uhid: PATIENT, date: "2026-11-23" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ patient_uhid: PATIENT, date: "2026-11-23", timezone: "Africa/Kampala", requires_review: true });
    for (const d of res.body.doses) expect(d.at).toMatch(/^2026-11-23T\d{2}:00:00\+03:00$/);
    expect(Array.isArray(res.body.prn) && Array.isArray(res.body.unparseable)).toBe(true);
    expect(await auditCount("nurse_medication_schedule")).toBe(before + 1);
  });

  it("refuses a date that is not a calendar date and answers 404 for an unknown patient", async () => {
    const bad = await post(`${NURSE}/medication-schedule/`, { patient_uhid: PATIENT, date: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("date");
    expect((await post(`${NURSE}/medication-schedule/`, { patient_uhid: "UG-0000-NOPE" })).status).toBe(404);
    expect((await post(`${NURSE}/medication-schedule/`, {})).status).toBe(400);
  });

  it("builds an SBAR handoff from the record", async () => {
    const res = await post(`${NURSE}/handoff-summary/`, { patient_uhid: PATIENT });
    expect(res.status).toBe(200);
    expect(res.body.situation.patient).toContain(PATIENT);
    expect(res.body.background).toMatchObject({ diagnoses: expect.any(Array), allergies: expect.any(Array), medications: expect.any(Array) });
    // The demo record has pulse, SBP and temperature but no respiration rate, SpO2 or ACVPU: NEWS2 cannot be scored.
    expect(res.body.assessment.news2_score).toBeNull();
    expect(res.body.assessment.news2_missing).toEqual(expect.arrayContaining(["Respiration rate", "SpO2"]));
    expect(res.body.recommendation.pending_actions.join(" ")).toMatch(/Record a full set of observations/);
    expect(res.body).toMatchObject({ requires_review: true, audit_id: expect.any(String) });
    expect((await post(`${NURSE}/handoff-summary/`, { patient_uhid: "UG-0000-NOPE" })).status).toBe(404);
  });

  it("lists a critical lab among the escalations (critical-values engine)", async () => {
    const lab = await stack.token("lab_technician", { sub: "mr-lab-handoff" });
    const cv = await stack.rest("POST", "/api/v1/clinical-decision-support/critical-values/", { token: lab, body: { patient_uhid: "UG-2024-000007", observation: { code: "2823-3", display: "Potassium", value: 7.0, unit: "mmol/L" } } });
    expect(cv.status).toBe(200);
    const res = await post(`${NURSE}/handoff-summary/`, { patient_uhid: "UG-2024-000007" });
    expect(res.body.assessment.abnormal_labs).toEqual(expect.arrayContaining([expect.objectContaining({ loinc_code: "2823-3", is_critical: true, deviation: "severely_high" })]));
    expect(res.body.recommendation.escalations.join(" ")).toMatch(/Critical Potassium 7/);
  });
});

describe("lab assistant", () => {
  const LAB = "/api/v1/multi-role/lab";
  let lab: string;
  beforeAll(async () => {
    lab = await stack.token("lab_technician", { sub: "mr-lab" });
  });

  it("interprets a creatinine rise against the patient's prior result: flag, trend and the KDIGO delta check", async () => {
    const uhid = "UG-2024-000011";
    // Record a baseline through the critical-values check (stored on the timeline, dated today).
    const stored = await post(`${LAB}/critical-values/`, { patient_uhid: uhid, observation: { code: "2160-0", display: "Creatinine", value: 1.0, unit: "mg/dL" } }, lab);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ is_critical: false, observation_id: expect.any(String) });
    const before = await auditCount("lab_result_interpretation");
    const res = await post(`${LAB}/interpret/`, { patient_uhid: uhid, observation: { code: "2160-0", value: 1.4, unit: "mg/dL" } }, lab);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loinc_code: "2160-0", flag: "H", is_critical: false, requires_review: true });
    expect(res.body.trend).toMatchObject({ previous_value: 1, direction: "up", priors_compared: expect.any(Number) });
    expect(res.body.trend.delta).toBeCloseTo(0.4, 5);
    expect(res.body.trend.delta_checks.map((d: { rule_id: string }) => d.rule_id)).toContain("creatinine-kdigo-absolute");
    expect(await auditCount("lab_result_interpretation")).toBe(before + 1);
  });

  it("identifies a result as critical values do (local code, display, equivalent LOINC code) and finds the earlier result stored under the LOINC code", async () => {
    const uhid = "UG-2024-000012";
    // Sent as "K", critical values stores it under 2823-3; interpret sent as "K" again finds it.
    const stored = await post(`${LAB}/critical-values/`, { patient_uhid: uhid, observation: { code: "K", display: "Potassium", value: 3.9, unit: "mmol/L" } }, lab);
    expect(stored.status).toBe(200);
    const local = await post(`${LAB}/interpret/`, { patient_uhid: uhid, observation: { code: "K", display: "Serum potassium", value: 5.9, unit: "mmol/l" } }, lab);
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ loinc_code: "2823-3", test_name: "Potassium", flag: "H" });
    expect(local.body.trend).toMatchObject({ previous_value: 3.9, direction: "up" });
    expect(local.body.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/"K" is not a LOINC code.*2823-3/)]));
    // A creatinine in µmol/L under its own LOINC code and LOINC name is compared with the earlier mg/dL result.
    await post(`${LAB}/critical-values/`, { patient_uhid: uhid, observation: { code: "2160-0", value: 0.9, unit: "mg/dL" } }, lab);
    const molar = await post(`${LAB}/interpret/`, { patient_uhid: uhid, observation: { code: "14682-9", display: "Creatinine [Moles/volume] in Serum or Plasma", value: 180, unit: "umol/L" } }, lab);
    expect(molar.status).toBe(200);
    expect(molar.body).toMatchObject({ loinc_code: "2160-0", flag: "H" });
    expect(molar.body.trend.previous_value).toBeCloseTo(79.6, 0);
    expect(molar.body.trend.delta_checks.map((d: { rule_id: string }) => d.rule_id)).toContain("creatinine-kdigo-absolute");
    expect(molar.body.warnings.join(" ")).toMatch(/LOINC 14682-9/);
    // A local code naming another test than the display is refused: which one is wrong is unknown.
    const conflict = await post(`${LAB}/interpret/`, { patient_uhid: uhid, observation: { code: "K", display: "Sodium", value: 140, unit: "mmol/L" } }, lab);
    expect(conflict.status).toBe(400);
    expect(conflict.body.error.fields).toHaveProperty(["observation.code"]);
  });

  it("interprets by the code as critical values do: its LOINC name, a display of another test and an impossible value refused", async () => {
    const named = await post(`${LAB}/interpret/`, { patient_uhid: PATIENT, observation: { code: "2823-3", display: "K+", value: 4.2, unit: "mmol/L" } }, lab);
    expect(named.status).toBe(200);
    expect(named.body.test_name).toBe("Potassium");
    expect(named.body.warnings).toEqual([]);
    const other = await post(`${LAB}/interpret/`, { patient_uhid: PATIENT, observation: { code: "2823-3", display: "Sodium", value: 6.8, unit: "mmol/L" } }, lab);
    expect(other.status).toBe(400);
    expect(other.body.error.fields).toHaveProperty(["observation.display"]);
    const slipped = await post(`${LAB}/interpret/`, { patient_uhid: PATIENT, observation: { code: "2823-3", value: 65, unit: "mmol/L" } }, lab);
    expect(slipped.status).toBe(400);
    expect(slipped.body.error.fields["observation.value"][0]).toMatch(/not a possible potassium/);
  });

  it("flags a critical potassium HH and refuses an unknown LOINC code, a wrong unit and a bad date", async () => {
    const crit = await post(`${LAB}/interpret/`, { patient_uhid: PATIENT, observation: { code: "2823-3", value: 6.9, unit: "mmol/L" } }, lab);
    expect(crit.body).toMatchObject({ flag: "HH", is_critical: true, deviation: "severely_high" });
    const bad = await post(`${LAB}/interpret/`, { patient_uhid: PATIENT, observation: { code: "99999-9", value: 1, unit: "mmol/L" }, result_date: "2026-13-01" }, lab);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty(["observation.code"]);
    expect(bad.body.error.fields).toHaveProperty(["result_date"]);
    const unit = await post(`${LAB}/interpret/`, { patient_uhid: PATIENT, observation: { code: "2823-3", value: 4, unit: "mg/dL" } }, lab);
    expect(unit.body.error.fields).toHaveProperty(["observation.unit"]);
    expect((await post(`${LAB}/interpret/`, { patient_uhid: "UG-0000-NOPE", observation: { code: "2823-3", value: 4, unit: "mmol/L" } }, lab)).status).toBe(404);
  });

  it("evaluates Westgard rules on control runs: 2-2s across runs rejects the last run", async () => {
    const before = await auditCount("lab_qc_evaluation");
    const res = await post(`${LAB}/qc-evaluation/`, {
      analyte: "2823-3",
      controls: [{ name: "level 1", mean: 4.0, sd: 0.1 }, { name: "level 2", mean: 6.0, sd: 0.2 }],
      runs: [{ values: [4.05, 5.9] }, { values: [4.25, 6.1] }, { values: [4.22, 6.0] }],
    }, lab);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decision: "reject", accepted: false, requires_review: true });
    expect(res.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ rule: "2-2s", run_indices: [1, 2], controls: ["level 1"], rejects: true })]));
    expect(res.body.runs.map((r: { decision: string }) => r.decision)).toEqual(["accept", "accept_with_warning", "reject"]);
    expect(await auditCount("lab_qc_evaluation")).toBe(before + 1);
  });

  it("refuses QC input it cannot evaluate, with field errors", async () => {
    const res = await post(`${LAB}/qc-evaluation/`, { controls: [{ mean: 4, sd: 0 }], runs: [{ values: [4, 5] }] }, lab);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(["controls.0.sd"]);
    expect(res.body.error.fields).toHaveProperty(["runs.0.values"]);
  });
});

describe("pharmacist assistant", () => {
  const PHARM = "/api/v1/multi-role/pharmacist";
  let pharmacist: string;
  beforeAll(async () => {
    pharmacist = await stack.token("pharmacist", { sub: "mr-pharmacist", pharmacy: "6a0c1d1e-0000-4000-8000-000000000001" });
  });

  it("checks drug interactions through the clinical drug-safety engine (audited as a drug interaction check)", async () => {
    const before = await auditCount("drug_interaction_check");
    const res = await post(`${PHARM}/drug-interactions/`, { new_medication: { code: "5640", name: "Ibuprofen" }, current_medications: [{ code: "11289", name: "Warfarin" }], conditions: [], allergies: [] }, pharmacist);
    expect(res.status).toBe(200);
    expect(res.body.safe).toBe(false);
    expect(res.body.interactions[0]).toMatchObject({ type: "drug-drug", drugs: ["Ibuprofen", "Warfarin"] });
    expect(await auditCount("drug_interaction_check")).toBe(before + 1);
  });

  it("verifies a prescription: dose, frequency, interaction, allergy and duplicate therapy issues", async () => {
    const before = await auditCount("prescription_verification");
    const res = await post(`${PHARM}/verify-prescription/`, {
      items: [
        { code: "723", name: "Amoxicillin", dose: "500 mg", frequency: "tds for 5 days" },
        { code: "5640", name: "Ibuprofen", dose: "400 mg", frequency: "tds" },
        { code: "3355", name: "Diclofenac", dose: "fifty", frequency: "sometimes" },
      ],
      allergies: ["Penicillin"],
      conditions: [],
    }, pharmacist);
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.body.items[0]).toMatchObject({ drug_id: "amoxicillin", matched_by: "rxcui", dose_parseable: true, frequency_pattern: "three_times_daily" });
    expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ item: 2, field: "dose" }), expect.objectContaining({ item: 2, field: "frequency" })]));
    expect(res.body.allergy_alerts[0]).toMatchObject({ drug: "Amoxicillin", allergen: "Penicillin" });
    expect(res.body.duplicate_therapy).toEqual([expect.objectContaining({ drugs: ["Ibuprofen", "Diclofenac"], atc: "M01A" })]);
    expect(await auditCount("prescription_verification")).toBe(before + 1);
  });

  it("refuses an empty prescription and a bad ICD-10 code; 404 for an unknown patient", async () => {
    const bad = await post(`${PHARM}/verify-prescription/`, { items: [], conditions: ["diabetes"] }, pharmacist);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("items");
    expect(bad.body.error.fields).toHaveProperty(["conditions.0"]);
    expect((await post(`${PHARM}/verify-prescription/`, { patient_uhid: "UG-0000-NOPE", items: [{ name: "Amoxicillin", dose: "500 mg", frequency: "tds" }] }, pharmacist)).status).toBe(404);
  });

  it("gives sourced counseling points and says when it has none", async () => {
    const res = await post(`${PHARM}/counseling-points/`, { medications: [{ code: "", name: "Metronidazole" }, { code: "", name: "Digoxin" }] }, pharmacist);
    expect(res.status).toBe(200);
    expect(res.body.medications[0]).toMatchObject({ drug_id: "metronidazole", available: true, source: expect.stringMatching(/nhs\.uk/) });
    expect(res.body.medications[0].warnings.join(" ")).toMatch(/alcohol/);
    expect(res.body.medications[1]).toMatchObject({ drug_id: "digoxin", available: false, how_to_take: [], note: expect.stringMatching(/No sourced counseling points/) });
    expect((await post(`${PHARM}/counseling-points/`, {}, pharmacist)).status).toBe(400);
  });
});

describe("role gating and the multi-role rate limit", () => {
  it("lets each role use its own assistant only (403 otherwise)", async () => {
    const tokens = {
      nurse,
      lab: await stack.token("lab_technician", { sub: "gate-lab" }),
      pharmacist: await stack.token("pharmacist", { sub: "gate-pharm" }),
      physician: await stack.token("physician", { sub: "gate-physician" }),
      researcher: await stack.token("researcher", { sub: "gate-researcher" }),
      cashier: await stack.token("cashier", { sub: "gate-cashier" }),
    };
    const qc = { controls: [{ mean: 4, sd: 0.1 }], runs: [{ values: [4.0] }] };
    const calls: [keyof typeof tokens, string, unknown, number][] = [
      ["nurse", `${NURSE}/assessment/`, { vitals: VITALS }, 200],
      ["physician", `${NURSE}/assessment/`, { vitals: VITALS }, 200],
      ["lab", `${NURSE}/assessment/`, { vitals: VITALS }, 403],
      ["pharmacist", `${NURSE}/handoff-summary/`, { patient_uhid: PATIENT }, 403],
      ["nurse", "/api/v1/multi-role/lab/qc-evaluation/", qc, 403],
      ["physician", "/api/v1/multi-role/lab/qc-evaluation/", qc, 403],
      ["lab", "/api/v1/multi-role/lab/qc-evaluation/", qc, 200],
      ["nurse", "/api/v1/multi-role/lab/interpret/", { patient_uhid: PATIENT, observation: { code: "2823-3", value: 4, unit: "mmol/L" } }, 403],
      ["physician", "/api/v1/multi-role/lab/interpret/", { patient_uhid: PATIENT, observation: { code: "2823-3", value: 4, unit: "mmol/L" } }, 200],
      ["nurse", "/api/v1/multi-role/pharmacist/counseling-points/", { medications: [{ code: "", name: "Metformin" }] }, 403],
      ["pharmacist", "/api/v1/multi-role/pharmacist/counseling-points/", { medications: [{ code: "", name: "Metformin" }] }, 200],
      ["researcher", `${NURSE}/assessment/`, { vitals: VITALS }, 403],
      ["cashier", "/api/v1/multi-role/pharmacist/verify-prescription/", { items: [{ name: "Metformin", dose: "500 mg", frequency: "bd" }] }, 403],
    ];
    for (const [role, path, body, status] of calls) {
      const res = await post(path, body, tokens[role]);
      expect(`${role} ${path} → ${res.status}`).toBe(`${role} ${path} → ${status}`);
      if (status === 403) expect(res.body.error.code).toBe("FORBIDDEN");
    }
    expect((await stack.rest("POST", `${NURSE}/assessment/`, { body: { vitals: VITALS } })).status).toBe(401);
  });

  it("allows 60 assistant calls per minute per credential across the assistant paths, then 429; other categories keep their budget", async () => {
    const lab = await stack.token("lab_technician", { sub: "rl-multi-role-lab" });
    const qc = { controls: [{ mean: 4, sd: 0.1 }], runs: [{ values: [4.05] }] };
    const interpret = { patient_uhid: PATIENT, observation: { code: "2823-3", value: 4.2, unit: "mmol/L" } };
    const answers = await Promise.all(Array.from({ length: 61 }, (_, i) => post(i % 2 ? "/api/v1/multi-role/lab/qc-evaluation/" : "/api/v1/multi-role/lab/interpret/", i % 2 ? qc : interpret, lab)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(refused.headers.get("ratelimit-limit")).toBe("60");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The clinical-decision-support budget of the same credential is separate.
    const cds = await stack.rest("POST", "/api/v1/clinical-decision-support/critical-values/", { token: lab, body: interpret });
    expect(cds.status).toBe(200);
    // Every audited call still forms one unbroken chain.
    expect((await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body).toMatchObject({ valid: true });
  });
});

describe("researcher assistant", () => {
  const RES = "/api/v1/multi-role/researcher";
  let researcher: string;
  beforeAll(async () => {
    researcher = await stack.token("researcher", { sub: "mr-researcher" });
  });

  it("counts a cohort with sex and age breakdowns, no identifiers, small cells withheld", async () => {
    const all = await post(`${RES}/cohort/`, {}, researcher);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: expect.any(Number), suppressed: false, suppression_threshold: 5, requires_review: true });
    expect(all.body.count).toBeGreaterThanOrEqual(48); // 50 demo patients or more, with a noise of at most ±2
    expect(JSON.stringify(all.body)).not.toMatch(/UG-\d{4}-\d{6}/);
    for (const cell of [...all.body.by_sex, ...all.body.by_age_band]) expect(cell.suppressed ? cell.count === null : cell.count >= 5).toBe(true);
    const shownSex = all.body.by_sex.filter((c: { suppressed: boolean }) => !c.suppressed);
    expect(shownSex.length).not.toBe(all.body.by_sex.length - 1); // never exactly one hidden cell

    const malaria = await post(`${RES}/cohort/`, { diagnosis_codes: ["B50"] }, researcher);
    expect(malaria.status).toBe(200);
    expect(malaria.body.count === null || malaria.body.count >= 5).toBe(true);
    const narrow = await post(`${RES}/cohort/`, { diagnosis_codes: ["B50"], medications: ["Metformin"], sex: "female", age_min: 90 }, researcher);
    expect(narrow.body).toMatchObject({ count: null, suppressed: true });
    expect(narrow.body.by_sex.every((c: { count: null }) => c.count === null)).toBe(true);
    expect(await auditCount("research_cohort_count")).toBeGreaterThanOrEqual(3);
  });

  it("cannot be differenced: counts of overlapping cohorts carry unrelated noise (±2), the same cohort the same answer", async () => {
    const ages = await rowsOf<{ age: number }>(await stack.server.database!.db.execute(sql`select date_part('year', age(current_date, birth_date))::int as age from clinical.patients`));
    const atLeast = (min: number) => ages.filter((a) => a.age >= min).length;
    // A researcher of its own: the assistants allow 60 calls a minute per caller, and this asks 56.
    const asker = await stack.token("researcher", { sub: "mr-researcher-differencing" });
    let revealed = 0;
    let pairs = 0;
    for (let min = 18; min <= 44; min++) {
      const [older, younger] = await Promise.all([post(`${RES}/cohort/`, { age_min: min + 1 }, asker), post(`${RES}/cohort/`, { age_min: min }, asker)]);
      for (const [res, truth] of [[older, atLeast(min + 1)], [younger, atLeast(min)]] as const) {
        if (truth < 5) continue;
        expect(res.body.count, `age_min ${min}`).toBeGreaterThanOrEqual(Math.max(5, truth - 2));
        expect(res.body.count, `age_min ${min}`).toBeLessThanOrEqual(truth + 2);
      }
      if (atLeast(min + 1) < 5) continue;
      pairs++;
      if (younger.body.count - older.body.count === atLeast(min) - atLeast(min + 1)) revealed++;
    }
    // Without noise every difference is the true number of patients of that age (the attack); with it, most are not.
    expect(pairs).toBeGreaterThan(15);
    expect(revealed).toBeLessThan(pairs * 0.75);
    // Asking again teaches nothing: the same cohort gets the same answer.
    const again = await Promise.all([post(`${RES}/cohort/`, { age_min: 30, sex: "male" }, asker), post(`${RES}/cohort/`, { age_min: 30, sex: "male" }, asker)]);
    expect(again[0].body.count).toBe(again[1].body.count);
    expect(again[0].body.by_age_band).toEqual(again[1].body.by_age_band);
  });

  it("refuses criteria it cannot apply", async () => {
    const res = await post(`${RES}/cohort/`, { diagnosis_codes: ["diabetes"], medications: ["Zorblax"], sex: "f", age_min: 60, age_max: 40 }, researcher);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["age_max", "diagnosis_codes.0", "medications.0", "sex"]);
  });

  it("recommends a statistical test with rationale, and refuses an incomplete design", async () => {
    const res = await post(`${RES}/statistical-test/`, { outcome_type: "continuous", groups: 2, paired: true, normal_distribution: false }, researcher);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ found: true, test: "Wilcoxon signed-rank test", rationale: expect.any(String), source: expect.stringMatching(/Altman/) });
    // Matched pairs of survival times have a rule since session 21 (stratified log-rank); three or more matched groups do not.
    const none = await post(`${RES}/statistical-test/`, { outcome_type: "time_to_event", groups: 3, paired: true }, researcher);
    expect(none.body).toMatchObject({ found: false, test: null, reason: expect.stringMatching(/consult a statistician/) });
    const bad = await post(`${RES}/statistical-test/`, { outcome_type: "continuous", groups: 0 }, researcher);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("groups");
    expect(bad.body.error.fields).toHaveProperty("normal_distribution");
  });

  it("is for researchers only", async () => {
    expect((await post(`${RES}/cohort/`, {}, nurse)).status).toBe(403);
    expect((await post(`${RES}/statistical-test/`, { outcome_type: "binary", groups: 2 }, await stack.token("physician", { sub: "mr-phys-r" }))).status).toBe(403);
  });
});

describe("researcher assistant: literature search", () => {
  const LIT = "/api/v1/multi-role/researcher/literature-search/";
  let researcher: string;
  beforeAll(async () => {
    researcher = await stack.token("researcher", { sub: "mr-lit-researcher" });
  });

  it("ranks the known statement first, with a highlighted snippet, source and licence", async () => {
    const before = await auditCount("research_literature_search");
    const res = await post(LIT, { query: "latent tuberculosis screening" }, researcher);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      id: "uspstf-337",
      title: expect.stringMatching(/^Latent Tuberculosis Infection: Screening/),
      issuing_body: "U.S. Preventive Services Task Force (USPSTF)",
      grade: "B",
      topics: expect.arrayContaining(["tuberculosis"]),
      snippet: expect.stringMatching(/«tuberculosis»/),
      source_url: expect.stringMatching(/^https:\/\/github\.com\/dhes\/uspstf-json\//),
      licence: expect.stringMatching(/Public domain/),
    });
    expect(res.body.results[0].score).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ count: expect.any(Number), page: 1, page_size: 10, match_mode: "all", query_understood: expect.stringMatching(/tubercul/), corpus: expect.stringMatching(/^guideline-abstracts@1\.0\.0\+/), requires_review: true, audit_id: expect.any(String) });
    const scores = res.body.results.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(await auditCount("research_literature_search")).toBe(before + 1);
    const audit = (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=research_literature_search&page_size=100`, { token: auditor })).body;
    const record = audit.results.find((r: { id: string }) => r.id === res.body.audit_id);
    expect(JSON.stringify(record)).not.toContain("latent tuberculosis screening");
  });

  it("ranks HIV preexposure prophylaxis first for a PrEP query, and answers with any word when no entry has all", async () => {
    const prep = await post(LIT, { query: "HIV preexposure prophylaxis" }, researcher);
    expect(prep.body.results[0].id).toBe("uspstf-487");
    const any = await post(LIT, { query: "hypertension malaria" }, researcher);
    expect(any.status).toBe(200);
    expect(any.body.match_mode).toBe("any");
  });

  it("filters by topic, issuing body and year, and pages", async () => {
    const pregnant = await post(LIT, { query: "screening", topics: ["maternal-health"], page_size: 50 }, researcher);
    expect(pregnant.body.count).toBeGreaterThan(5);
    for (const r of pregnant.body.results) expect(r.topics).toContain("maternal-health");
    expect((await post(LIT, { query: "screening", source: "uspstf" }, researcher)).body.count).toBeGreaterThan(0);
    expect((await post(LIT, { query: "screening", source: "World Health Organization" }, researcher)).body.count).toBe(0);
    // The USPSTF capture carries no years: a year filter leaves those entries out.
    expect((await post(LIT, { query: "screening", year_from: 2000 }, researcher)).body.count).toBe(0);
    const p1 = await post(LIT, { query: "screening", page_size: 5 }, researcher);
    const p2 = await post(LIT, { query: "screening", page_size: 5, page: 2 }, researcher);
    expect(p2.body.count).toBe(p1.body.count);
    expect(p2.body.results.map((r: { id: string }) => r.id)).not.toContain(p1.body.results[0].id);
  });

  it("refuses an empty, stop-word-only or overlong query and bad filters with field errors", async () => {
    const empty = await post(LIT, { query: "  " }, researcher);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty("query");
    expect((await post(LIT, {}, researcher)).status).toBe(400);
    const long = await post(LIT, { query: "x".repeat(501) }, researcher);
    expect(long.status).toBe(400);
    expect(long.body.error.fields.query[0]).toMatch(/500/);
    const stop = await post(LIT, { query: "the and of" }, researcher);
    expect(stop.status).toBe(400);
    expect(stop.body.error.fields.query[0]).toMatch(/no searchable words/);
    const bad = await post(LIT, { query: "hiv", year_from: 2020, year_to: 2010, page: 0, page_size: 500 }, researcher);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["page", "page_size", "year_to"]);
  });

  it("is for researchers and physicians; a nurse is refused", async () => {
    expect((await post(LIT, { query: "hiv" }, nurse)).status).toBe(403);
    expect((await post(LIT, { query: "hiv" }, await stack.token("pharmacist", { sub: "mr-lit-pharm" }))).status).toBe(403);
    expect((await post(LIT, { query: "hiv" }, await stack.token("physician", { sub: "mr-lit-phys" }))).status).toBe(200);
  });
});

describe("role assistants over GraphQL", () => {
  it("answers the nurse assessment as a mutation and refuses another role with FORBIDDEN", async () => {
    const query = `mutation($input: NurseAssessmentInput!) { nurseAssessment(input: $input) { news2Score clinicalRisk escalate parameters { parameter score } auditId } }`;
    const input = { vitals: { respirationRate: 25, spo2: 96, supplementalOxygen: false, systolicBp: 120, pulse: 80, consciousness: "alert", temperature: 37 } };
    const ok = await stack.gql(query, { input }, nurse);
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.nurseAssessment).toMatchObject({ news2Score: 3, clinicalRisk: "low_medium", escalate: true, auditId: expect.any(String) });
    const refused = await stack.gql(query, { input }, await stack.token("pharmacist", { sub: "gql-pharm" }));
    expect(refused.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});
