import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * Classes of misses found with the seventh blind set (test/fixtures/patient-messages/messages-blind-7.json,
 * session 19; rules 2026.11.12), each tested with wordings in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 30) => triageMessage(rules, text, language, age);
const flags = (text: string, language = "en", age: number | null = 30) => [...new Set(triage(text, language, age).redFlags.map((f) => f.category))].sort();

const positives7: [string, string, string, number, string][] = [
  // cls, text, language, patient age, category
  // a surgical wound that has opened, leaks pus or shows the gut
  ["wound breakdown", "the cut from my gallbladder surgery has split open this morning", "en", 50, "wound_breakdown"],
  ["wound breakdown", "after the operation on his stomach the wound is smelling bad and oozing pus", "en", 63, "wound_breakdown"],
  ["wound breakdown", "stitches burst while lifting my son, something is bulging out", "en", 38, "wound_breakdown"],
  ["wound breakdown", "baada ya upasuaji kidonda kinatoa usaha", "sw", 44, "wound_breakdown"],
  // a fall with a long lie or unable to stand
  ["fall, long lie", "grandpa slipped in the shamba and is unable to stand, he is 91", "en", 91, "fall_long_lie"],
  ["fall, long lie", "aunt tripped over the mat and has been lying on the floor since lunch", "en", 77, "fall_long_lie"],
  ["fall, long lie", "babu ameanguka chooni na hawezi kusimama", "sw", 80, "fall_long_lie"],
  // back pain with cauda equina signs
  ["cauda equina", "my back is killing me and now I have numbness in both legs", "en", 45, "cauda_equina"],
  ["cauda equina", "sciatica got worse, today I soiled myself and did not feel it", "en", 39, "cauda_equina"],
  ["cauda equina", "maumivu ya kiuno na sasa hawezi kukojoa kabisa", "sw", 55, "cauda_equina"],
  // threats of violence, violence at home, thoughts of harming a child
  ["violence threat", "my uncle keeps threatening to stab my father, he has a knife in his hand", "en", 60, "violence_threat"],
  ["violence threat", "my partner beats me up when he comes home drunk, I am scared tonight", "en", 26, "violence_threat"],
  ["violence threat", "sometimes I feel I could harm my baby when she cries all night", "en", 22, "violence_threat"],
  ["violence threat", "mpenzi wangu ananitishia kuniua", "sw", 27, "violence_threat"],
  // dangerous side effects of a medicine
  ["statin muscle reaction", "since starting simvastatin my muscles are weak and painful and my urine is brown", "en", 66, "drug_muscle_reaction"],
  ["anticoagulant bleeding", "taking rivaroxaban, nose bleed for an hour and blood in my urine", "en", 72, "heavy_bleeding"],
  ["bleeding not stopping", "finger cut in the kitchen, the blood has been flowing and is not stopping", "en", 33, "heavy_bleeding"],
  ["black stool, Swahili", "tangu nianze ibuprofen kinyesi ni cheusi", "sw", 48, "gi_bleeding"],
  ["skin reaction, mouth blisters", "new tablets for fits, now a red rash and sores in mouth", "en", 19, "severe_skin_reaction"],
  // pregnancy: gestation written in weeks; waters breaking
  ["gestation in weeks", "i am 36 weeks and my vision is blurry tonight", "en", 28, "pregnancy_danger_signs"],
  ["gestation in weeks", "29wks, bleeding a bit since midnight", "en", 24, "pregnancy_danger_signs"],
  ["waters broke", "pregnant with twins and the waters are leaking", "en", 30, "pregnancy_danger_signs"],
  ["waters broke, Swahili", "mimba ya miezi saba, maji yanavuja tangu jioni", "sw", 21, "pregnancy_danger_signs"],
  // a child's convulsion in Swahili words other than degedege
  ["convulsion, Swahili", "mtoto anarusha miguu na mikono na hatujibu", "sw", 2, "seizure"],
  ["convulsion, Swahili", "mwanangu macho yamegeuka juu na mwili umekakamaa", "sw", 1, "seizure"],
];

/** Figures of speech, past or harmless side effects, normal fetal kicks, healing wounds, a fall without injury. */
const negatives7: [string, string][] = [
  ["my mum will kill me if I fail this exam lol, can I book an appointment", "en"],
  ["this cough is going to finish me, need a refill of the syrup", "en"],
  ["rifampicin turned my tears and urine orange, is this normal", "en"],
  ["metronidazole leaves a bad taste in my mouth", "en"],
  ["mtoto anarusha miguu tumboni sana usiku", "sw"],
  ["had my hernia operation 3 weeks ago, wound is dry and closed, no pus", "en"],
  ["she slipped on the steps but got up by herself and is walking fine", "en"],
  ["back pain after digging, no numbness and I pee normally", "en"],
  ["on warfarin, my INR today was 2.8, when is my next test", "en"],
  ["on atorvastatin, cholesterol result came back good, please refill", "en"],
];

/** Intents: a question whether a reading or a change is normal or bad; a Swahili request to repeat medicines. */
const intents7: [string, string, string][] = [
  ["sugar was 7.2 this morning is that bad", "en", "results_question"],
  ["my stool is dark green after the iron tablets is this normal", "en", "symptom_report"],
  ["naomba kurudia dawa za pressure", "sw", "refill_request"],
];

describe("classes of misses found with the seventh blind set (rules 2026.11.12)", () => {
  it.each(positives7)("%s: flags %j (%s, age %i) as %s", (_cls, text, language, age, category) => {
    expect(flags(text, language, age)).toContain(category);
  });

  it.each(negatives7)("does not flag %j (%s)", (text, language) => {
    expect(triage(text, language).redFlags).toEqual([]);
  });

  it.each(intents7)("reads %j (%s) as %s", (text, language, intent) => {
    expect(triage(text, language).intent).toBe(intent);
  });

  it("every new category has guidance and a published source", () => {
    for (const category of ["wound_breakdown", "fall_long_lie", "cauda_equina", "violence_threat", "drug_muscle_reaction"]) {
      const rule = rules.red_flags.find((r) => r.category === category);
      expect(rule?.guidance.length).toBeGreaterThan(40);
      expect(rule?.source).toMatch(/https:\/\//);
    }
  });
});

describe("the set-7 class tests stay out of the blind sets", () => {
  const files = ["messages-blind.json", "messages-blind-2.json", "messages-blind-3.json", "messages-blind-4.json", "messages-blind-5.json", "messages-blind-6.json", "messages-blind-7.json"];
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blindMessages = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    const ours = [...positives7.map((p) => p[1]), ...negatives7.map((n) => n[0]), ...intents7.map((i) => i[0])].map((t) => t.toLowerCase());
    expect(ours.filter((t) => blindMessages.has(t))).toEqual([]);
  });
});
