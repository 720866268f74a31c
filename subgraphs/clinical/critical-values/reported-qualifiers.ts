import type { LabTest } from "../knowledge/knowledge.types.js";
import { forTrimester, trimesterOf } from "./pregnancy-reference.js";
import { forHaemolysedSample, type SpecimenQuality } from "./specimen-quality.js";

/**
 * The test as the display's qualifiers say to assess it (the answer's notes pushed to `notes`): a
 * haemolysed sample (specimen-quality.ts) and a stated trimester of pregnancy (pregnancy-reference.ts).
 */
export function asReported(test: LabTest, display: string | null, quality: SpecimenQuality | undefined, notes: string[]): LabTest {
  let assessed = test;
  if (quality === "haemolysed") {
    const haemolysed = forHaemolysedSample(assessed);
    notes.push(haemolysed.note);
    assessed = haemolysed.test;
  }
  const trimester = trimesterOf(display);
  if (trimester) {
    const pregnant = forTrimester(assessed, trimester);
    if (pregnant.note) notes.push(pregnant.note);
    assessed = pregnant.test;
  }
  return assessed;
}
