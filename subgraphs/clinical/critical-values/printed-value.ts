// A type-only import: censored-result imports the engine, which imports this module (no cycle at load time).
import type { QuantityComparator } from "./censored-result.js";

/**
 * A result value as analysers, point-of-care devices and laboratory information systems print it (session 21,
 * critical-value engine 1.15.0), read into a number, a comparator and, when printed with it, a unit:
 * - a decimal comma ("2,8": SI Brochure, 9th ed. 2019, 5.4.2, the decimal marker is a point or a comma) and
 *   thousand separators ("1,200", "42,000", "1,250,000": a comma followed by groups of exactly three digits);
 * - a censored result ("> 33.3", "<2.0", "≥ 600"): the comparator (FHIR Quantity.comparator) before the number;
 * - a count with its power of ten printed after it ("2.1x10^9/L", "1.9 10*9/L", "21 x10³/µL"): the unit;
 * - the sender's flags after it ("6.9 H", "118 LL", "2.1*", "6.2 (L)", "6.8 ↑"; HL7 v2 table 0078 L/H/LL/HH/A/AA):
 *   not read, since this service's limits apply (said in the notes);
 * - "repeated", "confirmed" (a repeated or confirmed result is still the result) and a haemolysed sample written
 *   after the value ("7.2 (haemolysed)"), which is assessed as a haemolysed display is (specimen-quality.ts).
 * Anything else is not read: a value without a number ("see comment", "***", "HI", "LO", "HHH", "Clotted") or with
 * words this reader does not know after it is refused with the reason, never guessed.
 */
export type PrintedValue =
  | { ok: true; value: number; comparator: QuantityComparator | null; unit: string | null; haemolysed: boolean; notes: string[] }
  | { ok: false; reason: string; mark?: "above" | "below" };

/** The printed comparator as its FHIR code (the QuantityComparator enum's values). */
const COMPARATORS = { "<": "<", "<=": "<=", "≤": "<=", ">=": ">=", "≥": ">=", ">": ">" } as unknown as Record<string, QuantityComparator>;

/** Flags a laboratory system prints beside a value (HL7 v2 table 0078 and common printouts). */
const FLAGS = new Set(["h", "l", "hh", "ll", "a", "aa", "n", "hi", "lo", "high", "low", "abn", "abnormal", "crit", "critical", "panic"]);
/** Flag marks: asterisks, exclamation marks and arrows, alone or beside a flag letter ("H*", "*L", "↑↑"). */
const FLAG_MARKS = /^[*!↑↓]+$/u;
const REPEAT_WORDS = new Set(["repeat", "repeated", "rpt", "confirmed", "verified", "rechecked", "reconfirmed", "and", "on", "x2"]);
const HAEMOLYSED_WORDS = new Set(["haemolysed", "hemolysed", "haemolyzed", "hemolyzed", "haemolysis", "hemolysis", "haem", "hem"]);
const SAMPLE_WORDS = new Set(["sample", "specimen", "slightly", "mildly", "moderately", "grossly", "markedly", "mild", "gross", "marked"]);
const CLOTTED_WORDS = new Set(["clot", "clots", "clotted"]);

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const digitsOf = (s: string) => [...s].map((c) => (SUPERSCRIPT.includes(c) ? String(SUPERSCRIPT.indexOf(c)) : c)).join("");

/** The number at the start of `s`: "1,200" (thousands), "2,8" (decimal comma), "6.9", ".5"; with what follows. */
function leadingNumber(s: string): { value: number; rest: string; note?: string } | undefined {
  const thousands = /^(\d{1,3}(?:,\d{3})+)(\.\d+)?(?![\d,])/.exec(s);
  if (thousands && !thousands[1].startsWith("0")) {
    return { value: Number(thousands[1].replace(/,/g, "") + (thousands[2] ?? "")), rest: s.slice(thousands[0].length), note: `"${thousands[0]}" read as ${thousands[1].replace(/,/g, "")}${thousands[2] ?? ""} (commas between groups of three digits are thousand separators)` };
  }
  const decimal = /^(\d*)([.,])(\d+)|^(\d+)/.exec(s);
  if (!decimal || (decimal[1] === "" && decimal[4] === undefined && !decimal[3])) return undefined;
  if (decimal[4] !== undefined) return { value: Number(decimal[4]), rest: s.slice(decimal[0].length) };
  const value = Number(`${decimal[1] || "0"}.${decimal[3]}`);
  return { value, rest: s.slice(decimal[0].length), note: decimal[2] === "," ? `"${decimal[0]}" read as ${value} (decimal comma)` : undefined };
}

/** A whole text that is one number in E-notation ("1e-7", "2.5E+21"). */
const E_NOTATION = /^(?:\d+(?:\.\d*)?|\.\d+)e[+-]?\d+$/i;

/** A power-of-ten unit printed after a count ("x10^9/L", "10*9/L", "x10³/µL", "×10⁹/L"), as "10^9/L". */
const POWER_UNIT = /^\s*(?:[x×*]\s*)?10\s*(?:\^|\*|e)?\s*([⁰¹²³⁴⁵⁶⁷⁸⁹]+|\d{1,2})\s*(\/\s*[a-zµμ]+[0-9³]?)(?=$|[\s,;()[\]])/iu;
/** Another unit printed after a value ("mmol/L", "g/dL", "/mm3", "%PCV", "mg%"). */
const PLAIN_UNIT = /^(?:[a-zµμ]+%?|%[a-z]*|[a-zµμ0-9.^*³]*\/[a-zµμ0-9.^*³]+)$/iu;
const KNOWN_UNIT_WORDS = /\/|%|^(?:mmol|umol|µmol|mg|g|iu|u|meq|kpa|mmhg|torr|ng|pg)\b/iu;

