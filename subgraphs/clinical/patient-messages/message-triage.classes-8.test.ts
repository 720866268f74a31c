import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the eighth blind set (test/fixtures/patient-messages/messages-blind-8.json,
 * session 19; rules 2026.11.13), each tested with wordings in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 45) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 45) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives8: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  ["meter reads HI", "checked twice and the sugar machine says HI, mouth very dry", "en", 60, "hyperglycaemia"],
  ["meter reads HI", "my glucometer is showing HI since last night", "en", 38, "hyperglycaemia"],
  ["sugar above the meter's range", "his glucose 35.1 this evening and he is weak", "en", 71, "hyperglycaemia"],
  ["sugar above the meter's range, mg/dL", "RBS 640 at the chemist today", "en", 55, "hyperglycaemia"],
  ["high sugar with signs of ketoacidosis", "sugar is very high and she keeps vomiting since morning", "en", 19, "hyperglycaemia"],
  ["BP written after the Swahili word", "presha imepanda 200/125 na kifua kinabana", "sw", 62, "hypertensive_emergency"],
  ["BP written after the Swahili word", "shinikizo la damu 190/110 na siwezi kuona vizuri", "sw", 58, "hypertensive_emergency"],
  ["low sugar written after the Swahili word", "sukari yake 2.9 na anatokwa na jasho", "sw", 66, "hypoglycaemia"],
  ["young infant fever written as a hot body", "my 3 weeks old baby body hot since afternoon", "en", 0, "child_fever_lethargy"],
  ["an old sign back today", "last month I had chest pain, today the chest pain is back and worse", "en", 61, "chest_pain"],
  ["a high reading rechecked and still high", "bp 195/125 in the morning, now 192/124 with headache", "en", 57, "hypertensive_emergency"],
  ["a low reading rechecked and still low", "sugar 3.2 then I took juice, now 2.8 and shaking", "en", 33, "hypoglycaemia"],
];

/** Old emergencies dated a month or more back, readings rechecked and normal now, a greeting "hi" near a sugar. */
const negatives8: [string, string, number][] = [
  ["last year I had a stroke, I want to book physiotherapy", "en", 70],
  ["last month my son had convulsions with malaria, now he needs his vaccine", "en", 5],
  ["in march I had chest pain, the ECG was fine, need a review", "en", 49],
  ["Mwanangu alipata degedege mwezi wa Juni, sasa anahitaji kliniki", "sw", 6],
  ["bp was 200/120 at the clinic, they gave tablets, now 135/85", "en", 64],
  ["sugar went to 2.9 at night, I ate bread and now it is 7.1", "en", 52],
  ["Hi, my sugar is 6.2 this morning, is that fine", "en", 45],
  ["my sugar was high at the party, 14, feeling fine now", "en", 30],
  ["glucometer reading 120 mg after lunch", "en", 58],
];

const intents8: [string, string, string][] = [
  ["numbness and tingling in my hands since the new tablets", "en", "symptom_report"],
  ["pins and needles in my feet at night", "en", "symptom_report"],
  ["tarehe ya chanjo ya mtoto ni lini", "sw", "appointment"],
];

describe("classes of misses found with the eighth blind set (rules 2026.11.13, engine 1.7.0)", () => {
  it.each(positives8)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });
  it.each(negatives8)("does not flag %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it.each(intents8)("intent of %j (%s) is %s", (text, language, intent) => {
    expect(triage(text, language).intent).toBe(intent);
  });
  it("the new category has guidance and a published source", () => {
    const rule = rules.red_flags.find((r) => r.category === "hyperglycaemia");
    expect(rule?.guidance.length).toBeGreaterThan(40);
    expect(rule?.source).toMatch(/https:\/\//);
  });
});

describe("the set-8 class tests stay out of the blind sets", () => {
  const files = ["", "-2", "-3", "-4", "-5", "-6", "-7", "-8"].map((n) => `messages-blind${n}.json`);
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blind = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives8.map((p) => p[1]), ...negatives8.map((n) => n[0]), ...intents8.map((i) => i[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blind.has(t))).toEqual([]);
  });
});
