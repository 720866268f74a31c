import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessSepsis, extremeVitals, type SepsisInputs } from "./sepsis.engine.js";

// Class tests (session 19 blind set): values and base patient appear in no fixture.
const all = knowledgeFromFiles();
const k = all.sepsis;
const news2 = all.news2;
/** A well adult meeting no criterion, with a NEWS2 of the collected vitals of 0. */
const WELL: SepsisInputs = { heart_rate: 68, respiratory_rate: 14, systolic_bp: 136, temperature: 36.7, gcs: 15, wbc: 6.4, lactate: 0.9 };
const screen = (changes: Partial<SepsisInputs>) => assessSepsis(k, { ...WELL, ...changes }, news2);
const notAlertBelow = k.extreme_vitals.consciousness_from_gcs.not_alert_below;

describe("reduced consciousness counts in the NEWS2 of the screen (ACVPU not alert scores 3, RCP 2017 Chart 1)", () => {
  it.each([3, 6, 9, 10, 13, 14])("GCS %i alone makes the screen immediate and names consciousness", (gcs) => {
    const r = screen({ gcs });
    expect(r.timeToIntervention).toBe("immediate");
    expect(r.sepsisRisk).not.toBe("low");
    expect(r.extremeVitals.join(" ")).toMatch(new RegExp(`consciousness not alert, GCS ${gcs}`));
    expect(r.news2Partial).toBe(3);
  });

  it("leaves an alert patient (GCS 15) out of the consciousness score", () => {
    const r = screen({ gcs: 15 });
    expect(r.news2Partial).toBe(0);
    expect(r.extremeVitals).toEqual([]);
    expect(r.timeToIntervention).toBe("routine");
  });

  it("adds consciousness to the aggregate: GCS 12 with HR 118 and T 38.6 reaches 7 and alerts, with qSOFA 1 only", () => {
    const r = screen({ gcs: 12, heart_rate: 118, temperature: 38.6, respiratory_rate: 18 });
    expect(r.qsofaScore).toBe(1);
    expect(r.news2Partial).toBe(3 + 2 + 1);
    const r2 = screen({ gcs: 12, heart_rate: 118, temperature: 39.3, respiratory_rate: 18 });
    expect(r2.news2Partial).toBe(3 + 2 + 2);
    expect(r2.sepsisRisk).toBe("high");
    expect(r2.alertTriggered).toBe(true);
  });

  it("reads the not-alert limit from sepsis.json, with its source", () => {
    expect(notAlertBelow).toBe(15);
    expect(k.extreme_vitals.consciousness_from_gcs.source).toMatch(/NEWS2/);
    expect(extremeVitals(news2, { ...WELL, gcs: 14 }, notAlertBelow).total).toBe(3);
  });
});

describe("every adult threshold, both sides (Seymour 2016, Bone 1992, lactate mapping, NEWS2 red parameters)", () => {
  it.each([
    ["qSOFA RR ≥ 22", { respiratory_rate: 22 }, { respiratory_rate: 21 }, (r: ReturnType<typeof screen>) => r.qsofaScore],
    ["qSOFA GCS < 15", { gcs: 14 }, { gcs: 15 }, (r: ReturnType<typeof screen>) => r.qsofaScore],
    ["qSOFA SBP ≤ 100", { systolic_bp: 100 }, { systolic_bp: 101 }, (r: ReturnType<typeof screen>) => r.qsofaScore],
    ["SIRS T > 38", { temperature: 38.05 }, { temperature: 38 }, (r: ReturnType<typeof screen>) => r.sirsCriteriaMet],
    ["SIRS T < 36", { temperature: 35.95 }, { temperature: 36 }, (r: ReturnType<typeof screen>) => r.sirsCriteriaMet],
    ["SIRS HR > 90", { heart_rate: 90.5 }, { heart_rate: 90 }, (r: ReturnType<typeof screen>) => r.sirsCriteriaMet],
    ["SIRS RR > 20", { respiratory_rate: 20.5 }, { respiratory_rate: 20 }, (r: ReturnType<typeof screen>) => r.sirsCriteriaMet],
    ["SIRS WBC > 12", { wbc: 12.05 }, { wbc: 12 }, (r: ReturnType<typeof screen>) => r.sirsCriteriaMet],
    ["SIRS WBC < 4", { wbc: 3.95 }, { wbc: 4 }, (r: ReturnType<typeof screen>) => r.sirsCriteriaMet],
  ] as const)("%s", (_name, inside, outside, count) => {
    expect(count(screen(inside))).toBe(1);
    expect(count(screen(outside))).toBe(0);
  });

  it.each([
    ["lactate ≥ 2 raises low to moderate", { lactate: 2 }, { lactate: 1.99 }, "moderate", "low"],
    ["lactate ≥ 4 is high", { lactate: 4 }, { lactate: 3.99 }, "high", "moderate"],
  ] as const)("%s", (_name, inside, outside, inRisk, outRisk) => {
    expect(screen(inside).sepsisRisk).toBe(inRisk);
    expect(screen(outside).sepsisRisk).toBe(outRisk);
  });

  it.each([
    ["RR ≤ 8", { respiratory_rate: 8 }, { respiratory_rate: 9 }],
    ["RR ≥ 25", { respiratory_rate: 25 }, { respiratory_rate: 24 }],
    ["SBP ≤ 90", { systolic_bp: 90 }, { systolic_bp: 91 }],
    ["SBP ≥ 220", { systolic_bp: 220 }, { systolic_bp: 219 }],
    ["HR ≤ 40", { heart_rate: 40 }, { heart_rate: 41 }],
    ["HR ≥ 131", { heart_rate: 131 }, { heart_rate: 130 }],
    ["T ≤ 35.0", { temperature: 35 }, { temperature: 35.1 }],
  ] as const)("NEWS2 red parameter %s makes the screen immediate; one step inside does not", (_name, red, amber) => {
    expect(screen(red).timeToIntervention).toBe("immediate");
    expect(screen(red).extremeVitals).toHaveLength(1);
    expect(screen(amber).extremeVitals).toEqual([]);
  });
});
