import { normaliseName } from "../knowledge/knowledge.js";

/**
 * Words a report puts in parentheses after a test's name to say whose result it is or where it was asked for,
 * not what was measured: "Hb (ANC)" (antenatal clinic), "Hb (SCD clinic)", "Hb (SS)" (sickle cell), "RBS (OPD)",
 * "K+ (repeat)". Such a qualifier leaves the test the name names; a specimen, property or method word ("(urine)",
 * "(ionised)", "(CSF)") is not one of them and still makes the display name no test.
 */
/**
 * Point-of-care devices and their generic names, as reports print them ("Glucometer RBS", "Hb (HemoCue)", "INR
 * (CoaguChek)", "K+ (i-STAT CHEM8+)", "RBS (Accu-Chek)"): meters (Accu-Chek, OneTouch, FreeStyle, Contour,
 * StatStrip, Accutrend) and blood analysers (i-STAT and its cartridges CHEM8+, CG4+, CG8+, EC8+, EG7+, G3+;
 * epoc), each named in its maker's package insert. Names written in two parts are joined first (joinDeviceNames).
 */
export const POINT_OF_CARE_WORDS = [
  "glucometer", "glucometre", "meter", "hemocue", "haemocue", "coaguchek", "istat", "poc", "poct", "point", "of", "care", "bedside", "device",
  "accuchek", "onetouch", "freestyle", "contour", "statstrip", "accutrend", "epoc", "chem8", "cg4", "cg8", "ec8", "eg7", "g3", "cartridge",
  // the epoc Blood Gas Electrolyte Metabolite test card ("Lac (epoc BGEM)"; Siemens epoc system manual; session 22)
  "bgem",
  // the generic word for the instrument ("(blood gas analyser)"; session 20)
  "analyser", "analyzer",
  // session 22 (engine 1.16.0): ACON On Call meters ("On Call Plus"), joined by joinDeviceNames
  "oncall",
];

/**
 * When a sample was taken, not what was measured ("Glucose, fasting", "Glucose (random)"): dropped with the specimen
 * words when a display is compared with a test's names (critical limits do not depend on fasting), but not patient
 * context on its own, so a "(fasting)" qualifier never turns another test's display into a name.
 */
export const SAMPLE_TIMING_WORDS = ["fasting", "fasted", "random", "spot", "early", "morning"];

/** Device names written in two parts ("i-STAT", "i STAT", "Accu-Chek", "One Touch", "Stat Strip") joined into the one word POINT_OF_CARE_WORDS holds. */
export function joinDeviceNames(display: string): string {
  return display
    .replace(/\bi[\s-]+stat\b/gi, "iSTAT")
    .replace(/\baccu[\s-]+chek\b/gi, "AccuChek")
    .replace(/\bone[\s-]+touch\b/gi, "OneTouch")
    .replace(/\bfree[\s-]+style\b/gi, "FreeStyle")
    .replace(/\bstat[\s-]+strip\b/gi, "StatStrip")
    .replace(/\bon[\s-]+call(?=[\s-]+(?:plus|extra|advanced|ez)\b)/gi, "OnCall");
}

