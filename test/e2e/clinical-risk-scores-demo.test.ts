import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

interface DemoPatient {
  uhid: string;
  birth_date: string;
  encounters: unknown[];
}
const demo = JSON.parse(readFileSync(new URL("../../seed/demo/clinical.json", import.meta.url), "utf8")) as { patients: DemoPatient[] };
const withEncounters = demo.patients.filter((p) => p.encounters.length > 0);

/** The two cardiovascular equations together cover ages 30-79 (Framingham 2008 30-74, Pooled Cohort Equations to 79). */
const CV_AGES: [number, number] = [30, 79];

describe("risk scores in the demo world", () => {
  it("has demo patients with encounters of every age band", () => {
    expect(withEncounters.length).toBeGreaterThan(30);
  });

  it("gives every demo patient with encounters the three scores as numbers (or the documented out-of-population null)", async () => {
    const outOfPopulation: string[] = [];
    for (const [i, p] of withEncounters.entries()) {
      // One credential per patient: predictive analytics are limited to 30 calls a minute per credential.
      const token = await stack.token("physician", { sub: `demo-risk-${i}` });
      const res = await stack.rest("POST", "/api/v1/predictive-analytics/risk-scores/", { token, body: { patient_uhid: p.uhid } });
      expect(res.status, p.uhid).toBe(200);
      const { cardiovascular, readmission_30day, mortality_1year } = res.body.risk_scores;
      expect(mortality_1year.score, `${p.uhid} mortality`).toEqual(expect.any(Number));
      expect(readmission_30day.score, `${p.uhid} readmission: ${readmission_30day.factors}`).toEqual(expect.any(Number));
      const age = Number(cardiovascular.inputs.find((x: { name: string }) => x.name === "age")?.value);
      if (age >= CV_AGES[0] && age <= CV_AGES[1]) {
        expect(cardiovascular.score, `${p.uhid} (age ${age}) cardiovascular: ${cardiovascular.missing_inputs}`).toEqual(expect.any(Number));
        expect(cardiovascular.missing_inputs.join(" ")).not.toMatch(/cholesterol|systolic|smoking status/);
        if (age > 74) expect(cardiovascular.model).toMatch(/Pooled Cohort Equations/);
      } else {
        expect(cardiovascular.score, p.uhid).toBeNull();
        expect(cardiovascular.factors[0]).toMatch(/no published 10-year equation covers this age/);
        outOfPopulation.push(p.uhid);
      }
    }
    // The demo world has patients outside both equations too (ages 19-84), so the null path is exercised.
    expect(outOfPopulation.length).toBeGreaterThan(0);
  });
});
