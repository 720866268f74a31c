import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { analyzeSymptoms, recognizeSymptoms, type SymptomPatient } from "./symptom-analysis.engine.js";

/**
 * Classes of misses found by the second blind set test/fixtures/copilot/presentations-blind-2.json
 * (2026-11-28, session 16): filler words inside phrases, East African presentations the vocabulary had
 * no words or conditions for (exposures, bites, poisoning, postpartum, surgical abdomen, HIV-related
 * infections, childhood oedema and wasting, skin infestations) and their red flags. Every string here is
 * a variant that is in neither blind set.
 */
const k = knowledgeFromFiles();
const person = (age: number, sex: "female" | "male"): SymptomPatient => ({ age, sex, diagnosisCodes: [] });
const adult = person(40, "male");
const recognised = (text: string) => recognizeSymptoms(k, [text]).recognized;
const analyse = (symptoms: string[], patient = adult) => analyzeSymptoms(k, { symptoms }, patient);
const top5 = (symptoms: string[], patient = adult) => analyse(symptoms, patient).differentialDiagnosis.map((d) => d.code);

describe("filler words inside a phrase", () => {
  it("reads a phrase with an article, possessive or 'both' inserted, as without", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("both", "the", "his", "her", "my", "their"),
        fc.constantFrom<[string, string, string]>(["swelling of", "legs", "leg_swelling"], ["pain in", "right eye", "eye_pain"], ["bleeding from", "gums", "bleeding_gums"], ["pain in", "lower abdomen", "lower_abdominal_pain"]),
        (filler, [head, tail, id]) => {
          expect(recognised(`${head} ${filler} ${tail}`)).toContain(id);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads 'bitten by <article> <animal>' as an animal bite", () => {
    fc.assert(
      fc.property(fc.constantFrom("", "a ", "the ", "his ", "their "), fc.constantFrom("dog", "cat", "monkey"), (article, animal) => {
        expect(recognised(`bitten by ${article}${animal}`)).toContain("animal_bite");
      }),
      { numRuns: 40 },
    );
  });

  it("keeps intensifiers: 'very thin' is wasting, 'thin hair' is not", () => {
    expect(recognised("very thin")).toContain("wasting");
    expect(recognised("thin sparse hair")).not.toContain("wasting");
  });
});

describe("new symptom vocabulary", () => {
  it.each([
    ["passing bloody urine", "haematuria"],
    ["ascites", "abdominal_distension"],
    ["bleeding from her nose", "epistaxis"],
    ["lockjaw", "trismus"],
    ["unable to open his mouth", "trismus"],
    ["opisthotonus", "muscle_spasms"],
    ["hydrophobia", "hydrophobia"],
    ["drooling", "hypersalivation"],
    ["constricted pupils", "miosis"],
    ["swallowed poison", "poisoning"],
    ["gave birth 3 days ago", "postpartum"],
    ["offensive lochia", "vaginal_discharge"],
    ["coloured halos", "halos"],
    ["guarding", "abdominal_rigidity"],
    ["terminal dribbling", "weak_urine_stream"],
    ["pruritus", "itching"],
    ["burrows", "skin_bumps"],
    ["bald patches", "hair_loss"],
    ["vomited worms", "worms_in_stool"],
    ["sand fleas", "jiggers"],
    ["white plaques in mouth", "oral_thrush"],
    ["inspiratory whoop", "whoop"],
    ["periorbital oedema", "facial_oedema"],
    ["anasarca", "generalised_oedema"],
    ["bubbly urine", "frothy_urine"],
    ["scanty urine", "oliguria"],
    ["emaciated", "wasting"],
    ["cold peripheries", "cold_extremities"],
    ["grunts", "grunting"],
    ["raw milk", "raw_milk_exposure"],
    ["swims in river", "freshwater_exposure"],
    ["arthralgia", "joint_pain"],
    ["backache", "back_pain"],
    ["hb ss", "sickle_cell_disease"],
  ])("reads %j as %s", (text, id) => expect(recognised(text)).toContain(id));

  it("reads signs worded with a negation as the sign, not its absence", () => {
    for (const [text, id] of [["no flatus", "absolute_constipation"], ["cannot pass urine", "urinary_retention"], ["not sucking", "inability_to_feed"]]) {
      const r = recognizeSymptoms(k, [text]);
      expect(r.recognized, text).toContain(id);
      expect(r.negated, text).not.toContain(id);
    }
  });

  it("reads HIV status: known HIV is present whether or not on ART; HIV negative is absent", () => {
    expect(recognised("known HIV, not yet on ARVs")).toContain("hiv_infection");
    expect(recognised("living with HIV")).toContain("hiv_infection");
    expect(recognizeSymptoms(k, ["HIV negative"]).negated).toContain("hiv_infection");
  });
});

