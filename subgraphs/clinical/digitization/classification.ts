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
  price_line_weight: number;
  price_line_max: number;
  dose_line_weight: number;
  dose_line_max: number;
  /** Frequency words of prescribing shorthand: with a strength on the same line they make a dose line. */
  dose_frequencies: { phrases: string[]; reason: string };
  classes: Record<DocumentClass, { display: string; phrases: Record<string, number>; needs_priced_items?: boolean }>;
  /** Phrases that contain a class's phrase but are something else (a facility's name): blanked before scoring. */
  not_signals?: { phrases: string[]; reason: string };
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

const NOT_SIGNALS = (CLASS_RULES.not_signals?.phrases ?? []).map((p) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(p).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu"));
/** The text with the phrases that only look like signals ("Lira Regional Referral Hospital") blanked. */
const withoutNotSignals = (text: string) => NOT_SIGNALS.reduce((t, re) => t.replace(re, " "), text);

const CURRENCY = String.raw`(?:UGX|USh|Ushs?|KES|KShs?|Kshs?|TZS|TShs?|RWF|USD|US\$|\$|Shs?)`;
/** An item line that ends in an amount: "Full Blood Count 15,000", "Malaria RDT UGX 5,000", "Lipid profile 45,000/=", "CBC 1,200.00". */
const PRICE_LINE = new RegExp(String.raw`^(?<item>[A-Za-z][A-Za-z0-9 .,'/()&+:\-]*?[A-Za-z)])\s*[:\-]?\s+(?<currency>${CURRENCY}\.?\s?)?(?<amount>\d{1,3}(?:[, ]\d{3})+(?:\.\d{2})?|\d+\.\d{2}|\d{3,7})(?<suffix>\s?\/=|\s?\/-|\s${CURRENCY}\.?)?$`);
/** Lines of totals and payment, not items. */
const NOT_ITEMS = /^(?:(?:sub\s?)?total|grand total|amount|amount (?:paid|due)|paid|balance|vat|tax|discount|change|cash|cashier|receipt|invoice|bill|tel|phone|mobile|p\.?\s?o\.?\s?box|date|no|tin|vrn|pin)\b/i;
const NAMES_CURRENCY = new RegExp(String.raw`(?<![A-Za-z])${CURRENCY}(?![A-Za-z])`);

/**
 * Priced items a document lists (an invoice's or a receipt's lines): a line naming an item and ending in
 * an amount written as money (a currency beside it, "/=", two decimals), or any amount when the document
 * names a currency somewhere. Totals and payment lines are not items.
 */
export function countPriceLines(text: string): number {
  const currencyInDocument = NAMES_CURRENCY.test(text);
  let n = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[|\t]+/g, " ").replace(/\s+/g, " ").trim();
    const m = PRICE_LINE.exec(line);
    if (!m?.groups || NOT_ITEMS.test(m.groups.item)) continue;
    if (m.groups.currency || m.groups.suffix || /\.\d{2}$/.test(m.groups.amount) || currencyInDocument) n++;
  }
  return n;
}

/** A strength as prescribed: "500 mg", "250mg/5ml", "100 IU/ml", "20 mcg". */
const STRENGTH = /(?<![\p{L}\p{N}])\d+(?:\.\d+)?\s?(?:mg|g|mcg|µg|ml|iu|units?)(?![\p{L}])/iu;
/** A course in days in clinical shorthand: "x 5/7" (five days), not a date such as 3/7/2026. */
const DAYS_SHORTHAND = /(?<![\d/])\d{1,2}\/7(?![\d/])/;
const FREQUENCY = new RegExp(`(?<![\\p{L}\\p{N}])(?:${CLASS_RULES.dose_frequencies.phrases.map((p) => escape(p).replace(/ /g, "\\s+")).join("|")})(?![\\p{L}\\p{N}])`, "iu");

/** A list item's number or bullet: "1.", "2)", "-", "•". */
const ITEM_MARK = /^\s*(?:\d{1,2}[.)]|[-•*])\s*/;
/** Words a drug's name and form take before its strength ("Tab. Amlodipine 5 mg", "Ferrous sulphate syrup 5 ml"). */
const NAME_WORDS_MAX = 3;

/**
 * Dose lines a document lists (a prescription's body): a line that starts with a drug and its strength
 * (at most NAME_WORDS_MAX words before the strength) and gives a frequency or a course in days. A sentence
 * that mentions a dose ("Plan: start ferrous sulphate 200 mg tds", "known hypertensive on amlodipine 10 mg od")
 * is a note's or a letter's, not a prescription line.
 */
export function countDoseLines(text: string): number {
  return text.split(/\r?\n/).filter((raw) => {
    const line = raw.replace(ITEM_MARK, "");
    const strength = STRENGTH.exec(line);
    if (!strength || line.slice(0, strength.index).trim().split(/\s+/).filter(Boolean).length > NAME_WORDS_MAX) return false;
    return FREQUENCY.test(line) || DAYS_SHORTHAND.test(line);
  }).length;
}

/**
 * Scores every class on the text (rules and arithmetic in knowledge/document-classes.json). The body
 * weighs over a footer: invoice phrases (payment words) count only when the document lists at least as
 * many priced items as lab result lines, so a results slip with "Amount paid: UGX 25,000" stays a lab report.
 */
export function classifyDocument(fullText: string, declared: DocumentClass, labResultCount: number): Classification {
  const text = withoutNotSignals(fullText);
  const scores = new Map<DocumentClass, { score: number; signals: string[] }>();
  const priceLines = countPriceLines(text);
  const doseLines = countDoseLines(text);
  for (const type of DOCUMENT_CLASSES) {
    const rules = CLASS_RULES.classes[type];
    const paymentFooterOnly = rules.needs_priced_items === true && labResultCount > 0 && priceLines < labResultCount;
    const signals = paymentFooterOnly ? [] : Object.keys(rules.phrases).filter((p) => found(text, p));
    let score = signals.reduce((n, p) => n + rules.phrases[p], 0);
    if (rules.needs_priced_items && priceLines > 0) {
      score += Math.min(priceLines, CLASS_RULES.price_line_max) * CLASS_RULES.price_line_weight;
      signals.push(`${priceLines} priced item line${priceLines === 1 ? "" : "s"}`);
    }
    if (type === "prescription" && doseLines > 0) {
      score += Math.min(doseLines, CLASS_RULES.dose_line_max) * CLASS_RULES.dose_line_weight;
      signals.push(`${doseLines} dose line${doseLines === 1 ? "" : "s"}`);
    }
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
