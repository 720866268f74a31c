import { describe, expect, it } from "vitest";
import { noteSectionTexts, sectionAt, splitNoteSections } from "./note-sections.js";

const texts = (note: string) => noteSectionTexts(note);

describe("a note's own headings put each part under its SOAP section", () => {
  it.each([
    ["c/o cough 3/7. O/E: chest clear, T 37.1. Imp: URTI. Plan: PCM 1g tds", { subjective: "c/o cough 3/7", objective: "chest clear, T 37.1", assessment: "URTI", plan: "PCM 1g tds" }],
    ["Hx: fever x2 days\nExamination: pale, no jaundice\nDx: malaria\nRx: AL 4 tabs bd x3/7", { subjective: "fever x2 days", objective: "pale, no jaundice", assessment: "malaria", plan: "AL 4 tabs bd x3/7" }],
    ["S: headache\nO: BP 150/95\nA: hypertension stage 1\nP: amlodipine 5mg od, review 2/52", { subjective: "headache", objective: "BP 150/95", assessment: "hypertension stage 1", plan: "amlodipine 5mg od, review 2/52" }],
    ["Presenting complaint - abdominal pain. On examination - tender RIF. Impression - ?appendicitis. Management - refer for surgical review", { subjective: "abdominal pain", objective: "tender RIF", assessment: "?appendicitis", plan: "refer for surgical review" }],
    ["OE alert, not pale. Provisional diagnosis: gastritis. Mx: omeprazole 20mg od", { objective: "alert, not pale", assessment: "gastritis", plan: "omeprazole 20mg od" }],
    ["1. History: dysuria\n2. Investigations: urinalysis nitrites +\n3. Working diagnosis: UTI\n4. Treatment: nitrofurantoin", { subjective: "dysuria", objective: "urinalysis nitrites +", assessment: "UTI", plan: "nitrofurantoin" }],
    ["- Complaints: rash\n- Findings: maculopapular rash on trunk\n- Ddx: measles, drug reaction\n- Follow-up: 1/52", { subjective: "rash", objective: "maculopapular rash on trunk", assessment: "measles, drug reaction", plan: "1/52" }],
  ])("%j", (note, expected) => {
    expect(texts(note)).toEqual(expected);
  });

  it.each([
    "Fever, chills and headache for 3 days. No chest pain. Started artemether-lumefantrine.",
    "Patient seen on the ward round, stable, plan to discharge tomorrow",
    "Pt says the plan: is to go home",
    "impression of the family is that he is better",
  ])("keeps %j, which has no heading, as history", (note) => {
    expect(Object.keys(texts(note))).toEqual(["subjective"]);
  });

  it.each(["P: 84 regular, BP 120/80", "Temp: 38.5. Pulse: 110. Weight: 12 kg"])("reads %j, vital signs without a heading, as examination (not a plan)", (note) => {
    expect(Object.keys(texts(note))).toEqual(["objective"]);
  });

  it.each([
    ["Gen exam: alert, afebrile\nClinical findings: hepatomegaly 4cm\nImpression/ chronic hepatitis B\nPlan\n- tenofovir 300mg od", { objective: "alert, afebrile. hepatomegaly 4cm", assessment: "chronic hepatitis B", plan: "- tenofovir 300mg od" }],
    ["Mother reports cough\nMSE: flat affect, no suicidal ideas\nWorking impression: depression\nRecommendations: counselling", { subjective: "Mother reports cough", objective: "flat affect, no suicidal ideas", assessment: "depression", plan: "counselling" }],
    ["Feels dizzy\nObs 1400: BP 90/50\nDiagnosis - hypotension\nPlan of care: IV fluids", { subjective: "Feels dizzy", objective: "BP 90/50", assessment: "hypotension", plan: "IV fluids" }],
    ["s) itchy eyes\no) red conjunctivae\na) allergic conjunctivitis\np) cold compresses", { subjective: "itchy eyes", objective: "red conjunctivae", assessment: "allergic conjunctivitis", plan: "cold compresses" }],
    ["S: knee pain. O: effusion R knee. A: osteoarthritis. P: physiotherapy", { subjective: "knee pain", objective: "effusion R knee", assessment: "osteoarthritis", plan: "physiotherapy" }],
    ["burns from a jiko\nA - 12% partial thickness\nP - dressing", { subjective: "burns from a jiko", assessment: "12% partial thickness", plan: "dressing" }],
    ["Examination\nabdomen distended\nReason for referral: surgical review", { objective: "abdomen distended", plan: "surgical review" }],
    ["Secondary survey: bruised chest\nPrimary survey: airway patent", { objective: "bruised chest. airway patent" }],
    ["Complaints: cough\nChest - pain when coughing\nO/E: clear", { subjective: "cough Chest - pain when coughing", objective: "clear" }],
  ])("reads the headings of %j", (note, expected) => {
    expect(texts(note)).toEqual(expected);
  });

  it("starts the examination at a line of vital signs written after the history without a heading", () => {
    expect(texts("Fever for 2 days, refusing feeds\nTemp 39.1, HR 150, RR 50\nchest clear\nImp: viral illness")).toEqual({
      subjective: "Fever for 2 days, refusing feeds", objective: "Temp 39.1, HR 150, RR 50 chest clear", assessment: "viral illness",
    });
    // A vitals line under a plan stays in the plan; one vital with more words in its sentence ("since morning") is no examination.
    expect(texts("Plan: admit\nT 37 PR 80 target")).toEqual({ plan: "admit T 37 PR 80 target" });
    expect(Object.keys(texts("cough\nT 38.5 since morning\nPlan: review"))).toEqual(["subjective", "plan"]);
    // Without any heading too: clinic cards are often written without one.
    expect(Object.keys(texts("cough 2 days\nT 38.5 PR 100"))).toEqual(["subjective", "objective"]);
  });

  it("marks a plan part of what was already done, and no other", () => {
    const spans = splitNoteSections("Hx: bleeding\nAction taken: oxytocin 10IU IM\nPlan: refer");
    expect(spans.map((s) => [s.section, s.done ?? false])).toEqual([["subjective", false], ["plan", true], ["plan", false]]);
  });

  it.each([
    "a) fever\nb) cough",
    "Seen today. A: 3 tabs given",
    "P: 72 regular",
    "the plan/ is unclear",
  ])("reads no loose heading in %j", (note) => {
    expect(splitNoteSections(note).filter((s) => s.heading !== null).map((s) => s.section)).not.toContain("assessment");
    expect(splitNoteSections(note).filter((s) => s.heading !== null).map((s) => s.section)).not.toContain("plan");
  });

  it("joins a section written twice and keeps the text before the first heading as history", () => {
    expect(texts("Known HTN. Plan: continue meds. O/E: BP 140/90. Plan: add HCTZ")).toEqual({ subjective: "Known HTN", plan: "continue meds. add HCTZ", objective: "BP 140/90" });
  });

  it("gives ordered, disjoint spans inside the note and tells the section of an offset", () => {
    const note = "c/o fever. O/E: T 39. Imp: malaria. Plan: AL";
    const spans = splitNoteSections(note);
    for (let i = 0; i < spans.length; i++) {
      expect(spans[i].start).toBeLessThan(spans[i].end);
      expect(spans[i].end).toBeLessThanOrEqual(note.length);
      if (i) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end);
    }
    expect(sectionAt(spans, note.indexOf("AL"))).toBe("plan");
    expect(sectionAt(spans, note.indexOf("39"))).toBe("objective");
    expect(sectionAt(spans, note.indexOf("fever"))).toBe("subjective");
  });

  it("never loses or invents text: every word of the note outside its headings is in exactly one part (random notes)", () => {
    const words = ["fever", "cough", "O/E:", "Imp:", "Plan:", "Dx:", "T", "38.5", "BP", "120/80", "pale", "malaria", "AL", "bd", "Hx:", "Mx -", "S:", "P:", "\n", ".", "x3/7", "Rx:", "review"];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 300; n++) {
      const note = Array.from({ length: 4 + Math.floor(rand() * 20) }, () => words[Math.floor(rand() * words.length)]).join(" ");
      const spans = splitNoteSections(note);
      let last = 0;
      for (const s of spans) {
        expect(s.start, note).toBeGreaterThanOrEqual(last);
        expect(note.slice(s.start, s.end).trim().length, note).toBeGreaterThan(0);
        last = s.end;
      }
      // What lies between the parts is headings, punctuation and space only.
      const gaps = [0, ...spans.flatMap((s) => [s.start, s.end]), note.length];
      for (let i = 0; i < gaps.length; i += 2) {
        const gap = note.slice(gaps[i], gaps[i + 1]).replace(/\b(?:O\/E|Imp|Plan|Dx|Hx|Mx|Rx|S|P)\b|[\s:.\-]/g, "");
        expect(gap, note).toBe("");
      }
    }
  });
});
