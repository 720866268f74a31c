import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the sixth blind set (test/fixtures/patient-messages/messages-blind-6.json,
 * session 18; rules 2026.11.11, engine 1.6.0), each tested with wordings in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 30) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 30) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives6: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  // a swallowed button battery or magnet, or a swallowed object that is stuck
  ["swallowed battery or magnet", "my girl put a hearing aid battery in her mouth and swallowed it", "en", 2, "swallowed_object"],
  ["swallowed battery or magnet", "he has swallowed two small magnets from his toy", "en", 6, "swallowed_object"],
  ["swallowed battery or magnet", "mtoto ameimeza betri ya rimoti", "sw", 3, "swallowed_object"],
  ["swallowed object stuck", "swallowed a fish bone at supper, now drooling and gagging", "en", 8, "swallowed_object"],
  // serious eye injuries
  ["eye injury", "cement splashed in my eye at the site, cannot see from it", "en", 35, "eye_injury"],
  ["eye injury", "a thorn went into her eye while picking tea", "en", 11, "eye_injury"],
  ["eye injury", "bleach got into his eyes", "en", 4, "eye_injury"],
  ["eye injury", "amechomwa jicho na msumari", "sw", 9, "eye_injury"],
  // sudden confusion, heatstroke
  ["sudden confusion", "grandma suddenly confused this afternoon, does not know where she is", "en", 88, "sudden_confusion"],
  ["sudden confusion", "after digging in the hot sun all day he stopped sweating and is confused", "en", 40, "sudden_confusion"],
  ["sudden confusion", "bibi anaharisha tangu jana na amechanganyikiwa", "sw", 85, "sudden_confusion"],
  // third-person hopelessness; Swahili reflexive subjunctive (-jiue: that he kill himself)
  ["hopelessness, -jiue", "my cousin keeps saying there is nothing to live for", "en", 27, "suicidal_ideation"],
  ["hopelessness, -jiue", "rafiki yangu anataka ajiue kwa sababu ya madeni", "sw", 25, "suicidal_ideation"],
  // fever or an infected wound after a caesarean
  ["after caesarean", "c section two weeks back, fever and the scar has pus", "en", 31, "pregnancy_danger_signs"],
  // breathing has stopped (a phrase with its own "not")
  ["absent breathing", "my grandfather has stopped breathing", "en", 90, "difficulty_breathing"],
  // SMS "wont"/"doesnt" spelt out
  ["sms wont", "cut on my foot, bleeding wont stop", "en", 22, "heavy_bleeding"],
];

/** Danger words in the past (Swahili, years ago), in a booklet's list, or an object swallowed by a well child. */
const negatives6: [string, string][] = [
  ["miaka kumi iliyopita nilipata degedege, sasa niko sawa", "sw"],
  ["mwaka jana nilitokwa na damu nyingi puani, sasa nimepona", "sw"],
  ["kitabu kinasema dalili za hatari ni degedege na kupumua kwa shida, mtoto wangu yuko sawa", "sw"],
  ["my son swallowed a small plastic bead yesterday, he is eating and playing", "en"],
  ["is it normal to feel confused about which tablet to take first", "en"],
  ["dust in my eye, it is a little red but I can see fine", "en"],
];

describe("classes of misses found with the sixth blind set (rules 2026.11.11, engine 1.6.0)", () => {
  it.each(positives6)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });

  it.each(negatives6)("does not flag %j (%s)", (text, language) => {
    expect(triage(text, language).redFlags).toEqual([]);
  });

  it("every new category has guidance and a published source", () => {
    for (const category of ["swallowed_object", "eye_injury", "sudden_confusion"]) {
      const rule = rules.red_flags.find((r) => r.category === category);
      expect(rule?.guidance.length).toBeGreaterThan(40);
      expect(rule?.source).toMatch(/https:\/\//);
    }
  });
});

describe("the set-6 class tests stay out of the blind sets", () => {
  const files = ["messages-blind.json", "messages-blind-2.json", "messages-blind-3.json", "messages-blind-4.json", "messages-blind-5.json", "messages-blind-6.json"];
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blindMessages = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives6.map((p) => p[1]), ...negatives6.map((n) => n[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blindMessages.has(t))).toEqual([]);
  });
});
