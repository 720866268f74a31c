import { addCalendarYears } from "../../../../lib/calendar.js";
import { FieldErrorCollector } from "../../../../lib/errors.js";
import { witnessLengthProblem, witnessProblem } from "../../drug-safety/witness.js";
import { normalLot } from "../../inventory/holds.js";
import type { Locked } from "../../inventory/ledger.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { medicationCodeProblem } from "../procurement-common.js";
import type { CreateGoodsReceivedNoteInput, GoodsReceivedItemInput } from "./grn.type.js";

/* The lines of a goods received note: what a delivery may hold, checked before and under the order's lock. */

/** Stock arriving with fewer days than this before expiry is accepted and flagged `short_expiry`. */
export const SHORT_EXPIRY_DAYS = 90;
/**
 * An expiry date further ahead than this is a typing error (9999-12-31, a year keyed as 2205), not a
 * shelf life: manufacturers' labelled shelf lives, set from ICH Q1A stability studies, are rarely
 * above 5 years; 10 leaves room for the rare long-lived product.
 */
export const MAX_SHELF_LIFE_YEARS = 10;

/** Why an expiry date is too far ahead to be a pack's (more than MAX_SHELF_LIFE_YEARS after today), or null. */
export function expiryTooFarAhead(expiryDate: string, today: string): string | null {
  const latest = addCalendarYears(today, MAX_SHELF_LIFE_YEARS);
  return expiryDate > latest ? `is more than ${MAX_SHELF_LIFE_YEARS} years ahead (latest ${latest}): check the date printed on the pack` : null;
}
/** Most lines one note may have. */
export const MAX_LINES = 200;
/** Longest reason for refusing units at the door. */
const MAX_REJECTION_REASON = 500;

/** Units of a line that enter stock: delivered minus refused at the door. */
export const acceptedOf = (it: GoodsReceivedItemInput) => it.quantityReceived - (it.rejectedQuantity ?? 0);

/**
 * Checks what can be checked without the order: quantities (delivered, rejected with its reason), lots,
 * expiry, codes, and the witness a controlled receipt needs. A line whose every unit is refused may
 * carry an expired lot: refusing it at the door is the point.
 */
export function checkLines(input: CreateGoodsReceivedNoteInput, today: string, recorder: string): void {
  const errors = new FieldErrorCollector();
  if (input.items.length === 0) errors.add("items", "must contain at least one item");
  if (input.items.length > MAX_LINES) errors.add("items", `must contain at most ${MAX_LINES} items`);
  const lots = new Map<string, number>();
  const needWitness = new Set<string>();
  input.items.forEach((it, i) => {
    const at = `items.${i}`;
    const code = it.medicationCode.trim();
    const problem = medicationCodeProblem(code);
    if (problem) errors.add(`${at}.medicationCode`, problem);
    const receivedOk = Number.isInteger(it.quantityReceived) && it.quantityReceived >= 1;
    if (!receivedOk) errors.add(`${at}.quantityReceived`, "must be an integer greater than zero");
    const rejected = it.rejectedQuantity ?? 0;
    const reason = it.rejectionReason?.trim() ?? "";
    if (!Number.isInteger(rejected) || rejected < 0) errors.add(`${at}.rejectedQuantity`, "must be an integer, 0 or more");
    else if (receivedOk && rejected > it.quantityReceived) errors.add(`${at}.rejectedQuantity`, `must be at most quantity_received (${it.quantityReceived}): only delivered units can be refused`);
    if (rejected > 0 && !reason) errors.add(`${at}.rejectionReason`, "is required when units are rejected: say why they were refused");
    else if (rejected === 0 && reason) errors.add(`${at}.rejectionReason`, "is given but rejected_quantity is 0: give the number of units refused, or leave the reason out");
    if (reason.length > MAX_REJECTION_REASON) errors.add(`${at}.rejectionReason`, `must be at most ${MAX_REJECTION_REASON} characters`);
    const accepting = !(receivedOk && Number.isInteger(rejected) && rejected === it.quantityReceived);
    const lot = it.lotNumber.trim();
    if (!lot) errors.add(`${at}.lotNumber`, "is required for medicines");
    const key = `${code}|${normalLot(lot)}`;
    if (lot && lots.has(key)) errors.add(`${at}.lotNumber`, `repeats line ${lots.get(key)}; give each lot of a medication one line`);
    else lots.set(key, i);
    const tooFarAhead = expiryTooFarAhead(it.expiryDate, today);
    if (accepting && it.expiryDate <= today) errors.add(`${at}.expiryDate`, `the lot has expired or expires on arrival (today is ${today}); refuse it (rejected_quantity = quantity_received) or return it to the supplier`);
    else if (tooFarAhead) errors.add(`${at}.expiryDate`, tooFarAhead);
    const med = medicationByCode(code);
    if (accepting && med?.controlled && med.witnessRequired) needWitness.add(`${med.genericName} (schedule ${med.schedule})`);
  });
  // The register's witness rule (drug-safety/controlled-register.service.ts): medicines whose every entry is witnessed.
  const witness = input.witness?.trim() ?? "";
  const tooLong = witnessLengthProblem(witness);
  if (input.witness != null && !witness) errors.add("witness", "must name a person, or be left out");
  else if (tooLong) errors.add("witness", tooLong);
  else if (witness) {
    const sameAsRecorder = witnessProblem(witness, [recorder]);
    if (sameAsRecorder) errors.add("witness", sameAsRecorder);
  } else if (needWitness.size) {
    errors.add("witness", `is required: ${[...needWitness].join(", ")} ${needWitness.size > 1 ? "are controlled medicines" : "is a controlled medicine"} whose receipt is entered in the controlled register before a witness`);
  }
  errors.throwIfAny("Invalid goods received note");
}

/**
 * A manufacturer's lot has one expiry date: a line whose lot (compared without regard to case or
 * surrounding spaces) the stock already holds under another expiry is a misread pack or a wrong
 * record, never a second batch of the lot (400 on the line's expiry_date, naming the expiry on record).
 * Reads the batches under the items' row locks, so a concurrent delivery of the lot is seen.
 */
export function checkLotExpiries(input: CreateGoodsReceivedNoteInput, itemIds: (string | null)[], locked: Map<string, Locked>): void {
  const errors = new FieldErrorCollector();
  input.items.forEach((it, i) => {
    if (!itemIds[i]) return; // every unit refused: nothing enters the batch
    const lot = normalLot(it.lotNumber);
    const other = locked.get(itemIds[i])?.batches.find((b) => normalLot(b.lotNumber) === lot && b.expiryDate !== it.expiryDate);
    if (!other) return;
    const onRecord = other.expiryDate ? `with expiry ${other.expiryDate}` : "without an expiry date";
    errors.add(`items.${i}.expiryDate`, `lot ${other.lotNumber} of this medicine is on record ${onRecord} (batch ${other.id}); a lot has one expiry: check the packs and correct the line, or refuse the goods`);
  });
  errors.throwIfAny("Invalid goods received note");
}

