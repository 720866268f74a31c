/**
 * Writes the demo world to seed/demo/*.json. Deterministic: a seeded PRNG, no network, no clock.
 * Dates are stored as "days ago" and placed relative to the day the database is seeded, so the
 * demo timeline always falls inside the default history window.
 *
 *   npx tsx scripts/generate-demo-data.ts [--out DIR]   (default seed/demo/; test/demo-data-drift.test.ts
 *                                                      writes elsewhere and compares)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { normalizeMobilePhone } from "../lib/phone.js";
import { demoCompoundFormulas, demoStorageUnits } from "./demo-cold-chain-compounding.js";

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20261121);
// A Ugandan mobile number: one draw of eight digits after "7", as the committed demo world was generated.
// A draw that lib/phone.ts refuses as a mobile (libphonenumber's ranges) takes MTN's 77 instead, the move
// made by hand when phone numbers became E.164.
function ugandanMobile(draw: number): string {
  const drawn = `+2567${String(draw).padStart(8, "0")}`;
  return normalizeMobilePhone(drawn, "UG") ?? `+25677${drawn.slice(6)}`;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(rand() * 4)];
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

// ICD-10 (WHO 2019), RxNorm ingredient RxCUIs (U.S. National Library of Medicine, as listed in the CPIC
// database drug table; null where no code was confirmed), LOINC codes for the observations. See seed/README.md.
const PROFILES = [
  {
    dx: { code: "I10", display: "Essential (primary) hypertension" },
    meds: [{ name: "Hydrochlorothiazide", rxnorm: "5487", dose: "25 mg", frequency: "once daily" }, { name: "Lisinopril", rxnorm: "29046", dose: "10 mg", frequency: "once daily" }],
    complaint: ["Headache and dizziness", "Routine blood pressure review", "Blurred vision"],
    labs: ["bp"],
  },
  {
    dx: { code: "E11.9", display: "Type 2 diabetes mellitus without complications" },
    meds: [{ name: "Metformin", rxnorm: "6809", dose: "500 mg", frequency: "twice daily" }],
    complaint: ["Increased thirst and frequent urination", "Diabetes review", "Tingling in the feet"],
    labs: ["glucose", "hba1c"],
  },
  {
    dx: { code: "B24", display: "Unspecified human immunodeficiency virus [HIV] disease" },
    meds: [{ name: "Tenofovir disoproxil", rxnorm: "117466", dose: "300 mg", frequency: "once daily" }, { name: "Efavirenz", rxnorm: "195085", dose: "600 mg", frequency: "once daily at night" }],
    complaint: ["ART refill visit", "Weight loss and night sweats", "Adherence counselling"],
    labs: ["hb"],
  },
  {
    dx: { code: "J45.9", display: "Asthma, unspecified" },
    // RxNorm 435 (albuterol = salbutamol): subgraphs/clinical/knowledge/drugs.json, confirmed in the CPIC drug table.
    meds: [{ name: "Salbutamol inhaler", rxnorm: "435", dose: "100 mcg, 2 puffs", frequency: "as needed" }],
    complaint: ["Wheezing and shortness of breath", "Night-time cough"],
    labs: [],
  },
  {
    dx: { code: "N18.3", display: "Chronic kidney disease, stage 3" },
    meds: [{ name: "Furosemide", rxnorm: "4603", dose: "40 mg", frequency: "once daily" }],
    complaint: ["Leg swelling", "Renal clinic review"],
    labs: ["creatinine", "potassium"],
  },
  {
    dx: { code: "I48.9", display: "Atrial fibrillation and atrial flutter, unspecified" },
    meds: [{ name: "Warfarin", rxnorm: "11289", dose: "5 mg", frequency: "once daily" }, { name: "Digoxin", rxnorm: "3407", dose: "125 mcg", frequency: "once daily" }],
    complaint: ["Palpitations", "Anticoagulation clinic (INR check)"],
    labs: ["inr"],
  },
  {
    dx: { code: "I50.9", display: "Heart failure, unspecified" },
    meds: [{ name: "Furosemide", rxnorm: "4603", dose: "40 mg", frequency: "once daily" }, { name: "Spironolactone", rxnorm: "9997", dose: "25 mg", frequency: "once daily" }],
    complaint: ["Breathlessness on exertion", "Swollen ankles"],
    labs: ["potassium", "creatinine"],
  },
  {
    dx: { code: "E78.5", display: "Hyperlipidaemia, unspecified" },
    meds: [{ name: "Atorvastatin", rxnorm: "83367", dose: "20 mg", frequency: "once daily at night" }],
    complaint: ["Cholesterol review"],
    labs: ["lipids"],
  },
  {
    dx: { code: "M10.9", display: "Gout, unspecified" },
    meds: [{ name: "Allopurinol", rxnorm: "519", dose: "100 mg", frequency: "once daily" }],
    complaint: ["Painful swollen big toe"],
    labs: ["creatinine"],
  },
  {
    dx: { code: "G40.9", display: "Epilepsy, unspecified" },
    meds: [{ name: "Carbamazepine", rxnorm: "2002", dose: "200 mg", frequency: "twice daily" }],
    complaint: ["Seizure follow-up"],
    labs: [],
  },
  {
    dx: { code: "F32.9", display: "Depressive episode, unspecified" },
    meds: [{ name: "Fluoxetine", rxnorm: "4493", dose: "20 mg", frequency: "once daily" }],
    complaint: ["Low mood and poor sleep"],
    labs: [],
  },
] as const;

const ACUTE = [
  { dx: { code: "B50.9", display: "Plasmodium falciparum malaria, unspecified" }, complaint: "Fever, chills and headache for 3 days", med: { name: "Artemether-lumefantrine", rxnorm: null, dose: "80/480 mg", frequency: "twice daily for 3 days" }, type: "outpatient" },
  { dx: { code: "J18.9", display: "Pneumonia, unspecified" }, complaint: "Cough with fever and chest pain", med: { name: "Amoxicillin", rxnorm: "723", dose: "500 mg", frequency: "three times daily for 5 days" }, type: "inpatient" },
  { dx: { code: "A09.9", display: "Gastroenteritis and colitis of unspecified origin" }, complaint: "Diarrhoea and vomiting", med: { name: "Oral rehydration salts", rxnorm: null, dose: "1 sachet", frequency: "after each loose stool" }, type: "emergency" },
  { dx: { code: "N39.0", display: "Urinary tract infection, site not specified" }, complaint: "Burning on urination", med: { name: "Ciprofloxacin", rxnorm: "2551", dose: "500 mg", frequency: "twice daily for 3 days" }, type: "outpatient" },
] as const;

const LABS: Record<string, () => { code: string; display: string; value: string; unit: string }[]> = {
  bp: () => [
    { code: "8480-6", display: "Systolic blood pressure", value: String(between(128, 168)), unit: "mm[Hg]" },
    { code: "8462-4", display: "Diastolic blood pressure", value: String(between(78, 102)), unit: "mm[Hg]" },
  ],
  glucose: () => [{ code: "2345-7", display: "Glucose [Mass/volume] in Serum or Plasma", value: String(between(95, 260)), unit: "mg/dL" }],
  hba1c: () => [{ code: "4548-4", display: "Hemoglobin A1c/Hemoglobin.total in Blood", value: (between(60, 105) / 10).toFixed(1), unit: "%" }],
  hb: () => [{ code: "718-7", display: "Hemoglobin [Mass/volume] in Blood", value: (between(95, 150) / 10).toFixed(1), unit: "g/dL" }],
  creatinine: () => [{ code: "2160-0", display: "Creatinine [Mass/volume] in Serum or Plasma", value: (between(9, 28) / 10).toFixed(1), unit: "mg/dL" }],
  potassium: () => [{ code: "2823-3", display: "Potassium [Moles/volume] in Serum or Plasma", value: (between(34, 56) / 10).toFixed(1), unit: "mmol/L" }],
  inr: () => [{ code: "6301-6", display: "INR in Platelet poor plasma by Coagulation assay", value: (between(14, 38) / 10).toFixed(1), unit: "{INR}" }],
  lipids: () => [
    { code: "2093-3", display: "Cholesterol [Mass/volume] in Serum or Plasma", value: String(between(170, 280)), unit: "mg/dL" },
    { code: "2085-9", display: "Cholesterol in HDL [Mass/volume] in Serum or Plasma", value: String(between(32, 62)), unit: "mg/dL" },
  ],
};

const GIVEN_F = ["Nakato", "Apio", "Akinyi", "Wanjiru", "Namubiru", "Atim", "Neema", "Auma", "Nansubuga", "Achieng", "Mukami", "Rehema", "Babirye", "Amani"];
const GIVEN_M = ["Okello", "Mugisha", "Kato", "Otieno", "Kamau", "Ssemakula", "Baraka", "Odongo", "Tumusiime", "Juma", "Waswa", "Opio", "Kiprop", "Musa"];
const FAMILY = ["Namutebi", "Ochieng", "Kizza", "Mwangi", "Nalwoga", "Okot", "Byaruhanga", "Njoroge", "Mutesi", "Onyango", "Ssali", "Kirabo", "Mushi", "Akello", "Wekesa", "Tumwine"];
const DISTRICTS = ["Kampala", "Wakiso", "Gulu", "Mbarara", "Jinja", "Mbale", "Lira", "Arua"];
const FACILITIES = ["Mulago National Referral Hospital", "Gulu Regional Referral Hospital", "Mbarara Regional Referral Hospital", "Kisenyi Health Centre IV"];
const ALLERGENS = [
  { substance: "Penicillin", reaction: "Urticaria", severity: "moderate" },
  { substance: "Sulfonamides", reaction: "Rash", severity: "moderate" },
  { substance: "Aspirin", reaction: "Bronchospasm", severity: "severe" },
];

const patients = [];
for (let i = 1; i <= 50; i++) {
  const sex = rand() < 0.55 ? "female" : "male";
  const given = pick(sex === "female" ? GIVEN_F : GIVEN_M);
  const family = pick(FAMILY);
  const age = between(19, 84);
  const birthYear = 2026 - age;
  const birthDate = `${birthYear}-${String(between(1, 12)).padStart(2, "0")}-${String(between(1, 28)).padStart(2, "0")}`;
  const uhid = `UG-2024-${String(i).padStart(6, "0")}`;
  const chronicCount = age > 45 ? between(1, 3) : between(0, 1);
  const profiles = [...new Set(Array.from({ length: chronicCount }, () => pick(PROFILES)))];
  const encounters = [];
  const diagnoses = [];
  const medications = [];
  const observations = [];
  for (const p of profiles) {
    const firstSeen = between(200, 1400);
    diagnoses.push({ code: p.dx.code, display: p.dx.display, days_ago: firstSeen, status: "chronic" });
    for (const m of p.meds) medications.push({ ...m, status: "active", days_ago: firstSeen });
    for (let v = 0; v < between(1, 3); v++) {
      const daysAgo = between(3, 330);
      encounters.push({ id: uuid(), days_ago: daysAgo, type: "outpatient", chief_complaint: pick(p.complaint), facility: pick(FACILITIES), los_days: null });
      for (const lab of p.labs) for (const o of LABS[lab]()) observations.push({ ...o, days_ago: daysAgo });
    }
  }
  if (rand() < 0.7) {
    const a = pick(ACUTE);
    const daysAgo = between(5, 300);
    const losDays = a.type === "inpatient" ? between(2, 9) : null;
    const enc = { id: uuid(), days_ago: daysAgo, type: a.type, chief_complaint: a.complaint, facility: pick(FACILITIES), los_days: losDays };
    encounters.push(enc);
    diagnoses.push({ code: a.dx.code, display: a.dx.display, days_ago: daysAgo, status: "resolved", encounter_id: enc.id });
    medications.push({ ...a.med, status: "completed", days_ago: daysAgo });
    observations.push({ code: "8310-5", display: "Body temperature", value: (between(365, 398) / 10).toFixed(1), unit: "Cel", days_ago: daysAgo });
    observations.push({ code: "8867-4", display: "Heart rate", value: String(between(72, 118)), unit: "/min", days_ago: daysAgo });
  }
  const allergies = rand() < 0.15 ? [{ ...pick(ALLERGENS), days_ago: between(400, 2000) }] : [];
  patients.push({
    uhid,
    given_name: given,
    family_name: family,
    sex,
    birth_date: birthDate,
    phone: ugandanMobile(between(0, 99_999_999)),
    email: rand() < 0.4 ? `${given}.${family}@example.org`.toLowerCase() : null,
    district: pick(DISTRICTS),
    encounters: encounters.sort((a, b) => b.days_ago - a.days_ago),
    diagnoses,
    medications,
    observations,
    allergies,
  });
}

/**
 * Risk-score inputs for every patient who has encounters (the three models of
 * /api/v1/predictive-analytics/risk-scores/): blood pressure, a lipid panel and smoking status
 * (Framingham 2008 / Pooled Cohort Equations), and an inpatient admission with its discharge date
 * (LACE). Drawn from a second PRNG so that everything generated above stays as it was.
 */