describe("new conditions reach the top 5 from their own presentations", () => {
  const woman = person(26, "female");
  it.each<[string, string[], SymptomPatient, string]>([
    ["postpartum haemorrhage", ["gave birth yesterday", "heavy vaginal bleeding"], woman, "O72.1"],
    ["puerperal sepsis", ["recently delivered", "fever", "offensive lochia"], woman, "O85"],
    ["tetanus", ["lockjaw", "opisthotonus"], adult, "A35"],
    ["neonatal tetanus", ["not sucking", "spasms"], person(0, "female"), "A33"],
    ["snakebite", ["snakebite", "swollen foot"], adult, "T63.001"],
    ["rabies exposure", ["cat bite"], person(12, "female"), "Z20.3"],
    ["rabies", ["hydrophobia", "drooling", "aggressive"], adult, "A82.9"],
    ["organophosphate poisoning", ["took insecticide", "constricted pupils"], adult, "T60.0X1"],
    ["peritonitis", ["rigid abdomen", "fever", "abdominal pain"], adult, "K65.0"],
    ["intestinal obstruction", ["no flatus", "vomiting", "abdominal distension"], adult, "K56.609"],
    ["urinary retention", ["cannot pass urine", "terminal dribbling"], person(70, "male"), "R33.9"],
    ["acute glaucoma", ["eye pain", "blurred vision", "coloured halos"], person(58, "female"), "H40.219"],
    ["cryptococcal meningitis", ["living with HIV", "headache", "vomiting"], woman, "B45.1"],
    ["PCP", ["known HIV", "breathlessness", "cough"], adult, "B59"],
    ["scabies", ["pruritus", "burrows"], person(6, "male"), "B86"],
    ["tinea capitis", ["bald patches", "ringworm"], person(6, "male"), "B35.0"],
    ["tungiasis", ["sand fleas", "itchy"], person(9, "female"), "B88.1"],
    ["intestinal worms", ["vomited worms", "abdominal pain"], person(5, "male"), "B83.9"],
    ["pertussis", ["paroxysmal cough", "post-tussive vomiting"], person(3, "female"), "A37.90"],
    ["nephrotic syndrome", ["anasarca", "frothy urine"], person(4, "male"), "N04.9"],
    ["acute nephritic syndrome", ["periorbital oedema", "haematuria", "scanty urine"], person(9, "female"), "N00.9"],
    ["severe acute malnutrition", ["emaciated", "poor appetite", "diarrhoea"], person(2, "female"), "E43"],
    ["brucellosis", ["raw milk", "fever", "arthralgia"], adult, "A23.9"],
    ["urinary schistosomiasis", ["swims in river", "haematuria"], person(13, "male"), "B65.0"],
    ["visceral leishmaniasis", ["fever", "enlarged spleen", "weight loss"], person(11, "male"), "B55.0"],
    ["acute chest syndrome", ["hb ss", "breathlessness", "fever"], person(14, "female"), "D57.01"],
    ["herpes zoster", ["vesicles", "chest pain"], adult, "B02.9"],
    ["oesophageal candidiasis", ["known HIV", "pain when swallowing", "white plaques in mouth"], woman, "B37.81"],
  ])("%s", (_name, symptoms, patient, code) => expect(top5(symptoms, patient)).toContain(code));

  it("keeps the age and sex bands: no childhood malnutrition in adults, no BPH in women, no neonatal tetanus after the newborn period", () => {
    expect(top5(["emaciated", "poor appetite"], person(30, "male"))).not.toContain("E43");
    expect(top5(["terminal dribbling", "nocturia"], person(60, "female"))).not.toContain("N40.1");
    expect(top5(["lockjaw", "spasms"], person(30, "male"))).not.toContain("A33");
  });
});

