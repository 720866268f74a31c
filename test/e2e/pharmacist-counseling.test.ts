import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let pharmacist: string;
const COUNSELING = "/api/v1/multi-role/pharmacist/counseling-points/";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "counseling-pharm" });
});
afterAll(() => stack?.stop());

describe("pharmacist counseling points for what East African counters dispense", () => {
  it("answers a first-line HIV refill over REST: the fixed-dose tablet through its components, and the companions", async () => {
    const medications = [{ code: "", name: "Tenofovir/Lamivudine/Dolutegravir 300/300/50" }, { code: "", name: "Isoniazid 300mg" }, { code: "", name: "Pyridoxine 25mg" }];
    const res = await stack.rest("POST", COUNSELING, { token: pharmacist, body: { medications } });
    expect(res.status).toBe(200);
    const [tld, inh, b6] = res.body.medications;
    expect(tld).toMatchObject({ drug_id: "tenofovir_lamivudine_dolutegravir", available: true, note: null });
    expect(tld.how_to_take.join(" ")).toMatch(/Dolutegravir: .*antacids/);
    expect(tld.source).toMatch(/Lamivudine: .*\| Dolutegravir: /);
    expect(inh).toMatchObject({ drug_id: "isoniazid", available: true });
    expect(b6).toMatchObject({ drug_id: "pyridoxine", available: true });
    expect(res.body.ruleset_version).toMatch(/counseling@2026\.11\.\d+/);
  });

  it("answers the same over GraphQL, and names the component without an entry of a combination", async () => {
    const query = `mutation($input: CounselingPointsInput!) { pharmacistCounselingPoints(input: $input) { medications { medication drugId available howToTake warnings source note } requiresReview } }`;
    const input = { medications: [{ code: "", name: "Amlodipine 5mg" }, { code: "", name: "Ampicillin/Cloxacillin 500mg" }] };
    const res = await stack.gql(query, { input }, pharmacist);
    expect(res.body.errors).toBeUndefined();
    const [amlodipine, ampiclox] = res.body.data.pharmacistCounselingPoints.medications;
    expect(amlodipine).toMatchObject({ drugId: "amlodipine", available: true, source: expect.stringMatching(/nhs\.uk/) });
    expect(ampiclox).toMatchObject({ drugId: "ampicillin_cloxacillin", available: false, howToTake: [], source: null });
    expect(ampiclox.note).toMatch(/Ampicillin/);
    expect(res.body.data.pharmacistCounselingPoints.requiresReview).toBe(true);
  });
});
