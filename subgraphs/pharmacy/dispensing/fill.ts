import type { PrescriptionItemRow } from "./prescription/prescription.service.js";

/**
 * The items one fill dispenses: every item for the prescription itself (fill 0); for refill n, the
 * items that allow at least n refills (a chronic medicine refilled, a 5-day antibiotic not).
 */
export function itemsOfFill(items: PrescriptionItemRow[], fillNumber: number): PrescriptionItemRow[] {
  return fillNumber === 0 ? items : items.filter((i) => i.refillsAllowed >= fillNumber);
}
