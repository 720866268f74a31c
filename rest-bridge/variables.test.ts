import { describe, expect, it } from "vitest";
import { unknownFieldMessage } from "./variables.js";

describe("unknown field: the field the caller probably meant", () => {
  const known = ["patient_uhid", "outcome_type", "groups", "paired", "normal_distribution", "discount_amount", "vitals", "labs"];

  it.each([
    ["discont_amount", "discount_amount"], // one letter left out
    ["dicsount_amount", "discount_amount"], // two neighbours swapped
    ["normal", "normal_distribution"], // the start of the field
    ["vital_signs", "vitals"], // a word of it, longer
    ["patient_id", "patient_uhid"], // a shared word
    ["Paired_Samples", "paired"], // case does not matter
  ])("%s → did you mean %s", (key, meant) => {
    expect(unknownFieldMessage(key, known, [])).toBe(`is not a known field; did you mean ${meant}?`);
  });

  it("nothing close: the plain message", () => {
    for (const key of ["colour", "x", "id", "__proto__", "constructor", "comment"]) expect(unknownFieldMessage(key, known, [])).toBe("is not a known field");
  });

  it("a field the request already gives is not offered", () => {
    expect(unknownFieldMessage("patient_id", known, ["patient_uhid"])).toBe("is not a known field");
  });

  it("at most three suggestions, in the schema's order", () => {
    const many = ["dose_mg", "dose_unit", "dose_text", "dose_form", "route"];
    expect(unknownFieldMessage("dose", many, [])).toBe("is not a known field; did you mean dose_mg or dose_unit or dose_text?");
  });
});
