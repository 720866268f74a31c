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
 *   resistant to penicillin"): none is a medicine the patient takes.
 */
interface MedicationMatch {
  term: { type: EntityType };
  from: number;
  to: number;
}

const STOP_STATUS = /(?<![\p{L}\p{N}])(?:stopped|discontinued|switched|ceased|completed|withdrawn|defaulted)(?![\p{L}\p{N}])/iu;
/** A list item ("- ", "* ", "• ", "1. ", "2) ") or a table row ("a | b | c"). */
const LIST_ITEM = /^[ \t]*(?:[-*•·]|\d{1,2}[.)])[ \t]+/;
const TABLE_ROW = /\|/;

const NOT_TAKEN_BEFORE = ["defaulted", "defaulted on", "defaulted from", "defaulter on", "instead of", "rather than"].map((p) => phraseKeys(p));
/** A culture's resistance names a list ("resistant to penicillin, ampicillin and co-trimoxazole"); the other phrases one medicine. */
const RESISTANCE_BEFORE = ["resistant to", "resistance to"].map((p) => phraseKeys(p));
const LIST_JOINTS = new Set([",", "and", "or", "/", "&", "+"]);
/** What ends one medicine's part of a line: a table cell, a clause, or a status of its own. */
const ITEM_BREAKS = new Set(["|", ";", "continued", "continue", "current", "ongoing", "new", "started", "restarted", "on"]);

function lineAround(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const next = text.indexOf("\n", at);
  return { start, end: next < 0 ? text.length : next };
}

/** Whether the medicine at match k sits on a list item or table row whose status after it, with no medicine after the status, is a stop. */
function stoppedOnItsLine(text: string, tokens: Token[], matches: MedicationMatch[], k: number): boolean {
  const m = matches[k];
  const end = tokens[m.to - 1].end;
  const line = lineAround(text, tokens[m.from].start);
  const lineText = text.slice(line.start, line.end);
  if (!LIST_ITEM.test(lineText) && !TABLE_ROW.test(lineText)) return false;
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

const writtenBefore = (tokens: Token[], from: number, phrases: string[][]) => phrases.some((p) => p.every((key, j) => tokens[from - p.length + j]?.key === key));

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
    const notTaken = resisted || listed || writtenBefore(tokens, m.from, NOT_TAKEN_BEFORE);
    previous = notTaken ? { k, resisted } : null;
    if (assertions[k] !== "present" && assertions[k] !== "historical") return;
    if (notTaken || stoppedOnItsLine(text, tokens, matches, k)) assertions[k] = "absent";
  });
}
