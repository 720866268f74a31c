import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

// Westgard multirule QC through the REST bridge and the GraphQL gateway (same engine, same answer).
let stack: Stack;
let lab: string;
const QC = "/api/v1/multi-role/lab/qc-evaluation/";
const MUTATION = `mutation($input: QcEvaluationInput!) { labQcEvaluation(input: $input) { decision accepted runs { runIndex decision rules } violations { rule runIndices controls rejects } } }`;

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: "qc-e2e-lab" });
});
afterAll(() => stack?.stop());

// Urea controls (mmol/L): level 1 mean 6.0 SD 0.25, level 2 mean 20.0 SD 0.8.
const UREA = [{ name: "urea L1", mean: 6.0, sd: 0.25 }, { name: "urea L2", mean: 20.0, sd: 0.8 }];

async function bothWays(input: { controls: unknown[]; runs: { values: number[] }[] }) {
  const rest = await stack.rest("POST", QC, { token: lab, body: input });
  const gql = await stack.gql(MUTATION, { input }, lab);
  expect(rest.status).toBe(200);
  expect(gql.body.errors, JSON.stringify(gql.body.errors)).toBeUndefined();
  return { rest: rest.body, gql: gql.body.data.labQcEvaluation };
}

describe("lab QC evaluation (Westgard multirule) through REST and GraphQL", () => {
  it("2-2s across runs: level 2 beyond −2 SD in two consecutive runs rejects the second", async () => {
    // L2: 18.2 is −2.25 SD, 18.3 is −2.125 SD; L1 stays near its mean.
    const { rest, gql } = await bothWays({ controls: UREA, runs: [{ values: [6.05, 18.2] }, { values: [5.95, 18.3] }] });
    for (const answer of [rest, gql]) {
      expect(answer.decision).toBe("reject");
      expect(answer.accepted).toBe(false);
      expect(answer.violations).toEqual(expect.arrayContaining([expect.objectContaining({ rule: "2-2s", controls: ["urea L2"], rejects: true })]));
    }
    expect(rest.runs.map((r: { decision: string }) => r.decision)).toEqual(["accept_with_warning", "reject"]);
    expect(gql.violations.find((v: { rule: string }) => v.rule === "2-2s").runIndices).toEqual([0, 1]);
    expect(rest.violations.find((v: { rule: string }) => v.rule === "2-2s").run_indices).toEqual([0, 1]);
  });

  it("R-4s is within a run only: +2 SD then −2 SD on the next run is a warning, not a rejection", async () => {
    // L1: 6.6 is +2.4 SD, then 5.4 is −2.4 SD in the next run.
    const { rest, gql } = await bothWays({ controls: UREA, runs: [{ values: [6.6, 20.1] }, { values: [5.4, 19.9] }] });
    for (const answer of [rest, gql]) {
      expect(answer.decision).toBe("accept_with_warning");
      expect(answer.accepted).toBe(true);
      expect(answer.violations.map((v: { rule: string }) => v.rule)).not.toContain("R-4s");
      expect(answer.violations.every((v: { rejects: boolean }) => !v.rejects)).toBe(true);
    }
  });

  it("three-level control: two of three levels beyond +2 SD in one run is a 2of3-2s rejection", async () => {
    const hb = [{ name: "low", mean: 5.0, sd: 0.25 }, { name: "normal", mean: 11.0, sd: 0.5 }, { name: "high", mean: 15.0, sd: 0.5 }];
    const { rest, gql } = await bothWays({ controls: hb, runs: [{ values: [5.6, 11.1, 16.2] }] });
    for (const answer of [rest, gql]) {
      expect(answer.decision).toBe("reject");
      expect(answer.violations).toEqual(expect.arrayContaining([expect.objectContaining({ rule: "2of3-2s", controls: ["low", "high"] })]));
    }
  });

  it("refuses a run with a value missing and a negative SD, with field errors", async () => {
    const res = await stack.rest("POST", QC, { token: lab, body: { controls: [{ mean: 6, sd: -0.25 }, { mean: 20, sd: 0.8 }], runs: [{ values: [6.1] }] } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["controls.0.sd", "runs.0.values"]));
  });
});
