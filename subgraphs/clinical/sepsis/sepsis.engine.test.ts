import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessSepsis, type SepsisInputs } from "./sepsis.engine.js";

const k = knowledgeFromFiles().sepsis;
/** A patient meeting no qSOFA and no SIRS criterion. */
const NORMAL: SepsisInputs = { heart_rate: 80, respiratory_rate: 16, systolic_bp: 120, temperature: 37, gcs: 15, wbc: 8, lactate: 1.0 };
const screen = (changes: Partial<SepsisInputs>) => assessSepsis(k, { ...NORMAL, ...changes });

describe("qSOFA (Seymour, JAMA 2016)", () => {
  it.each([
    [{ respiratory_rate: 21 }, 0],
    [{ respiratory_rate: 22 }, 1],
    [{ systolic_bp: 101 }, 0],
    [{ systolic_bp: 100 }, 1],
    [{ gcs: 15 }, 0],
    [{ gcs: 14 }, 1],
    [{ respiratory_rate: 22, systolic_bp: 100 }, 2],
    [{ respiratory_rate: 30, systolic_bp: 85, gcs: 10 }, 3],
  ])("%o → qSOFA %i", (changes, score) => {
    expect(screen(changes).qsofaScore).toBe(score);
  });
});

describe("SIRS (Bone, Chest 1992)", () => {
  it.each([
    [{ temperature: 38.0 }, 0], // exactly 38.0 is not > 38
    [{ temperature: 38.1 }, 1],
    [{ temperature: 36.0 }, 0], // exactly 36.0 is not < 36
    [{ temperature: 35.9 }, 1],
    [{ heart_rate: 90 }, 0],
    [{ heart_rate: 91 }, 1],
    [{ respiratory_rate: 20 }, 0],
    [{ respiratory_rate: 21 }, 1],
    [{ wbc: 12 }, 0],
    [{ wbc: 12.1 }, 1],
    [{ wbc: 4 }, 0],
    [{ wbc: 3.9 }, 1],
    [{ temperature: 39, heart_rate: 120, respiratory_rate: 24, wbc: 15 }, 4],
  ])("%o → SIRS %i", (changes, met) => {
    expect(screen(changes).sirsCriteriaMet).toBe(met);
  });

  it("names a missing WBC as not assessed instead of counting it", () => {
    const r = screen({ wbc: null });
    expect(r.sirsCriteriaMet).toBe(0);
    expect(r.notAssessed).toContain("wbc");
  });
});

describe("risk mapping (documented in knowledge/sepsis.json)", () => {
  it("is low with no criteria", () => {
    expect(screen({})).toMatchObject({ sepsisRisk: "low", alertTriggered: false, timeToIntervention: "routine", riskProbability: 0.1 });
  });

  it("is moderate with SIRS ≥ 2 or qSOFA 1", () => {
    expect(screen({ temperature: 38.5, heart_rate: 100 }).sepsisRisk).toBe("moderate");
    expect(screen({ systolic_bp: 95 }).sepsisRisk).toBe("moderate");
  });

  it("is high with qSOFA ≥ 2: immediate, alert, hour-1 bundle", () => {
    const r = screen({ respiratory_rate: 24, systolic_bp: 95, heart_rate: 110, temperature: 38.6 });
    expect(r).toMatchObject({ sepsisRisk: "high", qsofaScore: 2, sirsCriteriaMet: 3, alertTriggered: true, timeToIntervention: "immediate", riskProbability: 0.8 });
    expect(r.recommendations.join(" ")).toMatch(/blood cultures/i);
  });

  it("raises the category one step with lactate ≥ 2 and to high with lactate ≥ 4", () => {
    expect(screen({ lactate: 1.9 }).sepsisRisk).toBe("low");
    expect(screen({ lactate: 2.0 }).sepsisRisk).toBe("moderate");
    expect(screen({ systolic_bp: 95, lactate: 2.5 }).sepsisRisk).toBe("high");
    expect(screen({ lactate: 4.0 }).sepsisRisk).toBe("high");
    expect(screen({ lactate: 3.9 }).sepsisRisk).toBe("moderate");
  });
});

describe("extreme vitals escalate (NEWS2 parameter score 3, RCP 2017; sepsis.json extreme_vitals)", () => {
  const all = knowledgeFromFiles();
  const withNews2 = (changes: Partial<SepsisInputs>) => assessSepsis(all.sepsis, { ...NORMAL, ...changes }, all.news2);

  it.each([
    [{ respiratory_rate: 8 }, /respiratory rate 8/],
    [{ respiratory_rate: 2 }, /respiratory rate 2/],
    [{ respiratory_rate: 25 }, /respiratory rate 25/],
    [{ systolic_bp: 90 }, /systolic BP 90/],
    [{ systolic_bp: 60 }, /systolic BP 60/],
    [{ systolic_bp: 220 }, /systolic BP 220/],
    [{ heart_rate: 40 }, /heart rate 40/],
    [{ heart_rate: 12 }, /heart rate 12/],
    [{ heart_rate: 131 }, /heart rate 131/],
    [{ temperature: 35.0 }, /temperature 35/],
    [{ temperature: 25 }, /temperature 25/],
  ])("%o is never routine: at least moderate and immediate", (changes, named) => {
    const r = withNews2(changes);
    expect(["moderate", "high"]).toContain(r.sepsisRisk);
    expect(r.timeToIntervention).toBe("immediate");
    expect(r.extremeVitals.join("; ")).toMatch(named);
    expect(r.recommendations[0]).toMatch(/registered nurse/i);
  });

  it.each([
    [{ respiratory_rate: 9 }],
    [{ systolic_bp: 91 }],
    [{ heart_rate: 41 }],
    [{ temperature: 35.1 }],
    [{ respiratory_rate: 24 }],
    [{ heart_rate: 130 }],
    [{ systolic_bp: 219 }],
  ])("%o just inside the band is not extreme on its own", (changes) => {
    expect(withNews2(changes).extremeVitals).toEqual([]);
  });

  it("makes the tester's patient in extremis high (HR 40, RR 2, T 25 °C: NEWS2 of the vitals 9) and alerts", () => {
    const r = withNews2({ heart_rate: 40, respiratory_rate: 2, systolic_bp: 120, temperature: 25, gcs: 15 });
    expect(r).toMatchObject({ sepsisRisk: "high", alertTriggered: true, timeToIntervention: "immediate", news2Partial: 9 });
    expect(r.extremeVitals).toHaveLength(3);
  });

  it("makes an aggregate of 5 without a red parameter moderate and immediate (RR 21, HR 111, T 38.1, SBP 101)", () => {
    const r = withNews2({ respiratory_rate: 21, heart_rate: 111, temperature: 38.1, systolic_bp: 101 });
    expect(r.news2Partial).toBe(6);
    expect(r.sepsisRisk).not.toBe("low");
    expect(r.timeToIntervention).toBe("immediate");
  });

  it("leaves a normal adult routine", () => {
    expect(withNews2({})).toMatchObject({ sepsisRisk: "low", timeToIntervention: "routine", extremeVitals: [], news2Partial: 0 });
  });
});
