import { describe, expect, it } from "vitest";
import { isLegalTransition, retryDelayMs } from "./transitions.js";

describe("notification transitions", () => {
  it.each([
    ["PENDING", "PROCESSING", true],
    ["PENDING", "CANCELLED", true],
    ["PROCESSING", "SENT", true],
    ["PROCESSING", "PENDING", true],
    ["SENT", "DELIVERED", true],
    ["PENDING", "SENT", false],
    ["PROCESSING", "CANCELLED", false],
    ["DELIVERED", "FAILED", false],
    ["FAILED", "PENDING", false],
    ["CANCELLED", "PENDING", false],
  ] as const)("%s → %s is %s", (from, to, legal) => {
    expect(isLegalTransition(from, to)).toBe(legal);
  });
});

describe("retry backoff", () => {
  it("doubles per attempt and stays within [half, full] of the exponential step", () => {
    expect(retryDelayMs(1, 1000, undefined, () => 0)).toBe(500);
    expect(retryDelayMs(1, 1000, undefined, () => 1)).toBe(1000);
    expect(retryDelayMs(3, 1000, undefined, () => 0)).toBe(2000);
    expect(retryDelayMs(3, 1000, undefined, () => 1)).toBe(4000);
  });

  it("is capped", () => {
    expect(retryDelayMs(30, 1000, 60_000, () => 1)).toBe(60_000);
  });
});
