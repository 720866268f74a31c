import type { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { addDays } from "../procurement-common.js";
import { acceptedOf, checkLines } from "./grn.lines.js";
import type { CreateGoodsReceivedNoteInput, GoodsReceivedItemInput } from "./grn.type.js";

const TODAY = "2026-11-27";
const AMOXICILLIN = "723";
const MORPHINE = "7052"; // witness_required in the catalog
const CODEINE = "2670"; // controlled, no witness required

/** The field errors checkLines throws, or {} when it accepts the note. */
function fieldsOf(input: CreateGoodsReceivedNoteInput, recorder = "kla-pharmacist"): Record<string, string[]> {
  try {
    checkLines(input, TODAY, recorder);
    return {};
  } catch (err) {
    return ((err as GraphQLError).extensions.fields ?? {}) as Record<string, string[]>;
  }
}

let lot = 0;
const line = (medicationCode: string, quantityReceived: number, extra: Partial<GoodsReceivedItemInput> = {}): GoodsReceivedItemInput => ({
  medicationCode,
  quantityReceived,
  lotNumber: `L${++lot}`,
  expiryDate: addDays(TODAY, 400),
  ...extra,
});
const note = (items: GoodsReceivedItemInput[], extra: Partial<CreateGoodsReceivedNoteInput> = {}): CreateGoodsReceivedNoteInput => ({ purchaseOrder: "x", items, ...extra });

describe("GRN lines: rejected quantities", () => {
  it("accepts exactly the (received, rejected, reason) triples the rule allows, over every small case", () => {
    for (const received of [-1, 0, 1, 2, 7]) {
      for (const rejected of [undefined, null, -1, 0, 1, 2, 7, 8]) {
        for (const reason of [undefined, null, "", "  ", "crushed"]) {
          const fields = fieldsOf(note([line(AMOXICILLIN, received, { rejectedQuantity: rejected, rejectionReason: reason })]));
          const r = rejected ?? 0;
          const hasReason = Boolean(reason?.trim());
          const want: string[] = [];
          if (received < 1) want.push("items.0.quantityReceived");
          if (r < 0 || (received >= 1 && r > received)) want.push("items.0.rejectedQuantity");
          if ((r > 0 && !hasReason) || (r === 0 && hasReason)) want.push("items.0.rejectionReason");
          expect(Object.keys(fields).sort(), JSON.stringify({ received, rejected, reason })).toEqual(want.sort());
        }
      }
    }
  });

  it("lets a line refused whole carry an expired lot, but never accepted units of one", () => {
    const expired = addDays(TODAY, -3);
    expect(fieldsOf(note([line(AMOXICILLIN, 4, { rejectedQuantity: 4, rejectionReason: "expired", expiryDate: expired })]))).toEqual({});
    expect(Object.keys(fieldsOf(note([line(AMOXICILLIN, 4, { rejectedQuantity: 3, rejectionReason: "expired", expiryDate: expired })])))).toEqual(["items.0.expiryDate"]);
  });

  it("counts accepted units as received minus rejected", () => {
    expect(acceptedOf(line(AMOXICILLIN, 9, { rejectedQuantity: 2 }))).toBe(7);
    expect(acceptedOf(line(AMOXICILLIN, 9, { rejectedQuantity: null }))).toBe(9);
  });
});

describe("GRN lines: the witness of a controlled receipt", () => {
  it("requires a witness when a medicine whose register entries are witnessed is accepted, and only then", () => {
    expect(fieldsOf(note([line(MORPHINE, 5)])).witness).toEqual([expect.stringContaining("Morphine")]);
    expect(fieldsOf(note([line(CODEINE, 5)]))).toEqual({});
    expect(fieldsOf(note([line(MORPHINE, 5, { rejectedQuantity: 5, rejectionReason: "seal broken" })]))).toEqual({});
    expect(fieldsOf(note([line(MORPHINE, 5)], { witness: "Pharm. Achieng" }))).toEqual({});
  });

  it("refuses the receiver, a blank or an over-long name as the witness", () => {
    for (const witness of ["KLA-PHARMACIST", "kla pharmacist", "   ", "w".repeat(201)]) {
      expect(Object.keys(fieldsOf(note([line(CODEINE, 5)], { witness }))), witness).toEqual(["witness"]);
    }
  });
});
