import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
const WINDOW_MS = 6000;
const LOW_RISK = { patient_uhid: "UG-2024-000005", vitals: { heart_rate: 80, respiratory_rate: 16, systolic_bp: 120, temperature: 37, gcs: 15 } };

beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) } });
});
afterAll(() => stack?.stop());

const sepsis = (token: string) => stack.rest("POST", "/api/v1/predictive-analytics/sepsis-risk/", { token, body: LOW_RISK });

describe("clinical rate limits (per credential, per category)", () => {
  it("allows 30 predictive-analytics calls per window, answers 429 with Retry-After, then recovers", async () => {
    const nurse = await stack.token("nurse", { sub: "rl-nurse" });
    const answers = await Promise.all(Array.from({ length: 31 }, () => sepsis(nurse)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-limit")).toBe("30");

    // Another credential has its own budget; another category of the same credential too.
    expect((await sepsis(await stack.token("nurse", { sub: "rl-nurse-2" }))).status).toBe(200);
    const cds = await stack.rest("POST", "/api/v1/clinical-decision-support/critical-values/", {
      token: nurse,
      body: { patient_uhid: "UG-2024-000005", observation: { code: "2823-3", value: 4.0, unit: "mmol/L" } },
    });
    expect(cds.status).toBe(200);

    await new Promise((r) => setTimeout(r, Number(refused.headers.get("retry-after")) * 1000 + 200));
    expect((await sepsis(nurse)).status).toBe(200);

    // Thirty-odd concurrent audited calls still form one unbroken hash chain.
    const verify = await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: await stack.token("auditor") });
    expect(verify.body).toMatchObject({ valid: true });
    expect(verify.body.records_checked).toBeGreaterThanOrEqual(33);
  });

  it("allows 60 clinical-decision-support calls per window and refuses the 61st", async () => {
    const pharmacist = await stack.token("pharmacist", { sub: "rl-pharmacist" });
    const body = { new_medication: { code: "723", name: "Amoxicillin" }, current_medications: [], conditions: [], allergies: [] };
    const answers = await Promise.all(Array.from({ length: 61 }, () => stack.rest("POST", "/api/v1/clinical-decision-support/drug-interactions/", { token: pharmacist, body })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get("ratelimit-limit")).toBe("60");
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});
