import type { Assertion } from "./context.js";
import { phraseKeys, type Token } from "./text.js";
import type { EntityType } from "./vocabulary.js";

/**
 * Medicines a note names but the patient does not take, written in ways the ConText triggers (context.ts, shared with
 * the patient messages) do not reach:
 *
 * - a drug history's list item or table row whose status, written after the medicine(s), is a stop: "- TDF/3TC/EFV
 *   2014 - Mar 2019 (switched)", "- Isoniazid 300mg OD (TPT) Jan - Jun 2023, completed", "Hydrochlorothiazide | 25 mg
 *   | OD | - | STOPPED". A medicines reconciliation records stopped drugs with their dates (NICE NG5, Medicines
 *   optimisation, 2015, 1.3.7: "medicines stopped … and the reason"); the line's own trailing status is what it says
 *   of them. A medicine written after the status word ("- stopped nifedipine") is left to the triggers;
 * - a medicine right after "defaulted (on)", "instead of", "rather than", "resistant to" or "resistance to" (and the
 *   medicines listed with it): a treatment the patient left, one not chosen, a culture's resistance ("Pus C/S: MSSA,
 *   resistant to penicillin"): none is a medicine the patient takes;
 * - a medicine or slash-written regimen followed by "defaulted" ("on TLD, defaulted 6 months ago"), "stopped", "not
 *   available" or their Swahili words ("hatumii dawa", "haipatikani"): the regimen left or not had;
 * - a regimen written with slashes right after "switch (from)" or "change (from)" and followed by "to" and another
 *   medicine ("switch TDF/3TC/EFV to TLD"): the regimen left. (The ConText switch rule of context.ts reads one medicine
 *   and the next; a slash-written regimen's parts come between.)
 */
interface MedicationMatch {
  term: { type: EntityType };
  from: number;
  to: number;
}

/** A stop, or an order to hold ("- HOLD until K+ rechecked"), but not a hold on a condition ("hold if SBP < 100"). */
const STOP_STATUS = /(?<![\p{L}\p{N}])(?:stopped|discontinued|switched|ceased|completed|withdrawn|defaulted|(?:hold|held|withhold|withheld)(?![ \t]+if(?![\p{L}\p{N}])))(?![\p{L}\p{N}])/iu;
/** A list item ("- ", "* ", "• ", "1. ", "2) ") or a table row ("a | b | c"). */
const LIST_ITEM = /^[ \t]*(?:[-*•·]|\d{1,2}[.)])[ \t]+/;
const TABLE_ROW = /\|/;
/** A numbered item written inside a line: "Discharge medications: 1. Furosemide … 2. Spironolactone … - HOLD …". */
const INLINE_ITEM = /(?<=^|[\s:;])\d{1,2}[.)][ \t]+(?=\p{L})/gu;

/**
 * "on TLD, defaulted 6 months ago", "bleomycin/vincristine (ABV) 2023 - stopped due to stockout": a default or a stop
 * written right after the regimen (its dose, a bracketed name, a year, a comma or "but" between). Swahili as Tanzanian and
 * Kenyan notes write it (TUKI, Kamusi ya Kiswahili-Kiingereza, 2001): "hatumii (dawa)" she/he does not take (the
 * medicine), "hajatumia"/"hakutumia" has not taken/did not take, "ameacha"/"aliacha" has stopped/stopped, "haipatikani"
 * /"hazipatikani" is/are not available, with "lakini" (but) before; and "unavailable", "not available", "out of stock".
 * "Completed" is not among them: a course completed is the patient's history.
 */
const DEFAULTED_AFTER = ["defaulted", "defaulter", "stopped", "discontinued", "ceased", "withdrawn", "unavailable", "hatumii", "hajatumia", "hakutumia", "ameacha", "aliacha", "haipatikani", "hazipatikani"];
const NOT_AVAILABLE_AFTER = [["not", "available"], ["out", "of", "stock"], ["stocked", "out"]];
const BEFORE_DEFAULTED = new Set([",", "but", "-", "then", "and", "later", "which", "has", "had", "he", "she", "lakini", "was", "were"]);
const YEAR = /^(?:19|20)\d\d$/;
const NOT_TAKEN_BEFORE = ["defaulted", "defaulted on", "defaulted from", "defaulter on", "instead of", "rather than"].map((p) => phraseKeys(p));
/** A culture's resistance names a list ("resistant to penicillin, ampicillin and co-trimoxazole"); the other phrases one medicine. */
const RESISTANCE_BEFORE = ["resistant to", "resistance to"].map((p) => phraseKeys(p));
const LIST_JOINTS = new Set([",", "and", "or", "/", "&", "+"]);
const SWITCH_BEFORE = ["switch", "switched", "switching", "change", "changed", "switch from", "switched from", "change from", "changed from"].map((p) => phraseKeys(p));
/** A dose written between a regimen and "to" ("switch atorvastatin 40mg to rosuvastatin"). */
const DOSE_TOKEN = /^(?:\d+(?:\.\d+)?(?:mg|g|mcg|ml|iu)?|mg|g|mcg|ml|iu|units?|od|bd|tds|tid|qid|nocte|mane)$/;
/** What ends one medicine's part of a line: a table cell, a clause, or a status of its own. */
const ITEM_BREAKS = new Set(["|", ";", "continued", "continue", "current", "ongoing", "new", "started", "restarted", "on"]);

