import { readFileSync } from "node:fs";

/** Document classes (the spec's classification.type; 'lab_report' occurs). */
export const DOCUMENT_CLASSES = ["lab_report", "prescription", "discharge_summary", "referral", "radiology_report", "invoice", "other"] as const;
export type DocumentClass = (typeof DOCUMENT_CLASSES)[number];

interface ClassRules {
  name: string;
  version: string;
  declared_prior: number;
  lab_result_weight: number;
  lab_result_max: number;
  classes: Record<DocumentClass, { display: string; phrases: Record<string, number> }>;
}

/** The rules (knowledge/document-classes.json: weights and their reasoning), read once. */
export const CLASS_RULES = JSON.parse(readFileSync(new URL("../knowledge/document-classes.json", import.meta.url), "utf8")) as ClassRules;
export const CLASSIFIER_VERSION = `${CLASS_RULES.name}@${CLASS_RULES.version}`;

export interface Classification {
  type: DocumentClass;
  display: string;
  confidence: number;
  declaredType: DocumentClass;
  agreesWithDeclared: boolean;
  /** What decided: the winning class's phrases found, and the lab result lines counted. */
  signals: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATTERNS = new Map<string, RegExp>();
function found(text: string, phrase: string): boolean {
  let re = PATTERNS.get(phrase);
  if (!re) PATTERNS.set(phrase, (re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "iu")));
  return re.test(text);
}

/** Scores every class on the text (rules and arithmetic in knowledge/document-classes.json). */
export function classifyDocument(text: string, declared: DocumentClass, labResultCount: number): Classification {
  const scores = new Map<DocumentClass, { score: number; signals: string[] }>();
  for (const type of DOCUMENT_CLASSES) {
    const signals = Object.keys(CLASS_RULES.classes[type].phrases).filter((p) => found(text, p));
    let score = signals.reduce((n, p) => n + CLASS_RULES.classes[type].phrases[p], 0);
    if (type === "lab_report" && labResultCount > 0) {
      score += Math.min(labResultCount, CLASS_RULES.lab_result_max) * CLASS_RULES.lab_result_weight;
      signals.push(`${labResultCount} lab result line${labResultCount === 1 ? "" : "s"}`);
    }
    if (type === declared) score += CLASS_RULES.declared_prior;
    scores.set(type, { score, signals });
  }
  // Ties go to the declared type, then to the order of DOCUMENT_CLASSES.
  const ranked = [...scores].sort(([a, x], [b, y]) => y.score - x.score || Number(b === declared) - Number(a === declared));
  const [type, best] = ranked[0];
  const total = ranked.reduce((n, [, s]) => n + s.score, 0);
  return {
    type,
    display: CLASS_RULES.classes[type].display,
    confidence: Math.round((best.score / (total + 1)) * 100) / 100,
    declaredType: declared,
    agreesWithDeclared: type === declared,
    signals: type === declared && best.signals.length === 0 ? ["declared document_type"] : best.signals,
  };
}
