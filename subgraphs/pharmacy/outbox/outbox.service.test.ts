import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./outbox.service.js";

describe("outbox retry delay", () => {
  it("doubles per attempt from the base, within ±20 % jitter", () => {
    for (const [attempts, expected] of [
      [1, 100],
      [2, 200],
      [3, 400],
      [5, 1600],
    ] as const) {
      for (let i = 0; i < 20; i++) {
        const d = retryDelayMs(100, attempts);
        expect(d).toBeGreaterThanOrEqual(expected * 0.8);
        expect(d).toBeLessThanOrEqual(expected * 1.2);
      }
    }
  });

  it("never waits more than ten minutes (plus jitter), however many attempts failed", () => {
    expect(retryDelayMs(2000, 40)).toBeLessThanOrEqual(600_000 * 1.2);
    expect(retryDelayMs(2000, 40)).toBeGreaterThanOrEqual(600_000 * 0.8);
  });
});
