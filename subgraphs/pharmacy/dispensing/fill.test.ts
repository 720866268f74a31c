import { describe, expect, it } from "vitest";
import { itemsOfFill } from "./fill.js";
import type { PrescriptionItemRow } from "./prescription/prescription.service.js";

const item = (position: number, code: string, refillsAllowed: number): PrescriptionItemRow => ({
  id: `i${position}`,
  prescriptionId: "p",
  position,
  medicationCode: code,
  medicationName: code,
  dose: "1",
  frequency: "daily",
  quantity: 30,
  refillsAllowed,
});

describe("the items of a fill", () => {
  const items = [item(0, "6809", 2), item(1, "723", 0), item(2, "29046", 1)];

  it("are every item for the prescription itself (fill 0)", () => {
    expect(itemsOfFill(items, 0).map((i) => i.medicationCode)).toEqual(["6809", "723", "29046"]);
  });

  it("are the items allowing at least n refills for refill n", () => {
    expect(itemsOfFill(items, 1).map((i) => i.medicationCode)).toEqual(["6809", "29046"]);
    expect(itemsOfFill(items, 2).map((i) => i.medicationCode)).toEqual(["6809"]);
    expect(itemsOfFill(items, 3)).toEqual([]);
  });
});
