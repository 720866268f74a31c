import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

const { rules } = messageRules();
const triage = (text: string, age: number | null = 40, language = "en") => triageMessage(rules, text, language, age);
const flagged = (text: string, age?: number | null) => [...new Set(triage(text, age).redFlags.map((f) => f.category))];

describe("red-flag screening", () => {
  it.each([
    ["I have had chest pain since this morning", "chest_pain"],
    ["my chest feels tight and heavy", "chest_pain"],
    ["I can't breathe properly", "difficulty_breathing"],
    ["very short of breath when I walk", "difficulty_breathing"],
    ["his face is drooping and his speech is slurred", "stroke_signs"],
    ["sudden weakness on one side and I cannot lift my arm", "stroke_signs"],
    ["I want to kill myself", "suicidal_ideation"],
    ["I don't want to live anymore", "suicidal_ideation"],
    ["I no longer want to live", "suicidal_ideation"],
    ["I plan to hang myself tonight", "suicidal_ideation"],
    ["I have thoughts of hurting myself", "suicidal_ideation"],
    ["I will drink poison", "suicidal_ideation"],
    ["life is not worth living", "suicidal_ideation"],
    ["I am going to take all my pills tonight", "suicidal_ideation"],
    ["some days I feel I would be better off dead", "suicidal_ideation"],
    ["the bleeding won't stop after the tooth extraction", "heavy_bleeding"],
    ["I vomited blood twice today", "heavy_bleeding"],
  ])("flags %j as %s", (text, category) => {
    expect(flagged(text)).toEqual([category]);
  });

  // Every listed English phrase is reachable on its own: none is hidden by a longer phrase or read as
  // negated by a "not" of its own ("do not want to live").
  const englishPhrases = rules.red_flags.flatMap((r) => (r.phrases ?? []).map((p) => [r.category, p] as const));
  it.each(englishPhrases)("flags %s for the listed phrase %j", (category, phrase) => {
    expect(flagged(`Since yesterday, ${phrase}.`)).toContain(category);
  });

  it.each([
    "No chest pain today, just a mild cough",
    "I don't have any chest pain",
    "I'm not suicidal, just tired of the tablets",
    "no difficulty breathing",
    "denies shortness of breath or chest pain",
    "What should I do if I get chest pain?",
    "I had a stroke years ago",
    "no heavy bleeding since the last visit",
  ])("does not flag the negated, hypothetical or past %j", (text) => {
    const r = triage(text);
    expect(r.redFlags).toEqual([]);
    expect(r.notFlagged.length).toBeGreaterThan(0);
  });

  it("flags what is present in a mixed message and not what is negated", () => {
    const r = triage("No chest pain but I can't breathe and my lips are blue");
    expect([...new Set(r.redFlags.map((f) => f.category))]).toEqual(["difficulty_breathing"]);
    expect(r.notFlagged.map((f) => f.category)).toContain("chest_pain");
    expect(r.guidance[0]).toMatch(/112/);
  });

  it("needs a child (in words or by the patient's age) for fever with lethargy", () => {
    expect(flagged("fever and very sleepy", 40)).toEqual([]);
    expect(flagged("fever and very sleepy", 3)).toEqual(["child_fever_lethargy", "child_danger_signs"]);
    expect(flagged("my son has a fever but he is not drowsy")).toEqual([]);
  });

  it.each([
    ["my child is having fits since morning and wont wake up", ["seizure", "unresponsive"]],
    ["my husband collapsed at home and is not responding", ["unresponsive"]],
    ["I had a seizure this morning", ["seizure"]],
    ["cant breath well and my chest is paining me", ["chest_pain", "difficulty_breathing"]],
    ["difficulty in breathing since last night", ["difficulty_breathing"]],
    ["my baby is not breastfeeding and has a very hot body", ["child_fever_lethargy", "child_danger_signs"]],
    // Lethargy is an IMCI general danger sign with or without fever (rules 2026.11.6): both rules name it.
    ["my baby has a fever and is very sleepy", ["child_fever_lethargy", "child_danger_signs"]],
    ["my daughter is hot with high temperature and floppy", ["child_fever_lethargy", "child_danger_signs"]],
    ["the baby vomits everything we give her", ["child_danger_signs"]],
    ["I am 30 weeks pregnant and I am bleeding", ["pregnancy_danger_signs"]],
    ["pregnant with a severe headache and blurred vision", ["pregnancy_danger_signs"]],
  ])("flags danger signs written as patients write them: %j", (text, categories) => {
    expect(flagged(text).sort()).toEqual([...categories].sort());
    expect(triage(text).intent).toBe("symptom_report");
  });

  it.each([
    "I had fits as a child but none since",
    "no seizures since I started the new tablets",
    "I am pregnant and want to book my antenatal visit",
    "my baby is breastfeeding well now",
    "I vomit everything I eat",
  ])("does not flag %j", (text) => {
    expect(flagged(text, 40)).toEqual([]);
  });

});

