import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oldestUsableVitalDate } from "../../subgraphs/clinical/nurse-assistant/record-vitals.js";
import { todayIn } from "../../subgraphs/clinical/nurse-assistant/medication-schedule.engine.js";
import { startStack, type Stack } from "../support/stack.js";

// NEWS2 (RCP 2017) from vitals as wards write them: ACVPU words in the request, and the record's own forms of
// air/oxygen, numbers and temperatures when the nurse leaves a vital out.
let stack: Stack;
let nurse: string;
const PATIENT = "UG-2024-000001";
const ASSESS = "/api/v1/multi-role/nurse/assessment/";
const TODAY = todayIn("Africa/Kampala");
const YESTERDAY = oldestUsableVitalDate("Africa/Kampala");
const FULL = { respiration_rate: 17, spo2: 98, supplemental_oxygen: false, systolic_bp: 127, pulse: 81, consciousness: "A", temperature: 36.7 };

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "news2-forms-nurse" });
});
afterAll(() => stack?.stop());

const assess = (body: unknown) => stack.rest("POST", ASSESS, { token: nurse, body });
const scoreOf = (body: { parameters: { parameter: string; score: number; value: string; source: string }[] }, name: string) => body.parameters.find((p) => p.parameter === name)!;
const without = (key: keyof typeof FULL) => Object.fromEntries(Object.entries(FULL).filter(([k]) => k !== key));
async function record(code: string, value: string, date: string, unit: string | null = null) {
  await stack.server.database!.db.execute(sql`insert into clinical.observations (patient_uhid, code, display, value, unit, date) values (${PATIENT}, ${code}, ${"ward chart"}, ${value}, ${unit}, ${date})`);
}

describe("NEWS2 consciousness as nurses write it", () => {
  it("asks whether confusion is new instead of scoring 'confused' either way", async () => {
    for (const text of ["Confused", "confusion noted"]) {
      const res = await assess({ vitals: { ...FULL, consciousness: text } });
      expect(res.status).toBe(400);
      expect(res.body.error.fields["vitals.consciousness"][0]).toMatch(/whether the confusion is new.*new_confusion.*alert/);
    }
  });

  it("scores delirium and new or worsening confusion 3, and 'responds to voice' 3", async () => {
    for (const text of ["delirium", "Newly confused", "worsening confusion", "responds to voice"]) {
      const res = await assess({ vitals: { ...FULL, consciousness: text } });
      expect(res.status, text).toBe(200);
      expect(scoreOf(res.body, "consciousness").score, text).toBe(3);
      expect(res.body.clinical_risk).toBe("low_medium");
    }
  });
});

describe("NEWS2 from the record's vitals as charted", () => {
  it("reads 'on 4 L/min nasal prongs' recorded today as supplemental oxygen (2 points)", async () => {
    await record("local:supplemental-oxygen", "on 4 L/min nasal prongs", TODAY);
    const res = await assess({ patient_uhid: PATIENT, vitals: without("supplemental_oxygen") });
    expect(res.status).toBe(200);
    expect(scoreOf(res.body, "air_or_oxygen")).toMatchObject({ value: "oxygen", score: 2, source: `record ${TODAY}` });
  });

  it("converts a temperature charted in °F to °C before scoring (101.5 °F = 38.6 °C, 1 point)", async () => {
    await record("8310-5", "101.5", TODAY, "[degF]");
    const res = await assess({ patient_uhid: PATIENT, vitals: without("temperature") });
    expect(res.status).toBe(200);
    expect(scoreOf(res.body, "temperature")).toMatchObject({ value: "38.6", score: 1 });
  });

  it("does not score yesterday's pulse when today's charted one cannot be read: the pulse is asked for", async () => {
    await record("8867-4", "68", YESTERDAY);
    await record("8867-4", "thready", TODAY);
    const res = await assess({ patient_uhid: PATIENT, vitals: without("pulse") });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(["vitals.pulse"]);
  });
});
