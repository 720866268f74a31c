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
    ["some days I feel I would be better off dead", "suicidal_ideation"],
    ["the bleeding won't stop after the tooth extraction", "heavy_bleeding"],
    ["I vomited blood twice today", "heavy_bleeding"],
    ["my baby has a fever and is very sleepy", "child_fever_lethargy"],
    ["my daughter is hot with high temperature and floppy", "child_fever_lethargy"],
  ])("flags %j as %s", (text, category) => {
    expect(flagged(text)).toEqual([category]);
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
    expect(flagged("fever and very sleepy", 3)).toEqual(["child_fever_lethargy"]);
    expect(flagged("my son has a fever but he is not drowsy")).toEqual([]);
  });

  it.each([
    ["my child is having fits since morning and wont wake up", ["seizure", "unresponsive"]],
    ["my husband collapsed at home and is not responding", ["unresponsive"]],
    ["I had a seizure this morning", ["seizure"]],
    ["cant breath well and my chest is paining me", ["chest_pain", "difficulty_breathing"]],
    ["difficulty in breathing since last night", ["difficulty_breathing"]],
    ["my baby is not breastfeeding and has a very hot body", ["child_fever_lethargy", "child_danger_signs"]],
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

  it("answers unscreened for a language it has no rules for", () => {
    const r = triage("Nina maumivu ya kifua", 40, "sw");
    expect(r.screened).toBe(false);
    expect(r.redFlags).toEqual([]);
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