export function readPrintedValue(raw: number | string): PrintedValue {
  if (typeof raw === "number") return { ok: true, value: raw, comparator: null, unit: null, haemolysed: false, notes: [] };
  const printed = raw.trim();
  const notes: string[] = [];
  const cmp = /^(<=|>=|≤|≥|<|>)\s*/u.exec(printed);
  const afterCmp = cmp ? printed.slice(cmp[0].length) : printed;
  // A number in E-notation, alone ("1e-7", "1.5e+21"): how JavaScript and JSON write a very small or very large
  // number, so that a number sent as value_text String(n) reads as n (session 21, value_text through the API).
  if (E_NOTATION.test(afterCmp)) return { ok: true, value: Number(afterCmp), comparator: cmp ? COMPARATORS[cmp[1]] : null, unit: null, haemolysed: false, notes };
  const number = leadingNumber(afterCmp);
  if (!number) return { ok: false, reason: noNumber(printed), mark: outOfRangeMark(printed) };
  if (number.note) notes.push(number.note);
  let rest = number.rest;
  let unit: string | null = null;
  const power = POWER_UNIT.exec(rest);
  if (power) {
    unit = `10^${digitsOf(power[1])}${power[2].replace(/\s+/g, "")}`;
    rest = rest.slice(power[0].length);
  }
  const flags: string[] = [];
  const said: string[] = [];
  let haemolysed = false;
  for (const token of rest.replace(/[()[\]]/g, " ").split(/[\s,;:]+|\s-\s/u).filter((t) => t && t !== "-")) {
    // an abbreviation's dot ("Haem.", "rpt.") is not part of the word (session 22)
    const word = token.toLowerCase().replace(/(?<=[a-z]{2})\.$/, "");
    const letters = word.replace(/[*!↑↓]/gu, "");
    if (FLAG_MARKS.test(token) || (FLAGS.has(letters) && /^[*!]?[a-z]+[*!]?$/u.test(word))) flags.push(token);
    else if (REPEAT_WORDS.has(word)) said.push(token);
    else if (HAEMOLYSED_WORDS.has(word)) haemolysed = true;
    // a haemolysis grade after the word ("haemolysed ++", "HAEM 3+"; session 22)
    else if (haemolysed && /^\d?\+{1,4}$/.test(word)) continue;
    else if (SAMPLE_WORDS.has(word)) continue;
    else if (CLOTTED_WORDS.has(word)) return { ok: false, reason: `"${printed}" says the sample was clotted: a result from a clotted anticoagulated sample is not valid and is neither assessed nor stored; recollect and send the new sample's result` };
    else if (!unit && PLAIN_UNIT.test(token) && KNOWN_UNIT_WORDS.test(token)) unit = token;
    else return { ok: false, reason: `"${printed}": "${token}" after the number is not a flag, unit or sample comment this service reads; send the number alone (and its unit in unit)` };
  }
  if (flags.length) notes.push(`The flag ${flags.map((f) => `"${f}"`).join(", ")} printed with the value "${printed}" was not read: the value is assessed against this service's limits, not the sender's flag`);
  if (said.some((w) => !["and", "on"].includes(w.toLowerCase()))) notes.push(`"${printed}": a repeated or confirmed result, assessed as the result`);
  if (unit) notes.push(`"${printed}": the unit "${unit}" was read from the value`);
  return { ok: true, value: number.value, comparator: cmp ? COMPARATORS[cmp[1]] : null, unit, haemolysed, notes };
}

/**
 * A meter's or analyser's out-of-range mark ("HI", "HHH", "LO", "LLL"): which side of its measuring range the result
 * lies beyond. The engine reads it only for a test that holds the marks' bounds (lab-limits `out_of_range_marks`).
 */
function outOfRangeMark(printed: string): "above" | "below" | undefined {
  const word = printed.toLowerCase().replace(/[^a-z]/g, "");
  if (/^(hi|high|hhh)$/.test(word)) return "above";
  if (/^(lo|low|lll)$/.test(word)) return "below";
  return undefined;
}

/** Why a value without a number is refused, with what to send instead. */
function noNumber(printed: string): string {
  const word = printed.toLowerCase().replace(/[^a-z*]/g, "");
  if (/^(hi|high|hhh|lo|low|lll)$/.test(word)) {
    return `"${printed}" is a meter's or analyser's out-of-range mark, not a number: send the end of the device's measuring range as value with comparator ">" (above) or "<" (below), e.g. a glucometer's HI as value 33.3 mmol/L with comparator ">"`;
  }
  if (/^\*+$/.test(word)) return `"${printed}": the analyser suppressed the result (no value); repeat the measurement`;
  if (/clot/.test(word)) return `"${printed}" says the sample was clotted: a result from a clotted anticoagulated sample is not valid and is neither assessed nor stored; recollect and send the new sample's result`;
  return `"${printed}" is not a number: send the result's number (the comment or text is not assessed)`;
}