describe("Swahili and mixed-language messages", () => {
  const sw = (text: string, age: number | null = 40) => triage(text, age, "sw");
  const swFlags = (text: string, age: number | null = 40) => [...new Set(sw(text, age).redFlags.map((f) => f.category))].sort();

  it.each([
    ["Nina maumivu makali ya kifua tangu asubuhi", ["chest_pain"]],
    ["Mama yangu anapumua kwa shida sana usiku huu", ["difficulty_breathing"]],
    ["siwezi kupumua vizuri", ["difficulty_breathing"]],
    ["Mtoto ana degedege tangu saa tatu", ["seizure"]],
    ["mtoto wangu ana homa kali na amelegea kabisa", ["child_danger_signs", "child_fever_lethargy"]],
    ["mwanangu ana joto kali na hana nguvu, hanyonyi", ["child_danger_signs", "child_fever_lethargy"]],
    ["Mtoto anatapika kila kitu tangu jana", ["child_danger_signs"]],
    ["Baba amepoteza fahamu, hajitambui", ["unresponsive"]],
    ["Babu amepooza upande mmoja na hawezi kuongea", ["stroke_signs"]],
    ["Sitaki kuishi tena, nataka kujiua", ["suicidal_ideation"]],
    ["Nimekuwa nikitapika damu leo", ["heavy_bleeding"]],
    ["Mimi ni mjamzito wa miezi saba na ninatokwa na damu", ["pregnancy_danger_signs"]],
    ["Nina ujauzito na maumivu makali ya kichwa, naona ukungu", ["pregnancy_danger_signs"]],
  ])("flags %j", (text, categories) => {
    const r = sw(text);
    expect(swFlags(text)).toEqual(categories);
    expect(r.coverage).toBe("partial");
    expect(r.intent).toBe("symptom_report");
    expect(r.guidance[0]).toMatch(/dharura.*112/);
    expect(r.guidance[1]).toMatch(/emergency/);
  });

  it.each([
    ["Sina maumivu ya kifua, ila kikohozi kidogo", "chest_pain"],
    ["Mtoto hana degedege, ana mafua tu", "seizure"],
    ["Ikiwa mtoto atapata degedege nifanye nini?", "seizure"],
    ["Nilipata kiharusi miaka iliyopita", "stroke_signs"],
    ["hakuna damu nyingi tena", "heavy_bleeding"],
  ])("reads Swahili negation, condition and time words: %j is not flagged", (text, category) => {
    const r = sw(text);
    expect(r.redFlags).toEqual([]);
    expect(r.notFlagged.map((f) => f.category)).toContain(category);
  });

  it("a Swahili negation stops at lakini (but): what follows is present", () => {
    expect(swFlags("Sina homa lakini mtoto ana degedege")).toEqual(["seizure"]);
  });

  it("an unsure carer still raises the flag (possible)", () => {
    const r = sw("Sina uhakika kama ni degedege, anatetemeka");
    expect(r.redFlags.map((f) => [f.category, f.assertion])).toEqual([["seizure", "possible"]]);
  });

  it("a negated verb is not its positive phrase, and the negated danger forms are phrases of their own", () => {
    expect(swFlags("Anapumua vizuri sasa")).toEqual([]);
    expect(swFlags("Mtoto hapumui vizuri")).toEqual(["difficulty_breathing"]);
    expect(swFlags("Sitaki kufa, nataka dawa")).toEqual([]);
  });

  it("needs a child, by word or by age, for the child rules", () => {
    expect(swFlags("Nina homa na nimechoka sana", 40)).toEqual([]);
    expect(swFlags("Ana homa na amechoka sana", 2)).toEqual(["child_fever_lethargy"]);
  });

  it("screens English phrases in a Swahili or Luganda message (patients mix languages)", () => {
    expect(swFlags("Daktari, mtoto ana convulsions tangu asubuhi")).toEqual(["seizure"]);
    const lg = triage("Omwana alina convulsions era tasobola kussa bulungi", 40, "lg");
    expect(lg.coverage).toBe("english_phrases");
    expect(lg.redFlags.map((f) => f.category)).toEqual(["seizure"]);
    expect(lg.guidance[0]).toMatch(/emergency/);
  });

  it("leaves a Swahili or Luganda message without a flag unscreened, never screened", () => {
    for (const [text, language] of [["Naomba kujua matokeo ya damu yangu", "sw"], ["Nsaba eddagala lyange", "lg"]]) {
      const r = triage(text, 40, language);
      expect(r.screened).toBe(false);
      expect(r.redFlags).toEqual([]);
    }
  });

  // Every listed phrase is reachable: a stem ("*pumua") written with a subject and tense in front
  // ("anapumua"), in a sentence of its own, raises its own category.
  const ownPhrases = Object.entries(rules.languages?.sw?.red_flags ?? {}).flatMap(([category, r]) => (r.phrases ?? []).map((p) => [category, p.replace(/\*(\S+)/g, "ana$1")] as const));
  it.each(ownPhrases)("flags %s for the listed phrase %j", (category, phrase) => {
    expect(swFlags(`Tangu jana ${phrase}.`)).toContain(category);
  });

  it("does not change English screening (the Swahili words are not English triggers)", () => {
    // "si" and "hana" negate in Swahili only; an English message keeps its own triggers.
    expect(flagged("chest pain since si morning")).toEqual(["chest_pain"]);
  });
});

