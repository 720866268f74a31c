import { describe, expect, it } from "vitest";
import { fillStatusOf, itemsOfFill, openFillNumber, quantityOwed } from "./fill.js";
import type { PrescriptionItemRow } from "../prescription/prescription.service.js";

const item = (position: number, code: string, refillsAllowed: number, quantityDispensed = 0): PrescriptionItemRow => ({
  id: `i${position}`,
  prescriptionId: "p",
  position,
  medicationCode: code,
  medicationName: code,
  dose: "1",
  frequency: "daily",
  quantity: 30,
  refillsAllowed,
  quantityDispensed,
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

describe("the open fill of a prescription", () => {
  it("is fill 0 while it is pending or partially dispensed, the open refill once dispensed, none otherwise", () => {
    expect(openFillNumber({ status: "pending", openRefillNumber: null })).toBe(0);
    expect(openFillNumber({ status: "partially_dispensed", openRefillNumber: null })).toBe(0);
    expect(openFillNumber({ status: "dispensed", openRefillNumber: 2 })).toBe(2);
    expect(openFillNumber({ status: "dispensed", openRefillNumber: null })).toBeNull();
    expect(openFillNumber({ status: "cancelled", openRefillNumber: null })).toBeNull();
  });
});

describe("what an item still owes", () => {
  it("is the quantity less every part given, on the open fill only", () => {
    expect(quantityOwed(item(0, "6809", 1, 0), 0)).toBe(30);
    expect(quantityOwed(item(0, "6809", 1, 10), 0)).toBe(20);
    expect(quantityOwed(item(0, "6809", 1, 29), 0)).toBe(1);
    expect(quantityOwed(item(0, "6809", 1, 30), 0)).toBe(0);
    expect(quantityOwed(item(0, "6809", 1, 12), 1)).toBe(18);
  });

  it("is nothing once no fill is open (complete, or closed short) and for an item the open refill leaves out", () => {
    expect(quantityOwed(item(0, "6809", 1, 10), null)).toBe(0);
    expect(quantityOwed(item(1, "723", 0, 0), 1)).toBe(0);
    expect(quantityOwed(item(2, "29046", 1, 0), 2)).toBe(0);
  });
});

describe("a fill's status", () => {
  it("uses the same words for fill 0 and refills: a requested refill is pending", () => {
    expect(["requested", "pending", "partially_dispensed", "dispensed", "cancelled"].map(fillStatusOf)).toEqual(["pending", "pending", "partially_dispensed", "dispensed", "cancelled"]);
  });
});