const PATIENT_CONTEXT_WORDS = new Set([
  // antenatal and maternity care (Uganda MoH antenatal register "ANC"; Kenya MCH booklet)
  "anc", "antenatal", "pregnant", "pregnancy", "maternity", "labour", "labor", "pnc", "postnatal", "mch", "pmtct",
  // sickle cell clinics ("SS" = haemoglobin SS, "SCD" = sickle cell disease)
  "scd", "ss", "sickle", "sickler", "cell", "disease",
  // where the request came from
  "clinic", "ward", "opd", "ipd", "casualty", "emergency", "hdu", "icu", "nicu", "theatre",
  "hiv", "art", "ccc", "tb", "diabetic", "dm", "ncd",
  // when it was asked for
  "repeat", "rpt", "recheck", "stat", "urgent", "admission", "baseline", "follow", "up", "review", "sample", "specimen",
  // session 22: the visit it was taken at ("(ANC visit)", "- clinic visit")
  "visit",
  // stage of pregnancy ("Hb (ANC, 2nd trimester)")
  "trimester", "1st", "2nd", "3rd", "first", "second", "third", "t1", "t2", "t3",
  // gestational age as antenatal records write it ("(28 weeks)", "(GA 32/40)", "(ANC profile)"; session 20 round 3)
  "ga", "gestation", "gestational", "weeks", "week", "wks", "wk", "profile",
  // the point-of-care device it was read on (session 18, engine 1.8.0): glucometers report plasma-equivalent
  // glucose (IFCC, D'Orazio P et al., Clin Chem Lab Med 2006;44:1486-90) and haemoglobinometers and
  // coagulometers report the laboratory's quantity, so the device does not change the test or its limits
  ...POINT_OF_CARE_WORDS,
  // session 18, fifth blind set (engine 1.9.0): the patient's age in hours or days of life ("(6 HRS OLD)",
  // "(NEONATE 3H)", "(DAY 1)"), whose limits the age itself selects (critical_by_age), not the display
  "day", "days", "dol", "old", "life", "neonate", "newborn", "neonatal",
  // renal patients ("(HD UNIT, PRE-DIALYSIS)", "(CKD 5)", "(CKD 5D)"): the limits are not waived for them
  "hd", "haemodialysis", "hemodialysis", "dialysis", "ckd", "esrd", "eskd", "aki", "renal", "stage", "unit",
  // anticoagulation and its target ("(WARFARIN, TARGET 2-3)", "(MECH. VALVE TGT 2.5-3.5)")
  "warfarin", "heparin", "enoxaparin", "anticoagulant", "anticoagulated", "anticoagulation", "target", "tgt", "therapeutic",
  "valve", "mech", "mechanical", "af", "dvt", "pe",
  // sickle cell genotype and the patient's steady-state level ("(HbSS, BASELINE 7.5)")
  "hbss", "hbsc", "steady", "state",
  // session 20, eighth blind set (engine 1.12.0): the patient's age and gestation as requests write them ("(4 YRS)",
  // "32 WKS GESTATION", "(2 MONTHS, BOY)"), which the patient's recorded age, not the display, applies
  "yr", "yrs", "year", "years", "y", "mo", "mos", "month", "months", "mth", "mths", "wk", "wks", "week", "weeks",
  "gestation", "gestational", "ga", "baby", "infant", "child", "boy", "girl", "male", "female",
  // the diagnosis or indication the result was asked for (Uganda/Kenya ward and request-form wording); a diagnosis
  // does not change what was measured, and the limits are not waived for it
  "malaria", "severe", "sepsis", "septic", "screen", "screening", "dka", "hhs", "pneumonia", "meningitis", "eclampsia",
  "preeclampsia", "hellp", "copd", "asthma", "exacerbation", "febrile", "fever", "chemo", "chemotherapy", "oncology",
  "cancer", "jaundice", "jaundiced", "convulsions", "convulsing", "seizures", "seizure", "burns", "trauma", "preop", "postop",
  "infusion", "check", "monitoring", "tpn", "refeeding", "encephalopathy", "cirrhosis", "leukaemia", "leukemia", "malnutrition",
]);

/** A statement that the sample has no defect ("non-haemolysed", "not haemolysed", "no haemolysis"): context; the defect itself is read by specimen-quality.ts. */
const DENIED_DEFECT = /^(?:(?:sample|specimen) )?(?:non|not|no|without) (?:haemoly|hemoly|clot)[a-z]*$/;

/**
 * Words that make a suspected diagnosis ("(?leukaemia)", "- ?HELLP") a statement about the specimen or the
 * property measured instead ("(?CSF)", "(?urine)", "(?ionised)"): such a question is not context.
 */
const MEASUREMENT_WORDS = new Set([
  "urine", "urinary", "csf", "cerebrospinal", "fluid", "pleural", "ascitic", "peritoneal", "synovial", "stool", "faecal", "fecal",
  "sweat", "saliva", "dialysate", "drain", "amniotic", "vitreous", "cord", "venous", "capillary", "arterial", "timed", "24h",
  "ionised", "ionized", "free", "corrected", "adjusted", "total", "direct", "indirect", "conjugated", "unconjugated", "trough", "peak",
  "ratio", "index", "percent", "percentage", "fraction", "clotted", "clot",
]);

/**
 * Words that are context only beside another word: hours with an age ("6 HRS OLD", not "(24 h)", a timed
 * urine), before/after with dialysis ("PRE-DIALYSIS", not "(2 h post)", a glucose tolerance sample).
 */
const CONTEXT_ONLY_WITH: Record<string, string[]> = Object.fromEntries([
  ...["h", "hr", "hrs", "hour", "hours"].map((w) => [w, ["old", "life", "neonate", "newborn", "neonatal"]]),
  ...["pre", "post"].map((w) => [w, ["dialysis", "hd", "haemodialysis", "hemodialysis", "eclampsia", "chemo", "chemotherapy", "transfusion"]]),
]);

const isContextWord = (w: string, words: string[]) => PATIENT_CONTEXT_WORDS.has(w) || (CONTEXT_ONLY_WITH[w]?.some((other) => words.includes(other)) ?? false);

/** A number as reports write them inside a context qualifier ("2-3", "7.5", "6", "3h"), once normalised ("2 3", "7 5", "3h"). */
const NUMBER_WORD = /^\d+[a-z]{0,3}$/;