function lineAround(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const next = text.indexOf("\n", at);
  return { start, end: next < 0 ? text.length : next };
}

/** The list item around `at`: its line, or, on a line of two or more inline numbered items, the item's own part. */
function itemAround(text: string, at: number): { start: number; end: number; listed: boolean } {
  const line = lineAround(text, at);
  const lineText = text.slice(line.start, line.end);
  const marks = [...lineText.matchAll(INLINE_ITEM)].map((m) => line.start + m.index!);
  const own = marks.filter((m) => m <= at).pop();
  if (marks.length < 2 || own === undefined) return { ...line, listed: LIST_ITEM.test(lineText) || TABLE_ROW.test(lineText) };
  return { start: own, end: marks.find((m) => m > at) ?? line.end, listed: true };
}

/** Whether the medicine at match k sits on a list item or table row whose status after it, with no medicine after the status, is a stop. */
function stoppedOnItsLine(text: string, tokens: Token[], matches: MedicationMatch[], k: number): boolean {
  const m = matches[k];
  const end = tokens[m.to - 1].end;
  const line = itemAround(text, tokens[m.from].start);
  if (!line.listed) return false;
  const status = STOP_STATUS.exec(text.slice(end, line.end));
  if (!status) return false;
  const statusAt = end + status.index;
  if (matches.some((o) => o.term.type === "medication" && tokens[o.from].start > statusAt && tokens[o.from].start < line.end)) return false;
  // "Amlodipine | 10 mg | continued (nifedipine stopped)": a medicine after a cell, clause or status of this one's owns
  // the status. One list ("TDF/3TC/EFV … (switched)") or this medicine's own dose and bracket ("Isoniazid 300mg OD (TPT)
  // …, completed") do not.
  let previous = m;
  for (const o of matches.slice(k + 1)) {
    if (tokens[o.from].start > statusAt) break;
    if (o.term.type !== "medication") continue;
    if (tokens.slice(previous.to, o.from).some((t) => ITEM_BREAKS.has(t.key))) return false;
    previous = o;
  }
  return true;
}

/**
 * A medication administration record's row, the medicine first on its line ("Enoxaparin 40mg s/c od - 18:00 withheld
 * (platelets 62)", "Ceftriaxone 1g IV od | 08:00 omitted - out of stock"): the administrations written after it say
 * whether the patient had it. A row whose only administrations are not-given ones (withheld, held, omitted, refused,
 * declined, not given, not administered) is a medicine the patient did not receive; a row with one dose given and another
 * refused ("06:00 given, 22:00 refused") is taken. The omission and refusal codes of a drug chart are those of the NHS
 * inpatient prescription chart (Royal Pharmaceutical Society / Academy of Medical Royal Colleges, Standards for the design
 * of hospital in-patient prescription charts, 2011: "refused", "omitted", "withheld", "not available").
 */
const NOT_GIVEN_STATUS = /(?<![\p{L}\p{N}])(?:withheld|held|withhold|hold|omitted|omit|refused|declined|not[ \t]+(?:given|administered|available)|nil[ \t]+given)(?![\p{L}\p{N}])/iu;
const GIVEN_STATUS = /(?<![\p{L}\p{N}])(?<!not[ \t]{1,3}|nil[ \t]{1,3})(?:given|administered|taken|done|running|infusing)(?![\p{L}\p{N}])/iu;
const ROW_START = /^[ \t]*(?:(?:[-*•·]|\d{1,2}[.)])[ \t]*)?$/;

