import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { news2Applicability } from "./news2.engine.js";

const population = knowledgeFromFiles().news2.population;
const TODAY = "2026-11-28";
const dx = (code: string, date = "2026-10-01", status = "acute") => ({ code, date, status });

describe("NEWS2 applies to adults aged 16 and over (RCP 2017; NICE MIB205)", () => {
  it.each([0, 1, 5, 12, 15])("is not scored for a child of %i years, and says why and what to use", (age) => {
    const a = news2Applicability(population, age, [], TODAY);
    expect(a.scored).toBe(false);
    expect(a.note).toMatch(/aged 16 and over.*paediatric early warning/);
    expect(a.note).toContain(`${age} years old`);
  });

  it.each([16, 17, 40, 95])("is scored without a note at %i years when no pregnancy is recorded", (age) => {
    expect(news2Applicability(population, age, [dx("I10"), dx("E11.9")], TODAY)).toEqual({ scored: true, note: null });
  });
});

describe("NEWS2 in pregnancy: scored, with the warning to use the obstetric chart", () => {
  it.each(["Z34.90", "Z33.1", "Z3A.28", "O80", "O14.10", "o99.0"])("warns for an unresolved pregnancy diagnosis %s within the window", (code) => {
    const a = news2Applicability(population, 27, [dx("I10"), dx(code)], TODAY);
    expect(a.scored).toBe(true);
    expect(a.note).toMatch(/does not apply in pregnancy.*MEOWS/);
    expect(a.note).toContain(code);
  });

  it("counts a pregnancy for the window of its date (42 weeks and the 42-day puerperium), inclusive, and not after", () => {
    const window = population.pregnancy_window_days;
    const daysBefore = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    expect(window).toBe(42 * 7 + 42);
    expect(news2Applicability(population, 30, [dx("Z34.90", daysBefore(window))], TODAY).note).not.toBeNull();
    expect(news2Applicability(population, 30, [dx("Z34.90", daysBefore(window + 1))], TODAY).note).toBeNull();
  });

  it("ignores a resolved pregnancy, a diagnosis dated after today and codes outside the pregnancy codes", () => {
    expect(news2Applicability(population, 30, [dx("Z34.90", "2026-09-01", "resolved")], TODAY).note).toBeNull();
    expect(news2Applicability(population, 30, [dx("O80", "2026-12-01")], TODAY).note).toBeNull();
    for (const code of ["Z30.0", "Z32.01", "N92.0", "Z39.2"]) expect(news2Applicability(population, 30, [dx(code)], TODAY).note, code).toBeNull();
  });
});