describe("states with an end (symptom_windows)", () => {
  it("reads a delivery as postpartum within 42 days of its own entry's date, not after", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.constantFrom("gave birth", "delivered"), (days, verb) => {
        const text = `${verb} ${days} days ago`;
        if (days <= 42) expect(recognised(text), text).toContain("postpartum");
        else expect(recognised(text), text).not.toContain("postpartum");
      }),
      { numRuns: 60 },
    );
    // The onset field dates the complaint, not the delivery: an undated delivery entry still counts.
    expect(recognizeSymptoms(k, ["recently delivered", "fever"], "3 months").recognized).toContain("postpartum");
  });
});

describe("red flags for the new presentations", () => {
  const urgency = (symptoms: string[], patient = adult) => analyse(symptoms, patient).urgency;
  it.each<[string[], SymptomPatient, string]>([
    // Trismus alone is urgent since session 18 (blind set 6: a dental abscess is not tetanus); with spasms it is.
    [["lockjaw"], adult, "urgent"],
    [["lockjaw", "spasms"], adult, "emergency"],
    [["hydrophobia"], adult, "emergency"],
    [["snakebite"], adult, "emergency"],
    [["swallowed poison"], adult, "emergency"],
    [["pinpoint pupils", "drooling"], adult, "emergency"],
    [["gave birth yesterday", "heavy vaginal bleeding"], person(30, "female"), "emergency"],
    [["rigid abdomen"], adult, "emergency"],
    [["no flatus", "vomiting"], adult, "emergency"],
    [["disorientation", "fever"], adult, "emergency"],
    [["grunts", "cough"], person(1, "male"), "emergency"],
    [["hb ss", "chest pain"], person(16, "male"), "emergency"],
    [["cat bite"], adult, "urgent"],
    [["recently delivered", "fever"], person(30, "female"), "urgent"],
    [["cannot pass urine"], person(70, "male"), "urgent"],
    [["eye pain", "blurred vision"], adult, "urgent"],
    [["known HIV", "headache"], adult, "urgent"],
    [["fever", "bleeding from the nose"], adult, "urgent"],
    [["swollen feet"], person(3, "female"), "urgent"],
    [["visible wasting"], person(2, "male"), "urgent"],
  ])("%j is %s", (symptoms, patient, want) => expect(urgency(symptoms, patient)).toBe(want));

  it("holds the childhood oedema and wasting flags to children (IMCI), not adults", () => {
    fc.assert(
      fc.property(fc.integer({ min: 18, max: 90 }), fc.constantFrom("swollen feet", "visible wasting", "anasarca"), (age, text) => {
        expect(analyse([text], person(age, "female")).redFlags.some((f) => /child/.test(f))).toBe(false);
      }),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.constantFrom("swollen feet", "visible wasting", "anasarca"), (age, text) => {
        expect(analyse([text], person(age, "male")).redFlags.some((f) => /child/.test(f))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("leaves skin infestations and worms routine", () => {
    for (const s of [["pruritus", "burrows"], ["bald patches", "ringworm"], ["sand fleas"], ["vomited worms"]]) expect(urgency(s, person(7, "female")), s.join()).toBe("routine");
  });
});

describe("sourced knowledge", () => {
  it("gives every condition a code and a published source, and marks likelihoods as estimates", () => {
    for (const c of k.symptoms.conditions) {
      expect(c.icd10, c.id).toMatch(/^[A-Z]\d{2}(\.[0-9A-Z]{1,4})?$/);
      expect(c.source, c.id).toMatch(/\w{10,}/);
      expect(c.source, c.id).toMatch(/project estimate/i);
    }
  });

  it("gives every red flag a source, and age bands only as numbers in order", () => {
    for (const f of k.symptoms.red_flags as (typeof k.symptoms.red_flags[number] & { min_age?: number; max_age?: number })[]) {
      expect(f.source, f.id).toMatch(/.{15,}/);
      expect(f.all.every((s) => k.symptoms.symptoms[s] !== undefined), f.id).toBe(true);
      if (f.min_age !== undefined && f.max_age !== undefined) expect(f.min_age).toBeLessThanOrEqual(f.max_age);
    }
  });
});