function notGivenOnChartRow(text: string, tokens: Token[], matches: MedicationMatch[], k: number): boolean {
  const m = matches[k];
  const start = tokens[m.from].start;
  const line = lineAround(text, start);
  if (!ROW_START.test(text.slice(line.start, start))) return false;
  const next = matches.slice(k + 1).find((o) => o.term.type === "medication" && tokens[o.from].start < line.end);
  const row = text.slice(tokens[m.to - 1].end, next ? tokens[next.from].start : line.end);
  // "hold if SBP < 100" is an order's condition, not an administration.
  const status = NOT_GIVEN_STATUS.exec(row);
  if (!status || /^[ \t]+if(?![\p{L}\p{N}])/iu.test(row.slice(status.index + status[0].length))) return false;
  return !GIVEN_STATUS.test(row);
}

const writtenBefore = (tokens: Token[], from: number, phrases: string[][]) => phrases.some((p) => p.every((key, j) => tokens[from - p.length + j]?.key === key));

/** Whether match k opens a slash-written regimen that a switch word before and "to <medicine>" after name as left. */
function switchedAway(tokens: Token[], matches: MedicationMatch[], k: number): boolean {
  if (!writtenBefore(tokens, matches[k].from, SWITCH_BEFORE)) return false;
  let j = k;
  while (matches[j + 1]?.term.type === "medication" && tokens.slice(matches[j].to, matches[j + 1].from).every((t) => t.key === "/")) j++;
  if (j === k) return false;
  let at = matches[j].to;
  // A part the vocabulary does not know ends the regimen: "ABC/3TC/LPVr to …".
  while (tokens[at]?.key === "/" && tokens[at + 1]?.word) at += 2;
  while (at < tokens.length && DOSE_TOKEN.test(tokens[at].key)) at++;
  return tokens[at]?.key === "to" && matches[j + 1]?.term.type === "medication" && matches[j + 1].from === at + 1;
}

/** Whether the medicine at match k, or the slash-written regimen it opens, is followed by a default ("on TDF/3TC/EFV, defaulted in 2022"). */
function defaultedAfter(tokens: Token[], matches: MedicationMatch[], k: number): boolean {
  let j = k;
  while (matches[j + 1]?.term.type === "medication" && tokens.slice(matches[j].to, matches[j + 1].from).every((t) => t.key === "/")) j++;
  let at = matches[j].to;
  while (at < tokens.length && DOSE_TOKEN.test(tokens[at].key)) at++;
  // A bracketed name or abbreviation of the regimen ("(ABV)", "(R-CHOP)") and the year it was given.
  if (tokens[at]?.key === "(") {
    const close = tokens.slice(at, at + 6).findIndex((t) => t.key === ")");
    if (close > 0) at += close + 1;
  }
  while (at < tokens.length && (YEAR.test(tokens[at].key) || DOSE_TOKEN.test(tokens[at].key))) at++;
  const start = at;
  while (at < tokens.length && at - start < 3 && BEFORE_DEFAULTED.has(tokens[at].key)) at++;
  return DEFAULTED_AFTER.includes(tokens[at]?.key ?? "") || NOT_AVAILABLE_AFTER.some((p) => p.every((key, n) => tokens[at + n]?.key === key));
}

/** Sets to "absent" the assertion of every medicine the note names as stopped, left or not chosen, as described above. */
export function markMedicinesNotTaken(text: string, tokens: Token[], matches: MedicationMatch[], assertions: Assertion[]): void {
  let previous: { k: number; resisted: boolean } | null = null;
  matches.forEach((m, k) => {
    if (m.term.type !== "medication") return;
    const gap = previous ? tokens.slice(matches[previous.k].to, m.from) : [];
    // "resistant to ampicillin, co-trimoxazole and ciprofloxacin": a resistance's list; "defaulted on AZT/3TC/NVP": the
    // parts of one regimen, written with slashes.
    const listed = gap.length > 0 && gap.every((t) => (previous!.resisted ? LIST_JOINTS.has(t.key) : t.key === "/"));
    const resisted = writtenBefore(tokens, m.from, RESISTANCE_BEFORE) || (listed && previous!.resisted);
    const notTaken = resisted || listed || writtenBefore(tokens, m.from, NOT_TAKEN_BEFORE) || switchedAway(tokens, matches, k) || defaultedAfter(tokens, matches, k);
    previous = notTaken ? { k, resisted } : null;
    if (assertions[k] !== "present" && assertions[k] !== "historical") return;
    if (notTaken || stoppedOnItsLine(text, tokens, matches, k) || notGivenOnChartRow(text, tokens, matches, k)) assertions[k] = "absent";
  });
}
