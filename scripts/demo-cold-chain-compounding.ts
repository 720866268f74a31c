/**
 * The demo world's cold chain and compounding (written into seed/demo/pharmacy.json by
 * generate-demo-data.ts; loaded by subgraphs/pharmacy/db/seed-cold-chain.ts and seed-compounding.ts).
 * Its own seeded PRNG, so every other demo value stays as it was. Sources: seed/README.md.
 */

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = mulberry32(20261130);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A reading as minutes before the seeding time's half hour; `device_id` null: read by hand. */
interface DemoReading {
  minutes_ago: number;
  temperature_c: number;
  device_id: string | null;
  note?: string;
}

/** Readings every 30 minutes over the last 2 days: 96, the newest at the seeding time's half hour. */
const READING_EVERY_MINUTES = 30;
const READINGS_PER_UNIT = 96;
/** Each pharmacy's refrigerator runs around its own set point (°C). */
const SET_POINT: Record<string, number> = { "KLA-01": 4.8, "GUL-01": 5.4, "MBR-01": 4.4 };
/** Kept inside 2–8 °C with a margin: the wobble never reaches a limit. */
const WOBBLE_LIMITS = { min: 2.8, max: 7.4 };

/** Compressor cycling (about 2 hours), a warmer afternoon and a little noise, inside the range. */
function wobble(setPoint: number, minutesAgo: number): number {
  const cycle = 0.7 * Math.sin((2 * Math.PI * minutesAgo) / 120);
  const afternoon = 0.4 * Math.sin((2 * Math.PI * (minutesAgo + 360)) / 1440);
  const noise = (rand() - 0.5) * 0.4;
  return round1(Math.min(WOBBLE_LIMITS.max, Math.max(WOBBLE_LIMITS.min, setPoint + cycle + afternoon + noise)));
}

/**
 * The door-open spike (Gulu's stock count the day before): a reading taken by hand at 9.3 °C, 15
 * minutes before the logger's next reading, back in range at 7.6 °C. 15 minutes out of range is
 * shorter than the refrigerated profile's 30-minute tolerance: no excursion, no stock held.
 */
const SPIKE = { pharmacy: "GUL-01", minutesAgo: 1185, temperatureC: 9.3, recoveredC: 7.6 };

function readingsFor(code: string, deviceId: string): DemoReading[] {
  const out: DemoReading[] = [];
  for (let i = READINGS_PER_UNIT - 1; i >= 0; i--) {
    const minutesAgo = i * READING_EVERY_MINUTES;
    out.push({ minutes_ago: minutesAgo, temperature_c: wobble(SET_POINT[code], minutesAgo), device_id: deviceId });
  }
  if (code !== SPIKE.pharmacy) return out;
  const next = out.find((r) => r.minutes_ago === SPIKE.minutesAgo - 15)!;
  next.temperature_c = SPIKE.recoveredC;
  out.push({ minutes_ago: SPIKE.minutesAgo, temperature_c: SPIKE.temperatureC, device_id: null, note: "read by hand: door open during the stock count" });
  return out.sort((a, b) => b.minutes_ago - a.minutes_ago);
}

/** One vaccine and medicines refrigerator per pharmacy, its logger, no silence alarm, no stock items. */
export function demoStorageUnits(pharmacies: { id: string; code: string }[]) {
  return pharmacies.map((ph, i) => {
    const deviceId = `DEMO-LOGGER-${ph.code}`;
    return {
      id: `c01dc4a1-0000-4000-8000-00000000000${i + 1}`,
      pharmacy_id: ph.id,
      name: "Vaccine and medicines refrigerator",
      kind: "refrigerator",
      profile: "refrigerated",
      device_id: deviceId,
      location: "Dispensary, behind the counter",
      silence_alarm_minutes: null,
      registered_days_ago: 120 + 30 * i,
      readings: readingsFor(ph.code, deviceId),
    };
  });
}

/**
 * Approved master formulas, shared by every pharmacy. Ingredients per one batch unit (g or mL of the
 * preparation); a catalog medication code only where the catalog has the medicine (omeprazole, RxNorm
 * 7646), `excipient:<name>` otherwise. Beyond-use days: the cited study, else USP <795> defaults.
 */
