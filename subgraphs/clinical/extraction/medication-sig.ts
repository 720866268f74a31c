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
/** A form written as a whole word or abbreviation, dots and all ("o.d.", "t.d.s"): not inside another word. */
const wholeForm = (alternatives: string) => new RegExp(`(?<![a-z0-9])(?:${alternatives})(?![a-z0-9])`, "gi");

/**
 * Routes. "PR" is per rectum only when no number follows it: "PR 88", "PR: 88/min" is the pulse rate
 * written among the vitals, and a heart drug read as rectal was printed so in the SOAP plan. A number that is
 * a frequency ("PR 6 hourly", "PR 12hrly", "PR 6h") leaves it rectal.
 */
const ROUTES: Array<[RegExp, string]> = [
  [wholeForm(String.raw`po|p\.o\.?|per os|oral(?:ly)?|by mouth`), "oral"],
  [wholeForm(String.raw`iv|i\.v\.?|intravenous(?:ly)?|ivi`), "intravenous"],
  [wholeForm(String.raw`im|i\.m\.?|intramuscular(?:ly)?`), "intramuscular"],
  [wholeForm(String.raw`sc|s\.c\.?|subcut(?:aneous(?:ly)?)?|sq`), "subcutaneous"],
  [wholeForm(String.raw`sl|sublingual(?:ly)?`), "sublingual"],
  [wholeForm(String.raw`(?:pr|p\.r\.)(?!\s*[:=]?\s*\d+(?!\d|[.,]\d|\s*(?:hourly|hrly|hrs?|h)(?![a-z])))|per rectum|rectal(?:ly)?`), "rectal"],
  [wholeForm(String.raw`pv|per vagina|vaginal(?:ly)?`), "vaginal"],
  [wholeForm(String.raw`inhaled|inhaler|via inhaler|nebs?|nebuli[sz]ed|nebuli[sz]er|nebuli[sz]ation|mdi`), "inhaled"],
  [wholeForm(String.raw`topical(?:ly)?|apply|cream|ointment`), "topical"],
  [wholeForm(String.raw`eye drops?|ophthalmic`), "ophthalmic"],
];

/**
 * Frequencies by the forms clinicians write (BNF and East African prescription abbreviations: "1x3" is one
 * tablet three times a day, "o.n."/"nocte" at night, "o.m."/"mane" in the morning). The form written
 * first in the instruction wins, the longest at one place: "twice daily" is not the "daily" inside it.
 */
export const FREQUENCY_FORMS: Array<[string, string[]]> = [
  ["once daily", ["od", "o\\.d\\.?", "qd", "once daily", "once a day", "daily", "once per day", "1x1", "1 ?times? daily", "1 ?times? a day", "1 ?times? per day", "one time daily", "one time a day", "one time per day", "mane", "o\\.m\\.?", "nocte", "o\\.n\\.?", "at night", "every morning", "qhs", "hs", "24 ?hourly", "24 ?hrly", "q24h"]],
  ["twice daily", ["bd", "b\\.d\\.?", "bid", "b\\.i\\.d\\.?", "twice daily", "twice a day", "twice per day", "two times daily", "two times a day", "two times per day", "2 ?times daily", "2 ?times a day", "2 ?times per day", "12 ?hourly", "12 ?hrly", "q12h", "q12hr", "every 12 hours", "1x2", "2x1"]],
  ["three times daily", ["tds", "t\\.d\\.s\\.?", "tid", "t\\.i\\.d\\.?", "three times daily", "three times a day", "three times per day", "thrice daily", "thrice a day", "thrice per day", "3 ?times daily", "3 ?times a day", "3 ?times per day", "8 ?hourly", "8 ?hrly", "q8h", "q8hr", "every 8 hours", "1x3", "2x3"]],
  ["four times daily", ["qid", "q\\.i\\.d\\.?", "qds", "q\\.d\\.s\\.?", "four times daily", "four times a day", "four times per day", "4 ?times daily", "4 ?times a day", "4 ?times per day", "6 ?hourly", "6 ?hrly", "q6h", "q6hr", "every 6 hours", "1x4"]],
  ["every 4 hours", ["q4h", "q4hr", "4 ?hourly", "4 ?hrly", "every 4 hours"]],
  ["weekly", ["weekly", "once a week", "once weekly"]],
  ["as needed", ["prn", "p\\.r\\.n\\.?", "as needed", "when required", "as required", "sos"]],
  ["once (stat)", ["stat", "immediately", "single dose", "once only", "loading dose", "loading"]],
];
const FREQUENCIES: Array<[RegExp, string]> = FREQUENCY_FORMS.map(([label, forms]) => [wholeForm(forms.join("|")), label]);
const DURATION = /\b(?:x|for|×|over)\s*(\d+)\s*(\/7|\/52|\/12|\/24|days?|d|weeks?|wks?|months?|mo|hours?|hrs?|h)\b/i;
const AS_NEEDED = /\b(prn|p\.r\.n\.?|as needed|when required|as required|sos)\b/i;

/** The label of the form written first in `window` (the longest at one place), skipping `except`. */
function firstForm(table: Array<[RegExp, string]>, window: string, except?: string): string | null {
  let best: { at: number; length: number; label: string } | null = null;
  for (const [re, label] of table) {
    if (label === except) continue;
    re.lastIndex = 0;
    for (const m of window.matchAll(re)) {
      if (!best || m.index! < best.at || (m.index === best.at && m[0].length > best.length)) best = { at: m.index!, length: m[0].length, label };
    }
  }
  return best?.label ?? null;
}

/** Whether `text` starts with a part of an instruction (a number, route, frequency or duration), not another word. */
export function startsInstruction(text: string): boolean {
  const t = text.trimStart();
  if (/^(?:\d|x\s*\d|×|for\s+\d|over\s+\d|then\b)/i.test(t)) return true;
  return [...ROUTES, ...FREQUENCIES].some(([re]) => {
    re.lastIndex = 0;
    const m = re.exec(t);
    return m?.index === 0;
  });
}

export function parseSig(window: string): MedicationSig {
  const dose = DOSE.exec(window);
  const route = firstForm(ROUTES, window);
  // "as needed" qualifies a frequency written with it ("1g prn tds"); alone it is the frequency.
  let frequency = firstForm(FREQUENCIES, window, "as needed") ?? firstForm(FREQUENCIES, window);
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