const rand2 = mulberry32(20261128);
const pick2 = <T>(xs: readonly T[]): T => xs[Math.floor(rand2() * xs.length)];
const between2 = (lo: number, hi: number) => lo + Math.floor(rand2() * (hi - lo + 1));
const ADMISSIONS = [
  { dx: { code: "J18.9", display: "Pneumonia, unspecified" }, complaint: "Cough with fever and difficulty breathing" },
  { dx: { code: "B50.9", display: "Plasmodium falciparum malaria, unspecified" }, complaint: "High fever and vomiting" },
  { dx: { code: "A09.9", display: "Gastroenteritis and colitis of unspecified origin" }, complaint: "Severe diarrhoea and dehydration" },
  { dx: { code: "N39.0", display: "Urinary tract infection, site not specified" }, complaint: "Fever and flank pain" },
] as const;
// LOINC 72166-2 (Tobacco smoking status) answers.
const SMOKING = ["Never smoker", "Never smoker", "Never smoker", "Never smoker", "Former smoker", "Current every day smoker", "Current some day smoker"];
for (const p of patients as DemoPatient[]) {
  if (!p.encounters.length) continue;
  const has = (code: string) => observations(p).some((o) => o.code === code);
  const visit = () => between2(5, 200);
  if (!has("8480-6")) {
    const daysAgo = visit();
    observations(p).push(
      { code: "8480-6", display: "Systolic blood pressure", value: String(between2(112, 158)), unit: "mm[Hg]", days_ago: daysAgo },
      { code: "8462-4", display: "Diastolic blood pressure", value: String(between2(70, 96)), unit: "mm[Hg]", days_ago: daysAgo },
    );
  }
  if (!has("2093-3") || !has("2085-9")) {
    const daysAgo = visit();
    observations(p).push(
      { code: "2093-3", display: "Cholesterol [Mass/volume] in Serum or Plasma", value: String(between2(150, 260)), unit: "mg/dL", days_ago: daysAgo },
      { code: "2085-9", display: "Cholesterol in HDL [Mass/volume] in Serum or Plasma", value: String(between2(35, 70)), unit: "mg/dL", days_ago: daysAgo },
    );
  }
  observations(p).push({ code: "72166-2", display: "Tobacco smoking status", value: pick2(SMOKING), unit: "{status}", days_ago: visit() });
  if (!encountersOf(p).some((e) => e.type === "inpatient" && e.los_days !== null)) {
    const a = pick2(ADMISSIONS);
    const daysAgo = between2(20, 320);
    const enc = { id: uuid2(), days_ago: daysAgo, type: "inpatient", chief_complaint: a.complaint, facility: pick2(FACILITIES), los_days: between2(1, 8) };
    encountersOf(p).push(enc);
    // Half of the admissions came through the emergency department (LACE's "acute" admission).
    if (rand2() < 0.5) encountersOf(p).push({ id: uuid2(), days_ago: daysAgo, type: "emergency", chief_complaint: a.complaint, facility: enc.facility, los_days: null });
    diagnosesOf(p).push({ code: a.dx.code, display: a.dx.display, days_ago: daysAgo, status: "resolved", encounter_id: enc.id });
    encountersOf(p).sort((x, y) => y.days_ago - x.days_ago);
  }
}
// The record lists as plain arrays (their element types above are narrowed to the literals used there).
type DemoPatient = { encounters: unknown[]; diagnoses: unknown[]; observations: unknown[] };
function observations(p: DemoPatient) {
  return p.observations as { code: string; display: string; value: string; unit: string; days_ago: number }[];
}
function encountersOf(p: DemoPatient) {
  return p.encounters as { id: string; days_ago: number; type: string; chief_complaint: string; facility: string; los_days: number | null }[];
}
function diagnosesOf(p: DemoPatient) {
  return p.diagnoses as { code: string; display: string; days_ago: number; status: string; encounter_id?: string }[];
}
function uuid2() {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand2() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(rand2() * 4)];
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