const demoFormulas = [
  {
    id: "f0a1c0de-0000-4000-8000-000000000001",
    code: "WHITFIELD-OINT",
    name: "Compound Benzoic Acid Ointment BP (Whitfield's ointment)",
    dosage_form: "ointment",
    batch_unit: "g",
    beyond_use_days: 90,
    tolerance_percent: "5.00",
    instructions:
      "Triturate the finely powdered benzoic acid and salicylic acid with a little melted emulsifying ointment, then incorporate the rest; stir until cold. For external use only. Beyond-use date: USP <795> default for a non-aqueous preparation (90 days).",
    source: "British Pharmacopoeia, Compound Benzoic Acid Ointment: benzoic acid 6 %, salicylic acid 3 %, emulsifying ointment 91 % (w/w)",
    ingredients: [
      { stock_code: "excipient:benzoic acid", name: "Benzoic acid, fine powder", quantity_per_unit: "0.06", unit: "g" },
      { stock_code: "excipient:salicylic acid", name: "Salicylic acid, fine powder", quantity_per_unit: "0.03", unit: "g" },
      { stock_code: "excipient:emulsifying ointment", name: "Emulsifying ointment BP", quantity_per_unit: "0.91", unit: "g" },
    ],
  },
  {
    id: "f0a1c0de-0000-4000-8000-000000000002",
    code: "CALAMINE-LOT",
    name: "Calamine Lotion BP",
    dosage_form: "lotion",
    batch_unit: "mL",
    beyond_use_days: 14,
    tolerance_percent: "5.00",
    instructions:
      "Triturate the calamine, zinc oxide and bentonite with the sodium citrate dissolved in about 70 % of the water, add the liquefied phenol, the glycerol and water to volume. Shake well before use; for external use only. Beyond-use date: USP <795> default for an aqueous preparation (14 days, refrigerated).",
    source: "British Pharmacopoeia, Calamine Lotion: calamine 15 %, zinc oxide 5 %, bentonite 3 %, sodium citrate 0.5 % (w/v), liquefied phenol 0.5 %, glycerol 5 % (v/v), purified water to 100 %",
    ingredients: [
      { stock_code: "excipient:calamine", name: "Calamine", quantity_per_unit: "0.15", unit: "g" },
      { stock_code: "excipient:zinc oxide", name: "Zinc oxide", quantity_per_unit: "0.05", unit: "g" },
      { stock_code: "excipient:bentonite", name: "Bentonite", quantity_per_unit: "0.03", unit: "g" },
      { stock_code: "excipient:sodium citrate", name: "Sodium citrate", quantity_per_unit: "0.005", unit: "g" },
      { stock_code: "excipient:liquefied phenol", name: "Liquefied phenol", quantity_per_unit: "0.005", unit: "mL" },
      { stock_code: "excipient:glycerol", name: "Glycerol", quantity_per_unit: "0.05", unit: "mL" },
      { stock_code: "excipient:purified water", name: "Purified water (to volume)", quantity_per_unit: "0.75", unit: "mL" },
    ],
  },
  {
    id: "f0a1c0de-0000-4000-8000-000000000003",
    code: "OMEPRAZOLE-2MG-ML",
    name: "Omeprazole 2 mg/mL oral suspension (in sodium bicarbonate 8.4 %)",
    dosage_form: "oral suspension",
    batch_unit: "mL",
    beyond_use_days: 14,
    tolerance_percent: "5.00",
    instructions:
      "Empty the contents of five omeprazole 20 mg capsules into 50 mL of sodium bicarbonate 8.4 % injection and mix until the pellets disperse. Shake well; store in a refrigerator (2–8 °C). Beyond-use date: 14 days (stable 14 days at 24 °C, 30 days at 5 °C).",
    source: "Quercia RA et al. Stability of omeprazole in an extemporaneously prepared oral liquid. Am J Health-Syst Pharm 1997;54(16):1833-6",
    ingredients: [
      { stock_code: "7646", name: "Omeprazole 20 mg capsule (contents)", quantity_per_unit: "0.1", unit: "capsule" },
      { stock_code: "excipient:sodium bicarbonate 8.4% injection", name: "Sodium bicarbonate 8.4 % injection", quantity_per_unit: "1", unit: "mL" },
    ],
  },
];

/** The demo formulas with who wrote them and who approved them (four eyes: never the same). */
export const demoCompoundFormulas = () => demoFormulas.map((f) => ({ ...f, created_by: "seed:formulary-author", approved_by: "seed:formulary-approver" }));