/**
 * Whether a qualifier is the sending laboratory's reference interval ("(REF 3.5-5.1 MMOL/L)", "[135-145]",
 * "(13.0-17.0 G/DL)", "(NR: 70-110)"): the result is judged against our intervals and limits, so the
 * sender's interval does not change which test it is.
 */
export function isReportedRange(qualifier: string): boolean {
  return /^\s*(?:(?:ref(?:erence)?|normal|nr|range|interval)\.?\s*)*:?\s*\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?\s*(?:[a-zµ%][a-z0-9µ^*/%.]*)?\s*$/i.test(qualifier);
}

/**
 * Whether a parenthesised qualifier of a display is patient or request context (PATIENT_CONTEXT_WORDS), or a
 * treatment the patient is on ("(on MgSO4)", "(on warfarin)"): either way it does not change the test named.
 */
export function isPatientContext(qualifier: string): boolean {
  // Session 20 (engine 1.12.0): a qualifier of several parts ("(neonate, ?urea cycle)", "(malaria, 5 yr)") is context
  // when every part is; a part asking a question ("?HELLP", "? leukaemia") is the suspected diagnosis the result
  // was asked for, unless it names a specimen or property (MEASUREMENT_WORDS).
  if (isReportedRange(qualifier)) return true;
  const parts = contextParts(qualifier);
  if (parts.length > 1) return parts.every(isPatientContext);
  if (/^\?/.test(qualifier.trim())) {
    const asked = normaliseName(qualifier).split(" ").filter(Boolean);
    return asked.length > 0 && !asked.some((w) => MEASUREMENT_WORDS.has(w));
  }
  const words = normaliseName(joinDeviceNames(qualifier)).split(" ").filter(Boolean);
  if (words.length === 0) return false;
  if (words.some((w) => MEASUREMENT_WORDS.has(w))) return false;
  if (words[0] === "on" && words.length > 1) return true;
  if (DENIED_DEFECT.test(words.join(" "))) return true;
  // a treatment and what it is for ("MgSO4 for eclampsia", "insulin for DKA"): context when what follows "for" is
  const forAt = words.indexOf("for");
  if (forAt > 0 && forAt <= 2 && forAt < words.length - 1 && isPatientContext(words.slice(forAt + 1).join(" "))) return true;
  // "febrile on chemo", "post chemo": the joining words count with the context words they join
  const named = words.filter((w) => !NUMBER_WORD.test(w) && !(words.length > 1 && JOINING_WORDS.has(w)));
  return named.length > 0 && named.every((w) => isContextWord(w, words));
}

/**
 * Analytical methods and assay generations as laboratory printouts write them after a test's name (session 20,
 * engine 1.13.0): "Glucose (hexokinase)", "Glucose (GOD-POD)", "K+ (ISE, indirect)", "Creatinine (Jaffe)", "TSH
 * (3rd gen)", "CRP (quantitative)". The method measures the same quantity the test's LOINC code names (2345-7, 2823-3,
 * 2160-0, 3016-3 carry no method), so its limits and interval apply. "direct" and "indirect" are a method only with
 * "ISE" (direct/indirect ion-selective electrode); alone they are a property ("Bilirubin (direct)": another test).
 * Not here: "high sensitivity"/"hs" (hs-CRP, hs-troponin are other codes), specimens and properties (MEASUREMENT_WORDS).
 */
const METHOD_WORDS = new Set([
  "ise", "potentiometric", "potentiometry", "hexokinase", "hk", "god", "pod", "gox", "oxidase", "peroxidase", "glucose",
  "enzymatic", "enzymatique", "jaffe", "kinetic", "colorimetric", "photometric", "spectrophotometric", "turbidimetric",
  "immunoturbidimetric", "chemiluminescence", "chemiluminescent", "clia", "cmia", "eclia", "immunoassay",
  "quantitative", "quant", "automated", "gen", "generation", "impedance", "method",
  // session 20 round 3: a calculated LDL ("LDL (calculated, Friedewald)") and the HbA1c standardisation programmes and method ("(NGSP)", "(DCCT)", "(HPLC)")
  "calculated", "calc", "friedewald", "ngsp", "dcct", "hplc",
]);
const METHOD_ONLY_WITH: Record<string, string[]> = { direct: ["ise"], indirect: ["ise"] };
const ORDINAL = /^(?:\d+(?:st|nd|rd|th)|first|second|third|fourth)$/;