// Pharmacies have fixed ids so dev tokens can name them (npm run token -- --role cashier --pharmacy <id>).
// Their phone is where cold-chain and logger-silence alerts go by SMS: a mobile (a landline takes no SMS,
// and the notifications service refuses one; docs/decisions/notifications.md, "A text message needs a mobile").
const pharmacies = [
  { id: "6a0c1d1e-0000-4000-8000-000000000001", code: "KLA-01", name: "Kampala Road Pharmacy", district: "Kampala", address: "Plot 12, Kampala Road", phone: "+256772400001", tax_rate: "0.18", currency: "UGX" },
  { id: "6a0c1d1e-0000-4000-8000-000000000002", code: "GUL-01", name: "Gulu Town Chemists", district: "Gulu", address: "Plot 4, Awich Road", phone: "+256772400002", tax_rate: "0.18", currency: "UGX" },
  { id: "6a0c1d1e-0000-4000-8000-000000000003", code: "MBR-01", name: "Mbarara Community Pharmacy", district: "Mbarara", address: "Plot 31, High Street", phone: "+256772400003", tax_rate: "0.18", currency: "UGX" },
];
const CATALOG = [
  { name: "Paracetamol 500 mg tablets (10)", sku: "PCM-500-10", category: "analgesics", retail_price: "1500.00", tax_exempt: true },
  { name: "Ibuprofen 200 mg tablets (10)", sku: "IBU-200-10", category: "analgesics", retail_price: "2500.00", tax_exempt: true },
  { name: "Oral rehydration salts sachet", sku: "ORS-1", category: "rehydration", retail_price: "800.00", tax_exempt: true },
  { name: "Zinc sulfate 20 mg tablets (10)", sku: "ZNC-20-10", category: "supplements", retail_price: "3000.00", tax_exempt: true },
  { name: "Vitamin C 500 mg tablets (30)", sku: "VTC-500-30", category: "supplements", retail_price: "6000.00", tax_exempt: false },
  { name: "Cetirizine 10 mg tablets (10)", sku: "CTZ-10-10", category: "allergy", retail_price: "2000.00", tax_exempt: true },
  { name: "Antacid chewable tablets (20)", sku: "ANT-20", category: "digestive", retail_price: "3500.00", tax_exempt: false },
  { name: "Cough syrup 100 ml", sku: "CGH-100", category: "cold-and-flu", retail_price: "7500.00", tax_exempt: false },
  { name: "Insect repellent lotion 100 ml", sku: "REP-100", category: "malaria-prevention", retail_price: "9000.00", tax_exempt: false },
  { name: "Long-lasting insecticidal net", sku: "LLIN-1", category: "malaria-prevention", retail_price: "15000.00", tax_exempt: true },
  { name: "Hand sanitiser 250 ml", sku: "SAN-250", category: "hygiene", retail_price: "5500.00", tax_exempt: false },
  { name: "Adhesive bandages (20)", sku: "BND-20", category: "first-aid", retail_price: "2500.00", tax_exempt: false },
  { name: "Male condoms (3)", sku: "CND-3", category: "sexual-health", retail_price: "1000.00", tax_exempt: true },
  { name: "Digital thermometer", sku: "THM-1", category: "devices", retail_price: "12000.00", tax_exempt: false },
  { name: "Folic acid 5 mg tablets (30)", sku: "FOL-5-30", category: "supplements", retail_price: "2000.00", tax_exempt: true },
];
const products = pharmacies.flatMap((ph) =>
  CATALOG.map((p) => ({ id: uuid(), pharmacy_id: ph.id, ...p, stock_quantity: between(0, 120), is_active: true })),
);
const suppliers = [
  { id: uuid(), code: "SUP-NPD", name: "Nile Pharmaceutical Distributors", district: "Kampala", phone: "+256414100001", email: "orders@nile-pd.example.org" },
  { id: uuid(), code: "SUP-EAM", name: "East African Medical Supplies", district: "Wakiso", phone: "+256414100002", email: "sales@eams.example.org" },
  { id: uuid(), code: "SUP-GLS", name: "Great Lakes Surgicals", district: "Mbarara", phone: "+256485100003", email: "info@gls.example.org" },
  { id: uuid(), code: "SUP-NCW", name: "Northern Chemists Wholesale", district: "Gulu", phone: "+256471100004", email: "orders@ncw.example.org" },
];
// Only medicines of the pharmacy's catalog are prescribable (createPrescription refuses any other code),
// so a medicine the catalog does not list (salbutamol) is left off the demo prescription.
const PRESCRIBABLE = new Set(
  (JSON.parse(readFileSync(new URL("../subgraphs/pharmacy/inventory/medications/medications.json", import.meta.url), "utf8")) as { medications: { code: string }[] }).medications.map((m) => m.code),
);
const prescriptions = patients
  .filter((p) => p.medications.some((m) => m.status === "active"))
  .slice(0, 20)
  .map((p, i) => ({
    id: uuid(),
    patient_uhid: p.uhid,
    prescriber: pick(["Dr. A. Mugerwa", "Dr. S. Wanyama", "Dr. R. Nabirye"]),
    items: prescriptionItemsFor(p.medications, i),
    status: i % 4 === 0 ? "dispensed" : "pending",
    days_ago: between(0, 20),
  }))
  // A prescription with no prescribable line is not written (after the draws, so nothing else shifts).
  .filter((rx) => rx.items.length > 0);

