import { normaliseName } from "../knowledge/knowledge.js";

/**
 * Words a report puts in parentheses after a test's name to say whose result it is or where it was asked for,
 * not what was measured: "Hb (ANC)" (antenatal clinic), "Hb (SCD clinic)", "Hb (SS)" (sickle cell), "RBS (OPD)",
 * "K+ (repeat)". Such a qualifier leaves the test the name names; a specimen, property or method word ("(urine)",
 * "(ionised)", "(CSF)") is not one of them and still makes the display name no test.
 */
/** Point-of-care devices and their generic names, as reports print them ("Glucometer RBS", "Hb (HemoCue)", "INR (CoaguChek)"). */
export const POINT_OF_CARE_WORDS = ["glucometer", "glucometre", "meter", "hemocue", "haemocue", "coaguchek", "istat", "poc", "poct", "point", "of", "care", "bedside", "device"];

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
  // stage of pregnancy ("Hb (ANC, 2nd trimester)")
  "trimester", "1st", "2nd", "3rd", "first", "second", "third", "t1", "t2", "t3",
  // the point-of-care device it was read on (session 18, engine 1.8.0): glucometers report plasma-equivalent
  // glucose (IFCC, D'Orazio P et al., Clin Chem Lab Med 2006;44:1486-90) and haemoglobinometers and
  // coagulometers report the laboratory's quantity, so the device does not change the test or its limits
  ...POINT_OF_CARE_WORDS,
]);

/**
 * Whether a parenthesised qualifier of a display is patient or request context (PATIENT_CONTEXT_WORDS), or a
 * treatment the patient is on ("(on MgSO4)", "(on warfarin)"): either way it does not change the test named.
 */
export function isPatientContext(qualifier: string): boolean {
  const words = normaliseName(qualifier).split(" ").filter(Boolean);
  if (words.length === 0) return false;
  if (words[0] === "on" && words.length > 1) return true;
  return words.every((w) => PATIENT_CONTEXT_WORDS.has(w));
}

/** A display without its patient-context qualifiers ("Bilirubin (total) (antenatal)" → "Bilirubin (total)"). */
export function withoutContextQualifiers(display: string): string {
  return display.replace(/\s*\(([^)]*)\)/g, (whole, q: string) => (isPatientContext(q) ? "" : whole)).trim();
}
