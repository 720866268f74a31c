import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

/**
 * A rate limit is a budget per credential and category: every call that resolves a limited field
 * takes one unit atomically, however the calls arrive — as the rows of one list query, as aliases,
 * as concurrent requests, or through several gateways sharing Redis. Exactly `limit` pass per window.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PREDICTIVE_LIMIT = 30;
const CDS_LIMIT = 60;
// Long enough that no window ends while a test runs.
const WINDOW_MS = "600000";

const RISK_SCORES_FOR_EVERY_PATIENT = `query { patients(pageSize: 50) { results { uhid riskScores { auditId } } } }`;

async function listBypassAttempt(stacks: Stack[], sub: string) {
  const physician = await stacks[0].token("physician", { sub });
  // One query scoring 50 patients, from each stack, while 20 REST risk-score calls per stack run.
  const lists = stacks.map((s) => s.gql(RISK_SCORES_FOR_EVERY_PATIENT, {}, physician));
  const singles = stacks.flatMap((s) =>
    Array.from({ length: 20 }, (_, i) =>
      s.rest("POST", "/api/v1/predictive-analytics/risk-scores/", { token: physician, body: { patient_uhid: `UG-2024-${String(i + 1).padStart(6, "0")}` } }),
    ),
  );
  const [listAnswers, singleAnswers] = await Promise.all([Promise.all(lists), Promise.all(singles)]);
  let scored = 0;
  let limited = 0;
  for (const a of listAnswers) {
    expect(a.status).toBe(200);
    // The list stays: only the rows over the limit lose their scores.
    const rows = a.body.data.patients.results as { uhid: string; riskScores: { auditId: string } | null }[];
    expect(rows).toHaveLength(50);
    scored += rows.filter((r) => r.riskScores !== null).length;
    const errors = (a.body.errors ?? []) as { extensions: { code: string } }[];
    limited += errors.filter((e) => e.extensions.code === "RATE_LIMITED").length;
    expect(errors.filter((e) => e.extensions.code !== "RATE_LIMITED"), "errors other than RATE_LIMITED").toEqual([]);
    expect(rows.filter((r) => r.riskScores === null)).toHaveLength(errors.length);
  }
  for (const a of singleAnswers) expect([200, 429]).toContain(a.status);
  const singlesOk = singleAnswers.filter((a) => a.status === 200).length;
  return { passed: scored + singlesOk, refused: limited + singleAnswers.filter((a) => a.status === 429).length };
}

describe("rate limits are atomic per credential and field call (in memory)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_WINDOW_MS: WINDOW_MS } });
  });
  afterAll(() => stack?.stop());

  it("lets exactly the limit of risk scores through a list query and concurrent requests", async () => {
    const { passed, refused } = await listBypassAttempt([stack], "bypass-memory");
    expect(passed).toBe(PREDICTIVE_LIMIT);
    expect(refused).toBe(50 + 20 - PREDICTIVE_LIMIT);
  });

  it("keeps the executed results of 70 aliased drug checks: 60 results, 10 RATE_LIMITED errors, 60 audited", async () => {
    const pharmacist = await stack.token("pharmacist", { sub: "aliases-pharmacist" });
    const auditor = await stack.token("auditor");
    const audited = async () =>
      (await stack.gql(`{ clinicalAuditRecords(operation: "drug_interaction_check", pageSize: 1) { totalCount } }`, {}, auditor)).body.data.clinicalAuditRecords
        .totalCount as number;
    const before = await audited();
    const check = `checkDrugInteractions(input: { newMedication: { code: "723", name: "Amoxicillin" }, currentMedications: [], conditions: [], allergies: [] }) { auditId }`;
    const document = `mutation { ${Array.from({ length: 70 }, (_, i) => `c${i}: ${check}`).join("\n")} }`;
    const answer = await stack.gql(document, {}, pharmacist);
    expect(answer.status).toBe(200);
    const results = Object.values(answer.body.data as Record<string, { auditId: string } | null>);
    expect(results).toHaveLength(70);
    const kept = results.filter((r) => r !== null);
    expect(kept).toHaveLength(CDS_LIMIT);
    expect(answer.body.errors).toHaveLength(70 - CDS_LIMIT);
    for (const e of answer.body.errors) {
      expect(e.extensions.code).toBe("RATE_LIMITED");
      expect(e.extensions.retryAfter).toBeGreaterThanOrEqual(1);
    }
    // Every result the client got is an audited one, and nothing refused was audited.
    expect(await audited()).toBe(before + CDS_LIMIT);
    expect(new Set(kept.map((r) => r!.auditId)).size).toBe(CDS_LIMIT);

    // The REST bridge maps the one refused field to 429 with the headers.
    const refused = await stack.rest("POST", "/api/v1/clinical-decision-support/drug-interactions/", {
      token: pharmacist,
      body: { new_medication: { code: "723", name: "Amoxicillin" }, current_medications: [], conditions: [], allergies: [] },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(refused.headers.get("ratelimit-limit")).toBe(String(CDS_LIMIT));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("rate limits are atomic across gateways sharing Redis", () => {
  let stacks: Stack[] = [];
  beforeAll(async () => {
    // A key prefix of its own, so parallel runs (PGlite and PostgreSQL projects) never share counters.
    const env = { RATE_LIMIT_WINDOW_MS: WINDOW_MS, REDIS_URL, RATE_LIMIT_KEY_PREFIX: `test:rl:${randomBytes(6).toString("hex")}:` };
    stacks = await Promise.all([startStack({ env }), startStack({ env })]);
  });
  afterAll(() => Promise.all(stacks.map((s) => s.stop())));

  it("lets exactly the limit through two services' list queries and concurrent requests together", async () => {
    const { passed, refused } = await listBypassAttempt(stacks, "bypass-redis");
    expect(passed).toBe(PREDICTIVE_LIMIT);
    expect(refused).toBe(2 * (50 + 20) - PREDICTIVE_LIMIT);
  });
});
