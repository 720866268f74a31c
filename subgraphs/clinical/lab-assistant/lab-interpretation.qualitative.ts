import { readFileSync } from "node:fs";

/**
 * A qualitative or semi-quantitative result ("NEG", "trace", "2+", "++", "Reactive", "Not detected", "No MPS seen",
 * a titre "1:160") of a test named in knowledge/lab-ordinal-scales.json `interpretation.tests`, read against that
 * test's scale: N at or below its normal grade (or below its titre cut-off), A above. The grades and their spellings
 * are the ones digitization reads (the file's `grades`); the sources and the reasoning are in the file and in
 * docs/decisions/clinical.md (session 20). FHIR: Observation.valueString / valueCodeableConcept; the flag is HL7 v2
 * Table 0078.
 */
export interface QualitativeTest {
  id: string;
  name: string;
  loinc: string | null;
  names: string[];
  normal_max_rank: number;
  titre_abnormal_from?: number;
  positive_in_woman_unflagged?: boolean;
  meaning: { normal: string; abnormal: string; positive?: string };
  source: string;
}
interface ScalesFile {
  name: string;
  version: string;
  grades: { text: string; rank: number; spellings: string[]; foreign_spellings?: Record<string, string> }[];
  interpretation: { extra_spellings: Record<string, string>; tests: QualitativeTest[] };
}

const FILE = JSON.parse(readFileSync(new URL("../knowledge/lab-ordinal-scales.json", import.meta.url), "utf8")) as ScalesFile;
export const QUALITATIVE_SCALES_VERSION = `${FILE.name}@${FILE.version}`;
export const QUALITATIVE_TESTS: readonly QualitativeTest[] = FILE.interpretation.tests;

