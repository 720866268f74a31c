import { readFileSync } from "node:fs";
import { normaliseName } from "../knowledge/knowledge.js";
import { nameCandidates } from "./drug-name-reading.js";

// Abbreviations that name more than one drug ("CTX": co-trimoxazole, ceftriaxone, cefotaxime or cyclophosphamide).
// The check never picks one silently: the medication stays unidentified (not checked, not safe) and the answer says
// which drugs it could be. The list and its sources are data (ambiguous-drug-names.json).

interface AmbiguousAbbreviation {
  written: string;
  could_be: string[];
  source: string;
}

const file = JSON.parse(readFileSync(new URL("./ambiguous-drug-names.json", import.meta.url), "utf8")) as { abbreviations: AmbiguousAbbreviation[] };
const byWritten = new Map(file.abbreviations.map((a) => [a.written, a]));

/** The ambiguous abbreviation a medication name is, once its strength, form and directions are read off ("CTX 960mg od"), or undefined. */
export function ambiguousAbbreviationOf(name: string): AmbiguousAbbreviation | undefined {
  const n = normaliseName(name);
  for (const candidate of [n, ...nameCandidates(n)]) {
    const found = byWritten.get(candidate);
    if (found) return found;
  }
  return undefined;
}

/** What the answer says about a medication written as an ambiguous abbreviation. */
export const ambiguityWarning = (name: string, a: AmbiguousAbbreviation) =>
  `"${name}" is ambiguous: "${a.written.toUpperCase()}" is written for ${a.could_be.join(", ")}; not checked as any of them: write the drug name in full (${a.source})`;
