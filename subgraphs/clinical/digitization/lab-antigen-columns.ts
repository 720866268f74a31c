import type { LabResult } from "./lab-line.js";
import { splitName } from "./lab-line.js";
import { readTitre } from "./lab-titres.js";

/**
 * Agglutination tables with one column per antigen (Widal: "Organism  O antigen  H antigen", then "S. typhi
 * 1:320 1:160"): each row holds two titres of one organism, charted as "<organism> O" and "<organism> H".
 * Without the header, the second titre would be read as the first one's reference.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 18).
 */
const HEADER = /^(?:(?:widal(?:\stest)?|organisms?|antigens?|salmonella|test)\s)?O(?:\s(?:antigen|ag|\(somatic\)))?\sH(?:\s(?:antigen|ag|\(flagellar\)))?$/i;
const NEEDS_WORD = /antigen|ag\b|somatic|flagellar|widal|organism|salmonella/i;
const ROW = /^(?<first>1\s?:\s?\d{1,5}(?:\s(?:H|A|N))?)\s(?<second>1\s?:\s?\d{1,5}(?:\s(?:H|A|N))?)$/;

/** Does the line head antigen columns ("WIDAL  O antigen  H antigen", "Organism  O  H")? */
export const opensAntigenColumns = (line: string) => HEADER.test(line) && NEEDS_WORD.test(line);

/** The two titres of a row under antigen columns, or null when the line is not such a row. */
export function readAntigenRow(line: string): LabResult[] | null {
  const split = splitName(line);
  const m = split && ROW.exec(split.rest);
  if (!split || !m?.groups) return null;
  const cells = [
    { antigen: "O", titre: readTitre(m.groups.first) },
    { antigen: "H", titre: readTitre(m.groups.second) },
  ];
  if (cells.some((c) => !c.titre)) return null;
  return cells.map(({ antigen, titre }) => ({
    name: `${split.name} ${antigen}`,
    value: titre!.dilution,
    valueText: titre!.text,
    comparator: null,
    valueHigh: null,
    unit: null,
    reference: null,
    low: null,
    high: null,
    abnormalFlag: titre!.flagWritten,
    flagSource: titre!.flagWritten ? "document" : null,
    loincCode: null,
    loincDisplay: null,
  }));
}