/** Whether a parenthesised qualifier names only the analytical method or assay generation (METHOD_WORDS): it leaves the test the name names. */
export function isMethodQualifier(qualifier: string): boolean {
  const words = normaliseName(qualifier).split(" ").filter(Boolean);
  if (!words.some((w) => METHOD_WORDS.has(w) && w !== "glucose")) return false;
  return words.every((w) => METHOD_WORDS.has(w) || ORDINAL.test(w) || (METHOD_ONLY_WITH[w]?.some((o) => words.includes(o)) ?? false));
}

/** Words that join context words ("febrile on chemo", "warfarin for AF"), context only beside them. */
const JOINING_WORDS = new Set(["on", "for", "with", "and", "in", "of"]);

/** The comma- or semicolon-separated parts of a qualifier ("neonate, ?urea cycle" → "neonate", "?urea cycle"). */
const contextParts = (qualifier: string) => qualifier.split(/[,;]/).map((p) => p.trim()).filter(Boolean);

/** A qualifier without its context parts ("ABG, COPD exacerbation" → "ABG"), or "" when all of it is context. */
function withoutContextParts(qualifier: string): string {
  if (isPatientContext(qualifier)) return "";
  const parts = contextParts(qualifier);
  return parts.length > 1 ? parts.filter((p) => !isPatientContext(p)).join(", ") : qualifier;
}

/** A display without its patient-context qualifiers ("Bilirubin (total) (antenatal)" → "Bilirubin (total)"). */
export function withoutContextQualifiers(display: string): string {
  return withoutTrailingContext(
    joinDeviceNames(display)
      .replace(/\s*\(([^)]*)\)/g, (whole, q: string) => {
        const kept = withoutContextParts(q);
        return kept === q ? whole : kept ? ` (${kept})` : "";
      })
      .replace(/\s*\[([^\]]*)\]/g, (whole, q: string) => (isReportedRange(q) ? "" : whole))
      .trim(),
  );
}

/**
 * A display without context written after the name without parentheses (session 20, engine 1.12.0): after a dash
 * ("Platelets - ?HELLP, 34 weeks", "APTT – heparin 6h check"), a comma ("Blood sugar, 6 yr old") or a question
 * mark ("Total WBC ?leukaemia"), dropped only when all of it is context (isPatientContext); "Potassium, serum" keeps
 * its specimen for the name matching. A name is never emptied.
 */
function withoutTrailingContext(display: string): string {
  const cut = /\s+[-–—]\s+|\s*[,;:]\s+|\s+(?=\?)/g;
  for (const m of display.matchAll(cut)) {
    const head = display.slice(0, m.index).trim();
    const tail = display.slice(m.index! + m[0].length);
    // a parenthesised qualifier left in the tail ("- neonate, day 2 (heel prick)") stays with the name, judged as before
    const groups = [...tail.matchAll(/\([^)]*\)/g)].map((g) => g[0]);
    // the head may itself end in context written without a separator ("HemoCue Hb 201 DM - ANC visit"; session 22)
    if (head && /[a-z0-9]/i.test(head) && isPatientContext(tail.replace(/\([^)]*\)/g, " "))) return withoutUnseparatedContext([head, ...groups].join(" "));
  }
  return withoutUnseparatedContext(display);
}

/**
 * Context words that are also parts of other tests' names or results, never dropped without a separator: "Hb SS" is a
 * haemoglobin genotype, "WBC ANC" may be the absolute neutrophil count, "TB" total bilirubin, "PE" pleural effusion.
 */
const NAME_LIKE_CONTEXT_WORDS = new Set(["ss", "sc", "hbss", "hbsc", "scd", "sickle", "cell", "disease", "anc", "tb", "pe", "art", "af", "ga", "y", "mo", "up", "of", "in", "point", "care", "unit", "stage", "state", "steady"]);

/**
 * A display without context written after the name with no separator at all (session 20, engine 1.13.0): "RBS 9yr
 * DKA ?", "PT-INR warfarin clinic", "K pre-dialysis". Dropped only when every word after the cut is context
 * (isPatientContext) and none is a word that could be part of another test's name (NAME_LIKE_CONTEXT_WORDS); the
 * longest such tail is dropped; a name is never emptied, and a display with parentheses is left to the rules above.
 */
function withoutUnseparatedContext(display: string): string {
  if (/[()[\]]/.test(display)) return display;
  const words = display.trim().split(/\s+/);
  for (let i = 1; i < words.length; i++) {
    const head = words.slice(0, i).join(" ");
    const tail = words.slice(i).join(" ");
    if (!/[a-z]/i.test(head)) continue;
    const tailWords = normaliseName(tail).split(" ").filter(Boolean);
    if (tailWords.length === 0 || tailWords.some((w) => NAME_LIKE_CONTEXT_WORDS.has(w))) continue;
    if (isPatientContext(tail.replace(/\?/g, " "))) return head;
  }
  return display;
}
