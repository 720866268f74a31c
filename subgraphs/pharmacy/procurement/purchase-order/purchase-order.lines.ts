import type { FieldErrorCollector } from "../../../../lib/errors.js";
import { MAX_QUANTITY } from "../../../../lib/money.js";
import { medicationCodeProblem } from "../procurement-common.js";
import type { PurchaseOrderItemInput } from "./purchase-order.type.js";

/** Most lines one purchase order may have. */
export const MAX_LINES = 200;
/** Longest medication code (catalog codes are RxCUIs or short `local:` names). */
const MAX_CODE_LENGTH = 64;

/**
 * Spec, "Purchase order create request": checks every line of a new order at once and adds each
 * problem under the line's index (`items.N.medicationCode`, `items.N.quantity`, `items.N.unitPrice`,
 * as sales lines name theirs): a code that is blank, too long or not in the medication catalog, a
 * medication already on an earlier line, a quantity that is not a whole number from 1 to 1,000,000, a
 * price not above zero or with more than two decimals; and too few or too many lines on `items`.
 * Types (a fractional quantity, a price that is not a decimal string) are refused before this runs,
 * by the schema's coercion, each on its line too.
 */
export function checkPurchaseOrderLines(items: readonly PurchaseOrderItemInput[], errors: FieldErrorCollector): void {
  if (items.length === 0) errors.add("items", "must contain at least one item");
  if (items.length > MAX_LINES) errors.add("items", `must contain at most ${MAX_LINES} items`);
  const seen = new Map<string, number>();
  items.forEach((it, i) => {
    const at = `items.${i}`;
    const code = it.medicationCode.trim();
    if (!code) errors.add(`${at}.medicationCode`, "is required");
    else if (code.length > MAX_CODE_LENGTH) errors.add(`${at}.medicationCode`, `must be at most ${MAX_CODE_LENGTH} characters`);
    else {
      const problem = medicationCodeProblem(code);
      if (problem) errors.add(`${at}.medicationCode`, problem);
      else if (seen.has(code)) errors.add(`${at}.medicationCode`, `is already ordered on line ${seen.get(code)}; order each medication once`);
      else seen.set(code, i);
    }
    if (!Number.isInteger(it.quantity) || it.quantity < 1) errors.add(`${at}.quantity`, "must be an integer greater than zero");
    else if (it.quantity > MAX_QUANTITY) errors.add(`${at}.quantity`, `must be at most ${MAX_QUANTITY}`);
    if (!it.unitPrice.isFinite() || it.unitPrice.lte(0)) errors.add(`${at}.unitPrice`, "must be greater than zero");
    else if (it.unitPrice.decimalPlaces() > 2) errors.add(`${at}.unitPrice`, "must have at most two decimal places");
  });
}