const norm = (s: string) => s.toLowerCase().replace(/[\s_]+/g, " ").trim();
const GRADE_BY_SPELLING = new Map<string, { text: string; rank: number }>();
for (const g of FILE.grades) for (const s of [...g.spellings, ...Object.keys(g.foreign_spellings ?? {})]) GRADE_BY_SPELLING.set(norm(s), { text: g.text, rank: g.rank });
const WHOLE_TEXT = new Map<string, { text: string; rank: number }>();
for (const [s, text] of Object.entries(FILE.interpretation.extra_spellings)) {
  const g = FILE.grades.find((x) => x.text === text);
  if (!g) throw new Error(`knowledge/lab-ordinal-scales.json: extra spelling "${s}" names no grade "${text}"`);
  WHOLE_TEXT.set(norm(s), { text: g.text, rank: g.rank });
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A spelling is a whole word: not preceded or followed by a letter, digit or plus sign ("++" is not read inside "+++").
const SPELLINGS = [...GRADE_BY_SPELLING.keys()].sort((a, b) => b.length - a.length);
const GRADE_RE = new RegExp(`(?<![a-z0-9+])(?:${SPELLINGS.map(escape).join("|")})(?![a-z0-9+])`, "gi");
const TITRE_RE = /^(?:titre\s*:?\s*)?1\s*[:/]\s*(\d{1,5})$/i;
const NEGATED = /^(?:no|nil|none|not)\b/i;
/** The negative grade a negated presence word states ("not reactive" is "Non-reactive"). */
const OPPOSITE: Record<string, string> = { Reactive: "Non-reactive", Positive: "Negative", Detected: "Not detected", Seen: "Not seen", Present: "Absent" };

const nameRe = (names: string[]) => new RegExp(`(?<![a-z0-9])(?:${names.map((n) => escape(n.toLowerCase())).join("|")})(?![a-z0-9])`, "i");
const TEST_RES = QUALITATIVE_TESTS.map((t) => ({ test: t, re: nameRe(t.names) }));

/** The qualitative test a code or display names (display first, then the code), or undefined. */
export function identifyQualitativeTest(code: string, display: string | null | undefined): QualitativeTest | undefined {
  for (const written of [display, code]) {
    if (!written?.trim()) continue;
    const byLoinc = QUALITATIVE_TESTS.find((t) => t.loinc === written.trim());
    if (byLoinc) return byLoinc;
    const hit = TEST_RES.find((x) => x.re.test(written));
    if (hit) return hit.test;
  }
  return undefined;
}

export type ReadText = { kind: "grade"; text: string; rank: number } | { kind: "titre"; dilution: number; text: string } | { kind: "unread"; reason: string };

/** The grade or titre a result text states; "unread" when it states none, or a negative and a positive grade at once. */
export function readResultText(valueText: string): ReadText {
  const t = norm(valueText);
  if (!t) return { kind: "unread", reason: "is empty" };
  const titre = TITRE_RE.exec(t);
  if (titre) {
    const dilution = Number(titre[1]);
    return dilution >= 1 ? { kind: "titre", dilution, text: `1:${dilution}` } : { kind: "unread", reason: "is not a titre" };
  }
  const whole = WHOLE_TEXT.get(t) ?? GRADE_BY_SPELLING.get(t);
  if (whole) return { kind: "grade", ...whole };
  // "No malaria parasites seen", "Not seen", "none detected": the result found nothing.
  if (NEGATED.test(t) && /\b(?:seen|detected|found)\b/.test(t)) return { kind: "grade", text: /\bdetected\b/.test(t) ? "Not detected" : "Not seen", rank: 0 };
  const found = [...t.matchAll(GRADE_RE)].map((m) => GRADE_BY_SPELLING.get(norm(m[0]))!);
  // "Not reactive", "No antigen detected", "not positive": a negation before a presence word states its opposite;
  // before a plus grade ("no ++") it states nothing this service can read.
  if (NEGATED.test(t) && found.length && found.every((g) => g.rank > 0)) {
    const opposite = found.length === 1 ? OPPOSITE[found[0].text] : undefined;
    if (!opposite) return { kind: "unread", reason: `"${valueText}" negates a grade: send the result as printed (e.g. Negative, Non-reactive, Not detected)` };
    return { kind: "grade", text: opposite, rank: 0 };
  }
  if (!found.length) return { kind: "unread", reason: `"${valueText}" states no grade this service reads (negative/positive, non-reactive/reactive, not detected/detected, trace, 1+ to 4+ or + to ++++) and no titre (1:160)` };
  const negative = found.filter((g) => g.rank === 0);
  const positive = found.filter((g) => g.rank > 0);
  if (negative.length && positive.length) return { kind: "unread", reason: `"${valueText}" states both a negative and a positive grade: send the result alone` };
  // "Positive (++)", "Pf positive": the highest grade stated.
  const best = found.reduce((a, b) => (b.rank > a.rank ? b : a));
  return { kind: "grade", text: best.text, rank: best.rank };
}

export interface QualitativeInterpretation {
  /** The result as read: the canonical grade ("2+", "Reactive") or the titre ("1:160"). */
  valueText: string;
  /** HL7 v2 Table 0078: N or A; POS (positive) for a positive pregnancy test in a woman or a patient of unknown sex. */
  flag: "N" | "A" | "POS";
  deviation: "normal" | "abnormal" | "positive";
  normalRange: string;
  clinicalSignificance: string;
  recommendedActions: string[];
  source: string;
}

/** The result against the test's scale (see the file's `interpretation.description`). */
export function interpretQualitative(test: QualitativeTest, read: Exclude<ReadText, { kind: "unread" }>, sex: string | null | undefined): QualitativeInterpretation | { error: string } {
  let abnormal: boolean;
  let normalRange: string;
  if (read.kind === "titre") {
    if (test.titre_abnormal_from === undefined) return { error: `a titre is not a result of ${test.name}: send its grade (e.g. Negative, Positive)` };
    abnormal = read.dilution >= test.titre_abnormal_from;
    normalRange = test.titre_abnormal_from <= 1 ? "Non-reactive (reactive at any dilution)" : `Below 1:${test.titre_abnormal_from}`;
  } else {
    abnormal = read.rank > test.normal_max_rank;
    normalRange = test.normal_max_rank >= 0.5 ? "Negative or trace" : "Negative / non-reactive / not detected";
  }
  const female = sex?.toLowerCase() === "female";
  const male = sex?.toLowerCase() === "male";
  if (abnormal && test.positive_in_woman_unflagged && !male) {
    return { valueText: read.text, flag: "POS", deviation: "positive", normalRange, clinicalSignificance: test.meaning.positive ?? test.meaning.abnormal, recommendedActions: female ? ["Confirm the pregnancy and its dates; offer antenatal care"] : ["Record the patient's sex: a positive test is abnormal in a man"], source: test.source };
  }
  return {
    valueText: read.text,
    flag: abnormal ? "A" : "N",
    deviation: abnormal ? "abnormal" : "normal",
    normalRange,
    clinicalSignificance: abnormal ? test.meaning.abnormal : test.meaning.normal,
    recommendedActions: abnormal ? ["Interpret with the clinical picture; confirm as the source advises"] : [],
    source: test.source,
  };
}
