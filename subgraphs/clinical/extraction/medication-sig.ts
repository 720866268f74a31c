/**
 * Dose, route, frequency and duration written after a medication name ("amlodipine 5 mg PO OD",
 * "paracetamol 1g tds x 3/7", "ceftriaxone 2g IV once daily for 5 days"). Read from the text between
 * the name and the next medication, sentence end or line break, at most 80 characters.
 */
export interface MedicationSig {
  dose: string | null;
  route: string | null;
  frequency: string | null;
  duration: string | null;
}

const DOSE_UNIT = "mcg|µg|ug|mg|g|gm|grams?|ml|mls|iu|units?|mmol|meq|%|tabs?|tablets?|caps?|capsules?|puffs?|drops?|sachets?|vials?|amps?";
/**
 * What a dose is per: body weight or surface ("mg/kg", "ml/kg", "mg/m2"), then optionally time ("mg/kg/day",
 * "mcg/kg/min"), or time alone ("ml/hr", "units/h"). A weight-based dose read without its "/kg" would
 * be a fixed dose many times too small or too large, so the denominator is always kept.
 */
const DOSE_PER = "(?:\\s*\\/\\s*(?:kg|m2|m²)(?:\\s*\\/\\s*(?:day|d|24\\s*hrs?|24\\s*h|hr|h|hour|min|dose))?|\\s*\\/\\s*(?:day|d|24\\s*hrs?|24\\s*h|hrs?|h|hour|min|dose)(?![a-z]))?";
const DOSE = new RegExp(`\\b(\\d+(?:[.,]\\d+)?(?:\\s*\\/\\s*\\d+(?:[.,]\\d+)?)?)\\s*(${DOSE_UNIT})(${DOSE_PER})(?![a-z0-9])`, "i");
const ROUTES: Array<[RegExp, string]> = [
  [/\b(po|p\.o\.?|per os|oral(?:ly)?|by mouth)\b/i, "oral"],
  [/\b(iv|i\.v\.?|intravenous(?:ly)?|ivi)\b/i, "intravenous"],
  [/\b(im|i\.m\.?|intramuscular(?:ly)?)\b/i, "intramuscular"],
  [/\b(sc|s\.c\.?|subcut(?:aneous(?:ly)?)?|sq)\b/i, "subcutaneous"],
  [/\b(sl|sublingual(?:ly)?)\b/i, "sublingual"],
  [/\b(pr|per rectum|rectal(?:ly)?)\b/i, "rectal"],
  [/\b(pv|per vagina|vaginal(?:ly)?)\b/i, "vaginal"],
  [/\b(inhaled|inhaler|via inhaler|neb(?:uli[sz]ed)?|mdi)\b/i, "inhaled"],
  [/\b(topical(?:ly)?|apply|cream|ointment)\b/i, "topical"],
  [/\b(eye drops?|ophthalmic)\b/i, "ophthalmic"],
];
const FREQUENCIES: Array<[RegExp, string]> = [
  [/\b(od|o\.d\.|qd|once daily|once a day|daily|once per day|1x1|mane|nocte|at night|every morning|qhs|hs)\b/i, "once daily"],
  [/\b(bd|b\.d\.|bid|b\.i\.d\.|twice daily|twice a day|12 ?hourly|q12h|every 12 hours|1x2|2x1)\b/i, "twice daily"],
  [/\b(tds|t\.d\.s\.|tid|t\.i\.d\.|three times daily|three times a day|8 ?hourly|q8h|every 8 hours|1x3|2x3)\b/i, "three times daily"],
  [/\b(qid|q\.i\.d\.|qds|four times daily|four times a day|6 ?hourly|q6h|every 6 hours|1x4)\b/i, "four times daily"],
  [/\b(q4h|4 ?hourly|every 4 hours)\b/i, "every 4 hours"],
  [/\b(weekly|once a week|once weekly)\b/i, "weekly"],
  [/\b(prn|p\.r\.n\.?|as needed|when required|as required|sos)\b/i, "as needed"],
  [/\b(stat|immediately|single dose|once only)\b/i, "once (stat)"],
];
const DURATION = /\b(?:x|for|×|over)\s*(\d+)\s*(\/7|\/52|\/12|\/24|days?|d|weeks?|wks?|months?|mo|hours?|hrs?|h)\b/i;
const AS_NEEDED = /\b(prn|p\.r\.n\.?|as needed|when required|as required|sos)\b/i;

export function parseSig(window: string): MedicationSig {
  const dose = DOSE.exec(window);
  const route = ROUTES.find(([re]) => re.test(window))?.[1] ?? null;
  let frequency = FREQUENCIES.find(([re]) => re.test(window))?.[1] ?? null;
  // "1g tds prn": at most that often, when needed.
  if (frequency && frequency !== "as needed" && frequency !== "once (stat)" && AS_NEEDED.test(window)) frequency = `${frequency}, as needed`;
  const d = DURATION.exec(window);
  let duration: string | null = null;
  if (d) {
    const n = Number(d[1]);
    const u = d[2].toLowerCase();
    const unit = u === "/7" || u.startsWith("d") ? "day" : u === "/52" || u.startsWith("w") ? "week" : u === "/24" || u.startsWith("h") ? "hour" : "month";
    duration = `${n} ${unit}${n === 1 ? "" : "s"}`;
  }
  return { dose: dose ? `${dose[1].replace(",", ".").replace(/\s+/g, "")} ${dose[2].toLowerCase()}${dose[3].replace(/\s+/g, "").toLowerCase()}` : null, route, frequency, duration };
}
