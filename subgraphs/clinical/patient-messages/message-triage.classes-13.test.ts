import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";
import { dropsLettersOf } from "./message-spelling.js";

/**
 * Classes of misses found with the thirteenth blind set (test/fixtures/patient-messages/messages-blind-13.json,
 * session 21; rules 2026.11.17 → 2026.11.18), on code-switching and SMS writing: vowels, a doubled letter or a
 * final g dropped ("bleedng", "refil", "vomitin"), letters repeated for emphasis ("breeeathe"), two rule words
 * run together ("herhead"), one-letter shorthand ("n", "r") and phonetic shorthand ("wyf", "nid"); a Swahili
 * burn stem that also ended "fungua" (open) and "pungua" (decrease); a fever said of the baby after delivery
 * (the newborn's sign, not the mother's); "copy of his records". Wordings are in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 45) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 45) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives13: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  ["dropped vowels", "my sistr is bleedng hevily aftr giving birth", "en", 30, "heavy_bleeding"],
  ["dropped vowels", "the baby is brthing very fast", "en", 0, "difficulty_breathing"],
  ["dropped vowels", "my son is convulsng and hot", "en", 3, "seizure"],
  ["repeated letters", "pleeease my son cant breeeathe", "en", 6, "difficulty_breathing"],
  ["repeated letters, then a listed variant", "HEEELP she is bleeeding from her private parts and she is pregnant", "en", 25, "pregnancy_danger_signs"],
  ["two rule words run together", "he fell and hit hishead, now vomiting", "en", 40, "head_injury"],
  ["two rule words run together", "my dad has chestpain going to his left arm", "en", 60, "chest_pain"],
  ["one-letter and phonetic shorthand", "my wyf r bleeding n dizzy, delivrd yesterday", "en", 29, "pregnancy_danger_signs"],
  ["Swahili burn stems still read", "mtoto ameungua na maji ya moto kifuani", "sw", 2, "burns"],
  ["a baby's fever after delivery is the child's sign", "I delivered last week and the baby has a high fever", "en", 0, "child_fever_lethargy"],
  ["a baby's fever after delivery, Swahili", "Nilijifungua wiki iliyopita na mtoto ana homa", "sw", 0, "child_fever_lethargy"],
  ["the mother's own fever after delivery", "I delivered last week and now I have a high fever", "en", 27, "pregnancy_danger_signs"],
];

/** Not urgent, or not this category: Swahili "-fungua" and "-pungua", real short words that are not SMS spellings. */
const negatives13: [string, string, number][] = [
  ["homa imepungua na kifua kiko sawa, asante", "sw", 30],
  ["Mnafungua saa ngapi? tunataka kuleta mtoto, ana vipele mgongoni", "sw", 3],
  ["please send my eye drops, they are finished", "en", 60],
  ["a bee sting on my arm yesterday, is ice ok", "en", 30],
];

const intents13: [string, string, string][] = [
  ["can i have a copy of his records for the insurance company", "en", "document_request"],
  ["pls i nid a refil of my inhaler", "en", "refill_request"],
];

describe("classes of misses found with the thirteenth blind set (rules 2026.11.18)", () => {
  it.each(positives13)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });
  it.each(negatives13)("does not flag %j (%s, age %i)", (text, language, age) => {
    expect(flags(text, language, age)).toEqual([]);
  });
  it.each(intents13)("reads %j (%s) as %s", (text, language, intent) => {
    expect(triage(text, language).intent).toBe(intent);
  });
  it("a fever said of the baby after delivery is not the mother's danger sign", () => {
    expect(flags("I delivered last week and the baby has a high fever", "en", 0)).not.toContain("pregnancy_danger_signs");
    expect(flags("Nilijifungua wiki iliyopita na mtoto ana homa", "sw", 0)).not.toContain("pregnancy_danger_signs");
  });
  it("drops letters of one kind only, first letter kept", () => {
    expect(dropsLettersOf("hlpd", "helped", 3)).toBe(true);
    expect(dropsLettersOf("sting", "sitting", 3)).toBe(false);
    expect(dropsLettersOf("thrown", "throwing", 3)).toBe(false);
    expect(dropsLettersOf("lbow", "elbow", 3)).toBe(false);
  });
});

describe("the set-13 class tests stay out of the blind sets", () => {
  const files = ["", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9", "-10", "-11", "-12", "-13"].map((n) => `messages-blind${n}.json`);
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blind = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives13.map((p) => p[1]), ...negatives13.map((n) => n[0]), ...intents13.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blind.has(t))).toEqual([]);
  });
});