// ── Prescription items (issue 10, dispensing) ──────────────────────────────────────────────────────
// Derived from the patient's active medicines without drawing from the random stream, so the rest of
// the demo world stays as it was. Chronic medicines allow two refills; one pending prescription
// carries a controlled item (tramadol, RxNorm 10689) for the controlled-substance rules.
function prescriptionItemsFor(medications: { name: string; rxnorm: string | null; dose: string; frequency: string; status: string }[], index: number) {
  const active = medications.filter((m) => m.status === "active").slice(0, 2).filter((m) => m.rxnorm !== null && PRESCRIBABLE.has(m.rxnorm));
  const items = active.map((m) => ({
    medication_code: m.rxnorm,
    medication_name: m.name,
    dose: m.dose,
    frequency: m.frequency,
    quantity: 30,
    refills_allowed: /for \d+ days|as needed|after each/.test(m.frequency) ? 0 : 2,
  }));
  if (index === 2) items.push({ medication_code: "10689", medication_name: "Tramadol", dose: "50 mg", frequency: "every 8 hours as needed for pain", quantity: 10, refills_allowed: 0 });
  return items;
}

// ── Procurement (issue 10): what the demo suppliers sell of the demo medicines ──────────────────────
// Its own PRNG, so adding it shifts none of the data above. Codes are RxNorm ingredient RxCUIs (as in
// subgraphs/clinical/knowledge/drugs.json); prices are invented demo figures in UGX per unit.
const DEMO_MEDICINES = [
  { code: "4603", product: "Furosemide 40 mg tablets", unit_price: 60, pack_size: 100 },
  { code: "519", product: "Allopurinol 100 mg tablets", unit_price: 120, pack_size: 100 },
  { code: "2002", product: "Carbamazepine 200 mg tablets", unit_price: 180, pack_size: 100 },
  { code: "5487", product: "Hydrochlorothiazide 25 mg tablets", unit_price: 50, pack_size: 100 },
  { code: "83367", product: "Atorvastatin 20 mg tablets", unit_price: 450, pack_size: 30 },
  { code: "117466", product: "Tenofovir disoproxil fumarate 300 mg tablets", unit_price: 900, pack_size: 30 },
  { code: "723", product: "Amoxicillin 500 mg capsules", unit_price: 150, pack_size: 100 },
];
const LEAD_DAYS_BY_DISTRICT: Record<string, number> = { Kampala: 2, Wakiso: 3, Gulu: 5, Mbarara: 6 };
function supplierCatalogs(list: typeof suppliers) {
  const r = mulberry32(20261110);
  const id = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
    hex[12] = "4";
    hex[16] = "89ab"[Math.floor(r() * 4)];
    const x = hex.join("");
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  };
  // The first supplier carries every medicine; the others about three in four, at their own prices.
  return list.flatMap((s, si) =>
    DEMO_MEDICINES.filter(() => si === 0 || r() < 0.75).map((m) => ({
      id: id(),
      supplier_id: s.id,
      medication_code: m.code,
      product_name: m.product,
      unit_price: (Math.round((m.unit_price * (0.85 + r() * 0.4)) / 5) * 5).toFixed(2),
      currency: "UGX",
      pack_size: m.pack_size,
      lead_time_days: (LEAD_DAYS_BY_DISTRICT[s.district] ?? 4) + Math.floor(r() * 3),
      minimum_order_quantity: m.pack_size * (1 + Math.floor(r() * 2)),
      is_active: true,
    })),
  );
}
const supplier_medications = supplierCatalogs(suppliers);
// ── end procurement ─────────────────────────────────────────────────────────────────────────────────


