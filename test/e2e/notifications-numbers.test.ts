import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;

beforeAll(async () => {
  // Fifty triggers at once, each asking the registry through the gateway, on a CI machine whose two
  // cores another test file is also using: the last registry answers can take longer than the 5 s an
  // operator would allow, which would be a 503 (tested elsewhere), not a numbering fault.
  stack = await startStack({ env: { UPSTREAM_TIMEOUT_MS: "30000" } });
});
afterAll(() => stack?.stop());

const kampalaDay = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()).replace(/-/g, "");
const sequenceOf = (number: string) => Number(number.split("-")[2]);

describe("notification numbers NOTIF-<yyyymmdd>-<sequence>", () => {
  it("are unique and gap-free under 50 concurrent triggers", async () => {
    // One credential per caller, as 50 clinicians would be: the limit is per credential.
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => stack.token("nurse", { sub: `nurse-${i}` })));
    const responses = await Promise.all(
      tokens.map((token, i) =>
        stack.rest("POST", "/api/v1/triggers/prescription-ready/", {
          token,
          body: { patient_uhid: `UG-2024-0000${String((i % 50) + 1).padStart(2, "0")}`, prescription_id: `RX-C-${i}`, medication_name: "Metformin 500 mg", prescriber_name: "Dr. Okello", facility_name: "Mulago" },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const numbers = responses.map((r) => r.body.notification_number as string);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^NOTIF-${kampalaDay()}-\\d{6}$`));
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(sequences[49] - sequences[0]).toBe(49);
  }, 90_000);

  it("give both critical-alert messages consecutive numbers, and continue the day's sequence", async () => {
    const nurse = await stack.token("nurse");
    const before = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: "UG-2024-000004", observation_id: "O-1", test_name: "HbA1c", ordered_by: "Dr. A", facility_name: "Lab" } });
    const alert = await stack.rest("POST", "/api/v1/triggers/critical-alert/", {
      token: nurse,
      body: { patient_uhid: "UG-2024-000004", provider_id: "PRV-0002", observation_id: "O-2", test_name: "Glucose", value: "1.9", unit: "mmol/L", reference_range: "3.9-7.8", patient_name: "Test Patient" },
    });
    const [a, b] = alert.body.notification_numbers.map(sequenceOf);
    expect(a).toBe(sequenceOf(before.body.notification_number) + 1);
    expect(b).toBe(a + 1);
  });

  it("does not use up a number when a request is refused", async () => {
    const nurse = await stack.token("nurse");
    const body = { patient_uhid: "UG-2024-000005", observation_id: "O-3", test_name: "FBC", ordered_by: "Dr. A", facility_name: "Lab" };
    const first = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body });
    const refused = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { ...body, test_name: "" } });
    expect(refused.status).toBe(400);
    const next = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body });
    expect(sequenceOf(next.body.notification_number)).toBe(sequenceOf(first.body.notification_number) + 1);
  });
});
