/**
 * The kidney function a prescription is checked against: the eGFR the request gives, else one computed from the
 * patient's most recent serum creatinine on the record (no older than RECENT_CREATININE_DAYS) with the CKD-EPI 2021
 * equation, else none (the renal rules then apply only from a kidney diagnosis).
 */

/** Serum creatinine LOINC codes read from the record: mass (mg/dL) and substance (µmol/L) concentration. */
export const CREATININE_LOINC = { massMgPerDl: "2160-0", substanceUmolPerL: "14682-9" } as const;

/** A creatinine older than this (days) is not used: kidney function changes (acute kidney injury, progression). */
export const RECENT_CREATININE_DAYS = 90;

/** µmol/L of creatinine in 1 mg/dL (molar mass 113.12 g/mol: 1 mg/dL = 88.4 µmol/L). */
export const UMOL_PER_MG_DL = 88.4;

export const CKD_EPI_2021 = "CKD-EPI 2021 creatinine equation without race (Inker et al., N Engl J Med 2021;385:1737-49)";

/** Adults only: under this age the equation does not apply (the bedside Schwartz equation needs the child's height). */
const ADULT_FROM_YEARS = 18;

export interface KidneyFunction {
  /** eGFR in mL/min/1.73 m² (whole number), or null when none is known. */
  egfr: number | null;
  /** request, patient_record_creatinine or none. */
  source: "request" | "patient_record_creatinine" | "none";
  creatinineValue: number | null;
  creatinineUnit: string | null;
  creatinineLoinc: string | null;
  measuredOn: string | null;
  equation: string | null;
  /** Why no eGFR was computed from a creatinine on the record, when one was there. */
  note: string | null;
}

export interface CreatinineRow {
  code: string;
  value: string;
  comparator: string | null;
  unit: string | null;
  date: string;
}

const NONE: KidneyFunction = { egfr: null, source: "none", creatinineValue: null, creatinineUnit: null, creatinineLoinc: null, measuredOn: null, equation: null, note: null };

/**
 * CKD-EPI 2021 (race-free): 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 (female), with
 * κ 0.7 (female) or 0.9 (male) and α −0.241 (female) or −0.302 (male); Scr in mg/dL. Unrounded mL/min/1.73 m².
 */
export function ckdEpi2021(creatinineMgPerDl: number, ageYears: number, sex: "female" | "male"): number {
  const female = sex === "female";
  const ratio = creatinineMgPerDl / (female ? 0.7 : 0.9);
  const alpha = female ? -0.241 : -0.302;
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** ageYears * (female ? 1.012 : 1);
}

/** A creatinine in mg/dL from a record's value and unit (mg/dL or µmol/L, under either LOINC code); null if unreadable. */
export function creatinineMgPerDl(value: string, unit: string | null): number | null {
  const n = Number(value.trim());
  if (!Number.isFinite(n) || n <= 0) return null;
  const u = (unit ?? "").trim().toLowerCase().replace(/\s+/g, "").replace(/[µμ]/g, "u");
  if (u === "mg/dl") return n;
  if (u === "umol/l") return n / UMOL_PER_MG_DL;
  return null;
}

/** The eGFR the request gives. */
export const givenKidneyFunction = (egfr: number): KidneyFunction => ({ ...NONE, egfr: Math.round(egfr), source: "request" });

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Why the most recent creatinine gives no eGFR (age, sex, unit, a censored value), or null when it can be used. */
function notComputable(row: CreatinineRow, mgPerDl: number | null, ageYears: number | null, sex: string | null): string | null {
  const what = `the creatinine of ${row.date} (${row.value} ${row.unit ?? ""})`.replace(" )", ")");
  if (row.comparator) return `${what} is a censored result (${row.comparator}): no eGFR computed`;
  if (mgPerDl === null) return `${what} has a unit that is not mg/dL or µmol/L: no eGFR computed`;
  if (ageYears === null) return `the patient's age is not known: no eGFR computed from ${what}`;
  if (ageYears < ADULT_FROM_YEARS) return `the patient is under ${ADULT_FROM_YEARS}: the CKD-EPI equation is for adults and the bedside Schwartz equation needs the child's height, so no eGFR was computed from ${what}`;
  if (sex !== "female" && sex !== "male") return `the patient's sex is not recorded as female or male (the equation needs it): no eGFR computed from ${what}`;
  return null;
}

/**
 * The eGFR from the most recent creatinine among `rows` dated within RECENT_CREATININE_DAYS of `today` (none in the
 * future), with the patient's age and sex; a creatinine it cannot use says why in `note`.
 */
export function kidneyFunctionFromCreatinine(rows: CreatinineRow[], ageYears: number | null, sex: string | null, today: string): KidneyFunction {
  const recent = rows
    .filter((r) => r.date <= today && daysBetween(r.date, today) <= RECENT_CREATININE_DAYS)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const row = recent[0];
  if (!row) return NONE;
  const mgPerDl = creatinineMgPerDl(row.value, row.unit);
  const reading = { creatinineValue: Number(row.value) || null, creatinineUnit: row.unit, creatinineLoinc: row.code, measuredOn: row.date };
  const why = notComputable(row, mgPerDl, ageYears, sex);
  if (why) return { ...NONE, ...reading, note: why };
  const egfr = Math.round(ckdEpi2021(mgPerDl!, ageYears!, sex as "female" | "male"));
  return { ...NONE, ...reading, egfr, source: "patient_record_creatinine", equation: CKD_EPI_2021 };
}
