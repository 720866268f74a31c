/**
 * What a dispense may give (spec workflow 2, "check controlled substances when applicable"): the lines
 * of the request against the open fill — its items, what each still owes after earlier parts — and
 * the controlled-medicine rules (witness, per-prescription limit over every part, validity).
 */
import { GraphQLError } from "graphql";
import type { Db } from "../../../../lib/db.js";
import { conflict, ErrorCode, FieldErrorCollector } from "../../../../lib/errors.js";
import { quantityOwed, unitsDispensedOnPrescription } from "../fill/fill.js";
import { witnessProblem } from "../../drug-safety/witness.js";
import { medicationFacts } from "../knowledge.js";
import type { PrescriptionItemRow, PrescriptionRow } from "../prescription/prescription.service.js";
import { CONTROLLED_PRESCRIPTION_VALIDITY_DAYS } from "../prescription/prescription-validity.js";
import type { CreateDispenseInput } from "./dispense.type.js";

export interface PlannedItem {
  /** The line of the request (field errors name it). */
  line: number;
  code: string;
  name: string;
  quantity: number;
  controlled: boolean;
}

/**
 * Items ⊆ the fill's items, one line each, quantities within what the fill still owes, controlled-substance
 * rules (400/409). The witness may be neither the pharmacist named nor the caller (`witnessProblem`).
 */
export async function planItems(db: Db, input: CreateDispenseInput, p: PrescriptionRow, fillItems: PrescriptionItemRow[], fillNumber: number, callerSub: string): Promise<PlannedItem[]> {
  const errors = new FieldErrorCollector();
  if (!input.pharmacist.trim()) errors.add("pharmacist", "must not be blank");
  if (input.items.length === 0) errors.add("items", "must contain at least one item");
  const seen = new Set<string>();
  const planned: PlannedItem[] = [];
  let witnessNeeded = false;
  input.items.forEach((it, line) => {
    const code = it.medicationCode.trim();
    const prescribed = fillItems.find((x) => x.medicationCode === code);
    if (!prescribed) {
      errors.add(`items.${line}.medicationCode`, "is not an item of this prescription's fill");
      return;
    }
    if (seen.has(code)) errors.add(`items.${line}.medicationCode`, "appears twice; give one line per medicine");
    seen.add(code);
    const facts = medicationFacts(code);
    if (!Number.isInteger(it.quantity) || it.quantity < 1) errors.add(`items.${line}.quantity`, "must be an integer greater than zero");
    else planned.push({ line, code, name: prescribed.medicationName, quantity: it.quantity, controlled: Boolean(facts?.controlled) });
    witnessNeeded ||= Boolean(facts?.controlled && facts.witnessRequired);
  });
  addOwedErrors(errors, planned, fillItems, fillNumber, await controlledUnitsGiven(db, p.id, planned.map((x) => x.code)));
  const witness = input.witness?.trim();
  if (witnessNeeded && !witness) errors.add("witness", "is required: a controlled medicine on this dispense needs a witness");
  const sameAsRecorder = witness ? witnessProblem(witness, [input.pharmacist, callerSub]) : null;
  if (sameAsRecorder) errors.add("witness", sameAsRecorder);
  errors.throwIfAny("Invalid dispense");
  if (planned.some((x) => x.controlled)) {
    const ageDays = (Date.now() - p.issuedAt.getTime()) / 86_400_000;
    if (ageDays > CONTROLLED_PRESCRIPTION_VALIDITY_DAYS) {
      throw conflict(`This prescription carries a controlled medicine and was issued more than ${CONTROLLED_PRESCRIPTION_VALIDITY_DAYS} days ago: a new prescription is needed`);
    }
  }
  return planned;
}

/**
 * What a dispense may give of each line: at most what the open fill still owes of it (earlier parts
 * counted), and for a controlled medicine at most its per-prescription limit over every part given.
 * Checked before the safety calls (400) and again under the prescription's lock (409: a part given meanwhile).
 */
function addOwedErrors(errors: FieldErrorCollector, planned: PlannedItem[], fillItems: PrescriptionItemRow[], fillNumber: number, controlledGiven: Map<string, number>): void {
  for (const x of planned) {
    const item = fillItems.find((i) => i.medicationCode === x.code)!;
    const owed = quantityOwed(item, fillNumber);
    const given = `${item.quantityDispensed} of ${item.quantity} dispensed`;
    if (owed === 0) errors.add(`items.${x.line}.quantity`, `nothing of ${x.name} is owed on this fill (${given})`);
    else if (x.quantity > owed) errors.add(`items.${x.line}.quantity`, `must not exceed the ${owed} still owed on this fill (${given})`);
    const limit = x.controlled ? medicationFacts(x.code)?.maxQuantityPerPrescription : null;
    const before = controlledGiven.get(x.code) ?? 0;
    if (limit != null && before + x.quantity > limit) {
      errors.add(`items.${x.line}.quantity`, `${x.name} is controlled: at most ${limit} units per prescription (${before} dispensed already)`);
    }
  }
}

/** Units already dispensed on the prescription of the controlled medicines among `codes` (their limit is per prescription, over every part). */
const controlledUnitsGiven = (db: Db, prescriptionId: string, codes: string[]) =>
  unitsDispensedOnPrescription(db, prescriptionId, codes.filter((code) => medicationFacts(code)?.controlled));

/**
 * The check again under the prescription's lock, against the items as they are now: a part given
 * meanwhile (another counter or pharmacy) may have left less owed than this dispense gives (409,
 * the lines and what is owed named).
 */
export async function assertStillOwed(tx: Db, prescriptionId: string, planned: PlannedItem[], fillItems: PrescriptionItemRow[], fillNumber: number): Promise<void> {
  const errors = new FieldErrorCollector();
  addOwedErrors(errors, planned, fillItems, fillNumber, await controlledUnitsGiven(tx, prescriptionId, planned.map((x) => x.code)));
  if (errors.empty) return;
  throw new GraphQLError("Another dispense of this fill was recorded meanwhile: less is owed now than this dispense gives", { extensions: { code: ErrorCode.CONFLICT, fields: errors.fields } });
}