// Issue 10, the batch ledger: every product's stock and each pharmacy's medication stock in batches
// (lot number, expiry as days from the seeding day, units). A third PRNG so every value above stays
// as it was. Kampala's cough syrup holds an expired batch on the shelf; a few products expire within
// 90 days. Medication items: the demo prescriptions' codes plus amoxicillin, codeine and tramadol,
// named as in the clinical knowledge base (subgraphs/clinical/knowledge/drugs.json, RxNorm RxCUIs).
const rand3 = mulberry32(20261123);
const between3 = (lo: number, hi: number) => lo + Math.floor(rand3() * (hi - lo + 1));
const uuid3 = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand3() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(rand3() * 4)];
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};
const lot = (prefix: string) => `${prefix}-${between3(24, 26)}${String(between3(1, 999)).padStart(3, "0")}`;
type DemoBatch = { lot_number: string; expires_in_days: number; quantity: number };
const codeOf = (pharmacyId: string) => pharmacies.find((ph) => ph.id === pharmacyId)!.code;
const EXPIRING: Record<string, number> = { "KLA-01:VTC-500-30": 45, "GUL-01:ANT-20": 20, "MBR-01:FOL-5-30": 75 };
const EXPIRED_ON_SHELF = "KLA-01:CGH-100";
const productStock = products.map((p) => {
  const key = `${codeOf(p.pharmacy_id)}:${p.sku}`;
  const prefix = p.sku.replace(/-/g, "");
  const batches: DemoBatch[] = [];
  if (key === EXPIRED_ON_SHELF) {
    batches.push({ lot_number: lot(prefix), expires_in_days: -12, quantity: 6 });
    if (p.stock_quantity > 6) batches.push({ lot_number: lot(prefix), expires_in_days: between3(240, 540), quantity: p.stock_quantity - 6 });
  } else if (p.stock_quantity > 0) {
    const older = Math.floor(p.stock_quantity / 3);
    if (older > 0) batches.push({ lot_number: lot(prefix), expires_in_days: EXPIRING[key] ?? between3(150, 300), quantity: older });
    batches.push({ lot_number: lot(prefix), expires_in_days: between3(360, 720), quantity: p.stock_quantity - older });
  }
  return { ...p, stock_quantity: batches.reduce((n, b) => n + b.quantity, 0), stock_item_id: uuid3(), batches };
});
const knowledge = JSON.parse(readFileSync(new URL("../subgraphs/clinical/knowledge/drugs.json", import.meta.url), "utf8")) as { drugs: { rxcui: string; name: string }[] };
const STOCKED_CODES = ["4603", "519", "2002", "5487", "83367", "117466", "723", "2670", "10689"];
const inventory_items = pharmacies.flatMap((ph) =>
  STOCKED_CODES.map((code) => {
    const drug = knowledge.drugs.find((d) => d.rxcui === code);
    if (!drug) throw new Error(`medication code ${code} is not in the clinical knowledge base`);
    const reorder_level = between3(20, 60);
    const prefix = drug.name.slice(0, 3).toUpperCase();
    let batches: DemoBatch[] = [
      { lot_number: lot(prefix), expires_in_days: between3(100, 360), quantity: between3(30, 150) },
      { lot_number: lot(prefix), expires_in_days: between3(361, 900), quantity: between3(20, 120) },
    ];
    // A little of every alert: tramadol low at Gulu, codeine out at Mbarara.
    if (ph.code === "GUL-01" && code === "10689") batches = [{ lot_number: lot(prefix), expires_in_days: between3(100, 360), quantity: Math.max(1, reorder_level - 10) }];
    if (ph.code === "MBR-01" && code === "2670") batches = [];
    return { id: uuid3(), pharmacy_id: ph.id, name: drug.name, medication_code: code, reorder_level, batches };
  }),
);

const outFlag = process.argv.indexOf("--out");
const out = outFlag > 0 ? pathToFileURL(`${process.argv[outFlag + 1]}/`) : new URL("../seed/demo/", import.meta.url);
writeFileSync(new URL("clinical.json", out), JSON.stringify({ version: 1, patients }, null, 1) + "\n");
const cold_storage_units = demoStorageUnits(pharmacies);
const compound_formulas = demoCompoundFormulas();
writeFileSync(
  new URL("pharmacy.json", out),
  JSON.stringify({ version: 1, pharmacies, products: productStock, inventory_items, suppliers, supplier_medications, prescriptions, cold_storage_units, compound_formulas }, null, 1) + "\n",
);
console.log(`wrote ${patients.length} patients, ${pharmacies.length} pharmacies, ${products.length} products, ${prescriptions.length} prescriptions`);
