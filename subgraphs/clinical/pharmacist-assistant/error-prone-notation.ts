/**
 * Error-prone notations in a prescription item as written (session 21): the abbreviations, symbols and dose
 * designations of the Joint Commission "Do Not Use" list (U, IU, Q.D., Q.O.D., trailing zero, missing leading zero,
 * MS/MSO4/MgSO4) and of the ISMP List of Error-Prone Abbreviations, Symbols, and Dose Designations (2021: µg, cc, SS,
 * HS/hs, qhs, and drug-name abbreviations such as MTX, AZT, HCTZ). The engines still read them (qd as once daily,
 * "5.0 mg" as 5 mg, ".5mg" as 0.5 mg); each is reported so that the prescription is rewritten before it is copied
 * onto a chart or a label, where the misreading happens.
 *
 * The BNF's Latin abbreviations (od, bd, tds, qds, qid, nocte, mane, stat, prn, ac, pc) are not on either list and are
 * not reported. Neither are route and eye/ear abbreviations (SC, OD/OS/OU, AD/AS/AU): they are standard on East African
 * charts and reporting them would flag most insulin and eye-drop prescriptions.
 */

const JC = 'Joint Commission "Do Not Use" list';
const ISMP = "ISMP List of Error-Prone Abbreviations, Symbols, and Dose Designations";

export interface NotationFinding {
  field: "dose" | "frequency" | "name";
  /**
   * moderate: a misreading that multiplies the dose or the doses (qd/qod, U, trailing zero, missing leading zero, µg, ss,
   * MS/MSO4/MgSO4); minor: one with a smaller or less likely harm (cc, hs, an abbreviated drug name). "IU" is not reported
   * (session 21, lead): WHO guidelines and the East African national guidelines write oxytocin and vitamin A doses in IU
   * ("oxytocin 10 IU IM"), so every maternity order would carry it; "U" alone stays reported.
   */
  severity: "moderate" | "minor";
  message: string;
}

interface Rule {
  /** Matched against the field's text lower-cased, full stops of abbreviations taken off ("q.d." → "qd"; a decimal point stays). */
  pattern: RegExp;
  fields: NotationFinding["field"][];
  severity: NotationFinding["severity"];
  message: (found: string) => string;
}

const RULES: Rule[] = [
  {
    pattern: /(?<![a-z])qd(?![a-z])/,
    fields: ["frequency"],
    severity: "moderate",
    message: (f) => `"${f}" (once daily) is misread as qid, four times a day: write "once daily" (${JC}; ${ISMP})`,
  },
  {
    pattern: /(?<![a-z])qod(?![a-z])/,
    fields: ["frequency"],
    severity: "moderate",
    message: (f) => `"${f}" (every other day) is misread as qd (daily) or qid: write "every other day" (${JC}; ${ISMP})`,
  },
  {
    pattern: /(?<![a-z])q?hs(?![a-z])/,
    fields: ["frequency"],
    severity: "minor",
    message: (f) => `"${f}" (at bedtime) is mistaken for half-strength, or qhs for every hour: write "at bedtime" or "nocte" (${ISMP})`,
  },
  {
    pattern: /(?<![\d.,])\d+\.\d*0(?![\d%])(?=\s*(?:[a-zµμ]|$))/,
    fields: ["dose"],
    severity: "moderate",
    message: (f) => `"${f}" has a trailing zero: a missed decimal point reads it as ten times the dose; write it without the zero (${JC}; ${ISMP})`,
  },
  {
    pattern: /(?<![\d\w])\.\d+/,
    fields: ["dose", "frequency"],
    severity: "moderate",
    message: (f) => `"${f}" has no leading zero: the decimal point is missed and it is read as ten times the dose or more; write "0${f}" (${JC}; ${ISMP})`,
  },
  {
    pattern: /(?<![\d.,])\d+(?:[.,]\d+)*\s*u(?![a-z])|(?<![a-z])u(?![a-z])/,
    fields: ["dose"],
    severity: "moderate",
    message: (f) => `"${f.trim()}": "U" for units is misread as 0 or 4 (10U as 100): write "units" (${JC}; ${ISMP})`,
  },
  {
    pattern: /[µμ]g/,
    fields: ["dose", "name"],
    severity: "moderate",
    message: () => `"µg" is misread as mg (a thousand times the dose): write "micrograms" or "mcg" (${ISMP})`,
  },
  {
    pattern: /(?<![a-z])cc(?![a-z])/,
    fields: ["dose"],
    severity: "minor",
    message: () => `"cc" is misread as U (units) or 00: write "mL" (${ISMP})`,
  },
  {
    pattern: /(?<![a-z])ss(?![a-z])/,
    fields: ["dose", "frequency"],
    severity: "moderate",
    message: () => `"ss" (one half, or sliding scale) is misread as 55: write "half" ("0.5 tablet") or "sliding scale" (${ISMP})`,
  },
  {
    pattern: /(?<![a-z])(?:ms|mso4|ms04|mgso4|mgs04)(?![a-z\d])/,
    fields: ["name"],
    severity: "moderate",
    message: (f) => `"${f.toUpperCase()}": MS, MSO4 (morphine sulfate) and MgSO4 (magnesium sulfate) are mistaken for each other: write the drug's full name (${JC}; ${ISMP})`,
  },
  {
    pattern: /(?<![a-z])(?:mtx|azt|hctz|hct|cpz|ptu|znso4)(?![a-z\d])/,
    fields: ["name"],
    severity: "minor",
    message: (f) => `"${f.toUpperCase()}" is an abbreviated drug name on the ${ISMP} (MTX: methotrexate or mitoxantrone; AZT: zidovudine or azathioprine; HCT/HCTZ: hydrocortisone or hydrochlorothiazide; CPZ, PTU, ZnSO4): write the drug's full name`,
  },
];

/** The error-prone notations in an item's name, dose and frequency as written, one finding per notation. */
export function errorProneNotations(item: { name: string; dose?: string | null; frequency?: string | null }): NotationFinding[] {
  const texts: Record<NotationFinding["field"], string> = { name: item.name ?? "", dose: item.dose ?? "", frequency: item.frequency ?? "" };
  const found: NotationFinding[] = [];
  for (const rule of RULES) {
    for (const field of rule.fields) {
      const m = rule.pattern.exec(texts[field].toLowerCase().replace(/(?<!\d)\.(?!\d)/g, ""));
      if (m) {
        found.push({ field, severity: rule.severity, message: `Error-prone notation in the ${field}: ${rule.message(m[0])}` });
        break;
      }
    }
  }
  return found;
}