describe("intent", () => {
  it.each([
    ["I have a headache and fever since yesterday", "symptom_report"],
    ["I have run out of my warfarin, can I get a refill?", "refill_request"],
    ["Can I reschedule my appointment to Friday?", "appointment"],
    ["What did my blood test result show? Is my INR normal?", "results_question"],
    ["I was charged twice, please send the receipt and refund", "billing"],
    ["Thank you for yesterday", "other"],
  ])("classifies %j as %s", (text, intent) => {
    const r = triage(text);
    expect(r.intent).toBe(intent);
    expect(r.confidence).toBeGreaterThan(0);
    expect(r.confidence).toBeLessThanOrEqual(0.95);
  });
});

describe("overdose, poisoning, low sugar, very high blood pressure, snakebite, gut bleeding (rules 2026.11.5)", () => {
  it.each([
    ["I took 20 tablets of my amitriptyline", "overdose_poisoning"],
    ["she swallowed 30 pills an hour ago", "overdose_poisoning"],
    ["he has taken 10 tablets of paracetamol at once", "overdose_poisoning"],
    ["I drank rat poison", "overdose_poisoning"],
    ["my child drank jik (bleach)", "overdose_poisoning"],
    ["the baby swallowed paraffin from the lamp", "overdose_poisoning"],
    ["I think I overdosed", "overdose_poisoning"],
    ["My sugar is 2.1 and I am sweating and shaking", "hypoglycaemia"],
    ["glucose 3.5 feeling dizzy", "hypoglycaemia"],
    ["my blood sugar is low and I am shaking", "hypoglycaemia"],
    ["BP 200/130 severe headache", "hypertensive_emergency"],
    ["my blood pressure was 185/100 this morning", "hypertensive_emergency"],
    ["pressure 170/125", "hypertensive_emergency"],
    ["snake bit my leg", "snakebite"],
    ["my son was bitten by a snake in the garden", "snakebite"],
    ["passing black stool and feeling dizzy", "gi_bleeding"],
    ["black tarry stools since yesterday", "gi_bleeding"],
  ])("flags %j as %s", (text, category) => {
    expect(flagged(text)).toContain(category);
    expect(triage(text).redFlags.length).toBeGreaterThan(0);
  });

  it.each([
    ["I took 2 tablets of paracetamol for the headache"],
    ["I take 9 tablets a day for my HIV and TB"],
    ["my sugar is 5.6 this morning"],
    ["my sugar was 4"],
    ["BP 130/80 today, is that fine?"],
    ["my BP was 180/120 at the clinic"],
    ["please refill my 30 tablets of metformin"],
    ["I need paraffin for the lamp"],
    ["I didn't take an overdose, I took 1 tablet"],
  ])("does not flag %j", (text) => {
    expect(triage(text).redFlags).toEqual([]);
  });

  it("reads boundaries exactly: sugar 3.9 is low, 4.0 is not; 181/80 and 120/121 are a crisis, 180/120 is not; 10 tablets is, 9 is not", () => {
    expect(flagged("sugar 3.9")).toEqual(["hypoglycaemia"]);
    expect(flagged("sugar 4.0")).toEqual([]);
    expect(flagged("BP 181/80")).toEqual(["hypertensive_emergency"]);
    expect(flagged("BP 120/121")).toEqual(["hypertensive_emergency"]);
    expect(flagged("BP 180/120")).toEqual([]);
    expect(flagged("took 10 tablets")).toEqual(["overdose_poisoning"]);
    expect(flagged("took 9 tablets")).toEqual([]);
  });

  it("reads a negated or past reading as not flagged", () => {
    expect(triage("I did not drink rat poison").redFlags).toEqual([]);
  });
});
