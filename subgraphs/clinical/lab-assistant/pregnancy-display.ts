import type { LabTest } from "../knowledge/knowledge.types.js";
import { trimesterOfWeeks, type PregnancyReference } from "../critical-values/pregnancy-reference.js";

/**
 * Pregnancy as antenatal and postnatal reports print it beyond the parenthesised trimester that
 * pregnancy-reference.ts reads (session 22, lab engine 1.6.0): after a dash ("Hb - ANC 36/52"), gestation in
 * weeks out of 52 with a pregnancy word ("ANC 36/52"), and pregnancy without a gestation ("FBS (ANC)",
 * "Hb (pregnant)"). After delivery ("PNC", "postnatal", "6 weeks postpartum") a woman is not pregnant: her
 * weeks are weeks since delivery, never a gestation.
 */
export type DisplayedPregnancy = { pregnant: true; trimester?: 1 | 2 | 3; said: string } | { pregnant: false; said: string };

const POSTNATAL = /\b(?:pnc|postnatal|post-natal|postpartum|post-partum|puerper\w*|delivered|after delivery|post delivery|lactating|breastfeeding)\b/i;
const PREGNANT = /\b(?:anc|antenatal|ante-natal|pregnant|pregnancy|preg|gravid\w*|primigravida|multigravida|ga|gestation|gestational)\b/i;
// A baby's own gestation or age ("(preterm, 32 weeks)", "(born at 34/40)", "(CGA 36 wks)") is not a pregnancy.
const BABY = /\b(?:preterm|pre-term|premature|prem|born|birth|neonat\w*|newborn|baby|infant|corrected|cga|pma|postmenstrual|nicu|sga|lbw|day\s+\d+|dol)\b/i;
const WEEKS = /(?:^|[^\d/])(\d{1,2})(?:\+\d)?\s*(?:\/\s*(40|52)\b|w(?:ee)?ks?\b|w\b)/i;
const TRIMESTER = /\b(?:(1st|first)|(2nd|second)|(3rd|third))\s+trimester\b|\bt([123])\b/i;

/**
 * The parts of a display that qualify the test's name: the parenthesised ones, and what follows a dash outside
 * them ("Hb - ANC 34 weeks"). The glucose sample reader keeps the same parts (glucose-sample.ts).
 */
export function displayQualifiers(display: string): { bracketed: string[]; afterDash?: string } {
  const bracketed = [...display.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
  const dash = /\s[-–—]\s+(.+)$/.exec(display.replace(/\([^)]*\)/g, " "));
  return dash ? { bracketed, afterDash: dash[1] } : { bracketed };
}

function qualifiers(display: string): string[] {
  const { bracketed, afterDash } = displayQualifiers(display);
  return afterDash === undefined ? bracketed : [...bracketed, afterDash];
}

/**
 * What a display says of pregnancy: pregnant (with the trimester when weeks or a trimester are given), not
 * pregnant (after delivery), or nothing. Gestational weeks count only with a pregnancy word or "/40"
 * ("(6 weeks)" may be an infant's age; "8/52" is any number of weeks).
 */
export function pregnancyInDisplay(display: string | null | undefined): DisplayedPregnancy | undefined {
  for (const part of qualifiers(display ?? "")) {
    if (BABY.test(part)) continue;
    if (POSTNATAL.test(part)) return { pregnant: false, said: `the display says "${part.trim()}" (after delivery): the non-pregnant interval applies` };
    const weeks = WEEKS.exec(part);
    const stated = TRIMESTER.exec(part);
    const pregnancyWord = PREGNANT.test(part) || weeks?.[2] === "40";
    if (!pregnancyWord && !stated) continue;
    const w = weeks ? Number(weeks[1]) : undefined;
    const trimester = stated ? ((stated[1] ? 1 : stated[2] ? 2 : stated[3] ? 3 : Number(stated[4])) as 1 | 2 | 3) : w !== undefined && w >= 4 && w <= 44 ? trimesterOfWeeks(w) : undefined;
    return trimester ? { pregnant: true, trimester, said: `the display says "${part.trim()}" (trimester ${trimester} of pregnancy)` } : { pregnant: true, said: `the display says "${part.trim()}" (pregnant, trimester not given)` };
  }
  return undefined;
}

/**
 * The test as a pregnant woman's result is read when the trimester is not known: normal only where it is normal
 * in every trimester (the highest low end and the lowest high end of lab-limits `reference_in_pregnancy`), so
 * that no trimester's anaemia or excess is called normal. Unchanged for a test without a pregnancy interval.
 */
export function forUnknownTrimester(test: LabTest, said: string): { test: LabTest; note: string | null } {
  const pregnancy = (test as LabTest & { reference_in_pregnancy?: PregnancyReference }).reference_in_pregnancy;
  if (!pregnancy) return { test, note: null };
  const female = test.reference_range_by_sex?.female ?? test.reference_range;
  const low = Math.max(...pregnancy.low_by_trimester);
  const high = pregnancy.high_by_trimester ? Math.min(...pregnancy.high_by_trimester) : female[1];
  return {
    test: { ...test, reference_range_by_sex: { ...test.reference_range_by_sex, female: [low, high] } },
    note: `${said}: ${test.name.toLowerCase()} is read against ${low}–${high} ${test.canonical_unit}, normal in every trimester (${pregnancy.source}); critical limits are unchanged`,
  };
}
