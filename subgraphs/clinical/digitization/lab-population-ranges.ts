import { parseLine, type LabResult } from "./lab-line.js";

/**
 * Reference ranges printed for one population only: "FSH 7.8 mIU/mL  Follicular phase 3.5-12.5" (the
 * other phases on the lines below), "Hb 13.1 g/dL  Male: 13.0-17.0", "Beta-hCG <1.2 mIU/mL  <5.0
 * (non-pregnant)". The result is read, and the range is kept as written with its population, but it
 * does not flag the result: the report does not say that the patient belongs to that population (a
 * luteal-phase FSH would be flagged against the follicular range). A flag the report prints is kept.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 17).
 */
const POPULATION = String.raw`(?:adults?|children|child|infants?|neonates?|newborns?|males?|females?|men|women|pregnancy|pregnant|non-pregnant|follicular(?:\sphase)?|luteal(?:\sphase)?|ovulation|ovulatory(?:\sphase)?|mid-?cycle|post-?menopaus(?:e|al)|pre-?menopaus(?:e|al))`;
const RANGE = String.raw`(?:[<>]=?|≤|≥)?\s?\d[\d.,]*(?:\s?(?:-|to)\s?\d[\d.,]*)?`;
/** "… Follicular phase 3.5-12.5 [flag]", "… Male: 13.0-17.0". */
const LABEL_BEFORE = new RegExp(String.raw`^(?<before>.*\S)\s(?<label>${POPULATION}):?\s(?<range>${RANGE})(?<after>(?:\s\S+)?)$`, "i");
/** "… <5.0 (non-pregnant)". */
/** Whether a label names a population ("non-pregnant", "Adults", "luteal phase"): its range is read by this module. */
export const isPopulationLabel = (label: string) => new RegExp(String.raw`^${POPULATION}$`, "i").test(label);
const LABEL_AFTER = new RegExp(String.raw`^(?<before>.*\S)\s(?<range>${RANGE})\s\((?<label>${POPULATION})\)$`, "i");

/** The line's result read with a population's range that does not flag it, or null when the line has no such range. */
export function readPopulationRange(line: string): { result: LabResult; warnings: string[] } | null {
  const m = LABEL_BEFORE.exec(line) ?? LABEL_AFTER.exec(line);
  if (!m?.groups) return null;
  const { before, label, range, after = "" } = m.groups;
  const read = parseLine(`${before} ${range}${after}`);
  if (!read.result?.reference) return null;
  const r = read.result;
  const written = LABEL_BEFORE.test(line) ? `${label} ${r.reference}` : `${r.reference} (${label})`;
  const warning = `"${r.name}": the range "${written}" is for one population only and was not used to compute a flag`;
  const flag = r.flagSource === "document" ? {} : { abnormalFlag: null, flagSource: null };
  return { result: { ...r, reference: written, low: null, high: null, ...flag }, warnings: [...(read.warnings ?? []), warning] };
}

const RANGE_LINE = new RegExp(String.raw`^${POPULATION}:?\s${RANGE}$`, "i");
/** A line that only continues a list of ranges by population ("Luteal phase 1.7-7.7", "Postmenopause 25.8-134.8"): not a result. */
export const isPopulationRangeLine = (line: string) => RANGE_LINE.test(line);
