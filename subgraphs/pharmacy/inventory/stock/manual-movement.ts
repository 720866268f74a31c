/**
 * What a person may record by hand through `POST /api/v1/pharmacy/inventory/movements/`
 * (docs/decisions/pharmacy.md, "Inventory ledger"). Every workflow writes its own movements in the
 * transaction that records it (a sale's completion, a dispense, a goods received note, a return, a
 * destruction, a preparation), with its own checks (payment, prescription and register, over-receipt,
 * witness). A hand-made movement of the same kind, or under the same reference, would take the stock
 * off twice or without those checks, so by hand there are only receipts (a delivery outside a purchase
 * order) and adjustments (counts, write-offs), under references of one's own.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { conflict, fieldError, type FieldErrorCollector } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { MAX_QUANTITY } from "../../../../lib/money.js";
import { controlledRegisterEntries, stockMovements } from "../../db/tables.js";
import type { LedgerMovementType } from "../ledger.js";
import type { CatalogMedication } from "../medications/catalog.js";

const TILL = "the till: complete the sales transaction (POST /api/v1/pharmacy/sales/transactions/{id}/complete/)";
const DISPENSING = "dispensing (POST /api/v1/pharmacy/dispensing/dispenses/)";
const GRN = "a goods received note (POST /api/v1/procurement/grn/)";
const CUSTOMER_RETURN = "a customer return (POST /api/v1/returns/customer/)";
const SUPPLIER_RETURN = "a supplier return (POST /api/v1/returns/supplier/)";
const DESTRUCTION = "a witnessed destruction (POST /api/v1/returns/destruction/)";
const COMPOUNDING = "a compound preparation (POST /api/v1/compounding/preparations/)";

/** Movement types only a workflow writes, and the workflow. */
const WORKFLOW_MOVEMENT_TYPES: Partial<Record<LedgerMovementType, string>> = {
  sale: TILL,
  dispense: DISPENSING,
  return: CUSTOMER_RETURN,
  supplier_return: SUPPLIER_RETURN,
  destruction: DESTRUCTION,
  compounding: COMPOUNDING,
};

/** Reference types a workflow writes its movements under (compared without case, spaces or dashes), and the workflow. */
const WORKFLOW_REFERENCE_TYPES: Record<string, string> = {
  transaction: TILL,
  sale: TILL,
  sales_transaction: TILL,
  dispense: DISPENSING,
  prescription: DISPENSING,
  purchase_order: GRN,
  grn: GRN,
  goods_received_note: GRN,
  customer_return: CUSTOMER_RETURN,
  supplier_return: SUPPLIER_RETURN,
  destruction: DESTRUCTION,
  quarantine: DESTRUCTION,
  compound_preparation: COMPOUNDING,
  compounding: COMPOUNDING,
  opening_balance: "creating the product or inventory item (its opening stock)",
};

/** The reference type a controlled medicine's adjustment names: the controlled-register entry it books. */
export const CONTROLLED_REGISTER_REFERENCE = "controlled_register";

const normalType = (t: string) => t.trim().toLowerCase().replace(/[\s-]+/g, "_");

/** Adds the problems of a hand-made movement's type, reference and quantity (400s, before anything is read). */
export function checkManualMovement(input: { movementType: string; quantity: number; referenceType?: string | null }, errors: FieldErrorCollector): void {
  const workflow = WORKFLOW_MOVEMENT_TYPES[input.movementType as LedgerMovementType];
  if (workflow) errors.add("movementType", `${input.movementType} movements are written only by ${workflow}; by hand record a receipt or an adjustment`);
  const reference = input.referenceType ? WORKFLOW_REFERENCE_TYPES[normalType(input.referenceType)] : undefined;
  if (reference) errors.add("referenceType", `${input.referenceType} references are written only by ${reference}; name a reference of your own (e.g. delivery_note, stock_count)`);
  if (Number.isInteger(input.quantity) && Math.abs(input.quantity) > MAX_QUANTITY) errors.add("quantity", `must be between -${MAX_QUANTITY} and ${MAX_QUANTITY}`);
}

/**
 * A controlled medicine's stock changes by hand only with the register: its balance is a legal book
 * that receiving (goods received notes), dispensing, destruction and compounding write in the same
 * transaction as the stock. A receipt or an adjustment by hand must name the register entry of the same
 * kind it books (`reference_type: controlled_register`, `reference_id`: the entry), so the stock never
 * grows, or drops, without the register showing it (and its witness when one is required). Until
 * goods received notes wrote the register, a receipt by hand was allowed without one: it no longer is.
 */
export function checkControlledMovement(
  input: { movementType: string; referenceType?: string | null; referenceId?: string | null },
  controlled: CatalogMedication | undefined,
  errors: FieldErrorCollector,
): void {
  const namesRegister = !!input.referenceType && normalType(input.referenceType) === CONTROLLED_REGISTER_REFERENCE;
  if (!controlled) {
    if (namesRegister) errors.add("referenceType", "controlled_register references only a controlled medicine's receipt or adjustment");
    return;
  }
  const what = `${controlled.genericName} is a controlled medicine (schedule ${controlled.schedule})`;
  const type = input.movementType;
  if (REGISTER_BOOKED.has(type) && !namesRegister) {
    const grn = type === "receipt" ? " (or receive it on a goods received note, which writes the register)" : "";
    errors.add("referenceType", `${what}: a${type === "adjustment" ? "n" : ""} ${type} books a controlled-register ${type}; record it (POST /api/v1/drug-safety/controlled-register/) and send reference_type controlled_register with its id${grn}`);
  } else if (!REGISTER_BOOKED.has(type) && namesRegister) {
    errors.add("referenceType", "controlled_register references only a receipt or an adjustment");
  } else if (namesRegister && !isUuid(input.referenceId ?? "")) {
    errors.add("referenceId", `${what}: must be the id of the controlled-register ${type} this movement books`);
  }
}

/** Movements by hand that book a controlled-register entry of the same transaction type. */
const REGISTER_BOOKED = new Set(["receipt", "adjustment"]);

/**
 * Inside the movement's transaction: the register entry a receipt or an adjustment books must be this
 * pharmacy's entry of this medicine, of the movement's own type, with the same signed quantity (400),
 * and booked once (409). The entry's row lock serialises two movements naming it.
 */
export async function claimRegisterEntry(tx: Db, c: { entryId: string; pharmacyId: string; medicationCode: string; quantity: number; movementType: "receipt" | "adjustment" }): Promise<void> {
  const [entry] = await tx.select().from(controlledRegisterEntries).where(eq(controlledRegisterEntries.id, c.entryId)).for("update");
  if (!entry || entry.pharmacyId !== c.pharmacyId || entry.medicationCode !== c.medicationCode || entry.transactionType !== c.movementType) {
    throw fieldError("referenceId", `no controlled-register ${c.movementType} of ${c.medicationCode} with this id in this pharmacy`);
  }
  if (entry.quantity !== c.quantity) throw fieldError("quantity", `must be the register adjustment's ${entry.quantity}`);
  const [used] = await tx
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.referenceType, CONTROLLED_REGISTER_REFERENCE), eq(stockMovements.referenceId, c.entryId)))
    .limit(1);
  if (used) throw conflict(`Controlled-register entry ${c.entryId} is already booked in stock by movement ${used.id}`);
}
