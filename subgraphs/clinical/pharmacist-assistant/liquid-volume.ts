/**
 * Household and older volume units written for a liquid, in mL: a teaspoon is the 5 mL medicine spoon (BNF, "Guidance
 * on prescribing": oral liquids are measured with a 5-mL spoon; USP <1221> teaspoon = 5 mL), a tablespoon 15 mL
 * (USP <1221>), a cubic centimetre (cc) 1 mL (SI). Read only with a number before it.
 */
const ML_PER_UNIT: Record<string, number> = { tsp: 5, tsps: 5, teaspoon: 5, teaspoons: 5, teaspoonful: 5, teaspoonfuls: 5, tbsp: 15, tbsps: 15, tablespoon: 15, tablespoons: 15, tablespoonful: 15, tablespoonfuls: 15, cc: 1, ccs: 1 };
const inMl = (count: string, perUnit: number) => Math.round(Number(count) * perUnit * 1000) / 1000;
const VOLUME_DOSE = /^(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*([a-z]+)\b(.*)$/i;

/** "2 tsp" → "10 ml", "5cc" → "5 ml", "1-2 tsp" → "5-10 ml"; any other dose is returned as written. */
export function volumeInMl(dose: string): string {
  const m = VOLUME_DOSE.exec(dose);
  const perUnit = m ? ML_PER_UNIT[m[3].toLowerCase()] : undefined;
  if (!m || perUnit === undefined) return dose;
  const low = inMl(m[1], perUnit);
  const high = m[2] ? `-${inMl(m[2], perUnit)}` : "";
  return `${low}${high} ml${m[4]}`;
}
