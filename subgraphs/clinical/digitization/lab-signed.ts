import { parseLine, type LabResult } from "./lab-line.js";

/**
 * Results that can be below zero: the base excess of a blood gas ("BE(B) -15.8 mmol/L -2 - 2 L", "Base
 * excess: +3.1 mmol/L (-2 to +2)", "BEecf -6 mmol/L"). Elsewhere a "-" before a number is a separator
 * ("Hb - 8.9 g/dL") and a range is never signed, so signs are read only for these names, and only when
 * the sign is written against the number. Base deficit is printed as a positive number and is not here.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 17).
 */
const SIGNED_NAME = String.raw`(?:(?:actual|standard)\s)?base\sexcess(?:\s?\((?:b|ecf|vt)\))?|BE(?:\s?\((?:B|ecf|vt)\)|ecf|b|act|std)?|ABE|SBE|cBase(?:\s?\((?:B|Ecf)\))?`;
const SIGNED_NUMBER = String.raw`[-+−]?\d+(?:\.\d+)?`;
const SIGNED_LINE = new RegExp(
  String.raw`^(?<name>${SIGNED_NAME})\s?[:=]?\s(?<value>${SIGNED_NUMBER})(?<unit>\s(?:mmol\/L|mmol\/l|mEq\/L|meq\/l))?` +
    String.raw`(?:\s[(\[]?(?<low>${SIGNED_NUMBER})\s?(?:-|to)\s?(?<high>${SIGNED_NUMBER})[)\]]?)?(?:\s(?<flag>H|L|HH|LL|N|A))?$`,
  "i",
);
const signed = (written: string) => Number(written.replace("−", "-"));

/** A base excess line read with its signs, or null when the line is not one. */
export function readSignedResult(line: string): { result: LabResult; warnings: string[] } | null {
  const m = SIGNED_LINE.exec(line);
  if (!m?.groups) return null;
  const { name, value, unit = "", low, high, flag } = m.groups;
  // The unsigned reading gives the name, unit and checks; the sign and the range are put back after.
  const read = parseLine(`${name} ${value.replace(/^[-+−]/, "")}${unit}${flag ? ` ${flag}` : ""}`);
  if (!read.result) return null;
  const v = signed(value);
  const [lo, hi] = low !== undefined ? [signed(low), signed(high)] : [null, null];
  const computed = lo === null || hi === null ? null : v < lo ? "L" : v > hi ? "H" : "N";
  const abnormalFlag = read.result.flagSource === "document" ? read.result.abnormalFlag : computed;
  const flagSource = read.result.flagSource === "document" ? "document" : computed ? "reference_range" : null;
  const reference = low !== undefined ? `${low}-${high}` : null;
  return { result: { ...read.result, value: v, reference, low: lo, high: hi, abnormalFlag, flagSource }, warnings: read.warnings ?? [] };
}
