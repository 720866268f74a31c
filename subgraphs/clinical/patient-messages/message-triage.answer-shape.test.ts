import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

/**
 * What the answer shows (defects a user saw, session 19): one flag per category with the words that show the
 * danger, sources without rule-version notes, intent scores that agree with the chosen intent, and intents
 * for a refill beside a chronic symptom and for a document request. Wordings are in no blind set (checked below).
 */
const { rules } = messageRules();
const triage = (text: string, language = "en", age: number | null = 40) => triageMessage(rules, text, language, age);

/** Messages that flag an all_of rule (a context group and a sign) or several phrases of one category. */
const severalMentions: [string, string, number, string][] = [
  // text, language, age, category
  ["Bibi ana kisukari, anatetemeka na kutokwa na jasho, sukari ni 2.4", "sw", 74, "hypoglycaemia"],
  ["my father is diabetic and on insulin, he is talking nonsense and his sugar is 2.2", "en", 68, "hypoglycaemia"],
  ["I am 30 weeks pregnant with a bad headache and blurred vision and some bleeding", "en", 29, "pregnancy_danger_signs"],
  ["on my TB tablets for a month and now yellow eyes and yellow skin", "en", 35, "drug_liver_reaction"],
  ["crushing chest pain, the chest pain goes to my left arm", "en", 58, "chest_pain"],
];

describe("one flag per category, shown by its danger words", () => {
  it.each(severalMentions)("%j (%s) gives one %s flag", (text, language, age, category) => {
    const flags = triage(text, language, age).redFlags;
    const categories = flags.map((f) => f.category);
    expect(categories).toContain(category);
    expect(new Set(categories).size).toBe(categories.length);
  });

  it("shows the sign and the reading, not the context word, for a low sugar in a diabetic", () => {
    const [flag] = triage("Babu ana kisukari, amechanganyikiwa tangu saa nne, sukari ni 2.3", "sw", 72).redFlags.filter((f) => f.category === "hypoglycaemia");
    expect(flag.matchedText).toMatch(/changanyikiwa/);
    expect(flag.matchedText).toMatch(/sukari ni 2\.3/);
    expect(flag.matchedText).not.toMatch(/kisukari/);
    expect(flag.assertion).toBe("present");
  });

  it("leaves out the medicine a reaction happens on", () => {
    const [flag] = triage("since I began the TB treatment my eyes are yellow").redFlags;
    expect(flag.category).toBe("drug_liver_reaction");
    expect(flag.matchedText).not.toMatch(/tb treatment/i);
  });
});

describe("sources name the publication, not the rules' history", () => {
  it("no red-flag source carries a rules version or a session note", () => {
    const noted = rules.red_flags.filter((r) => /rules? \d{4}\.\d{2}|session \d/i.test(r.source)).map((r) => r.category);
    expect(noted).toEqual([]);
  });

  it("every red-flag source cites a published page", () => {
    expect(rules.red_flags.filter((r) => !/https?:\/\//.test(r.source)).map((r) => r.category)).toEqual([]);
  });
});

describe("intent scores agree with the chosen intent", () => {
  it.each([
    ["my little girl is fitting and her lips are blue", 3],
    ["mama amezimia hajibu tukimwita", 60],
    ["BP 210/135 with a pounding head", 55],
  ])("a red flag without an intent phrase (%j) scores symptom_report above 0", (text, age) => {
    const t = triage(text, /mama/.test(text) ? "sw" : "en", age);
    expect(t.redFlags.length).toBeGreaterThan(0);
    expect(t.intent).toBe("symptom_report");
    const top = Math.max(...t.intentScores.map((s) => s.score));
    expect(t.intentScores.find((s) => s.intent === "symptom_report")!.score).toBe(top);
    expect(t.confidence).toBeGreaterThan(0.5);
  });

  it("a message with no intent phrase is other, with every score 0", () => {
    const t = triage("ok noted, asante sana");
    expect(t.intent).toBe("other");
    expect(t.intentScores.every((s) => s.score === 0)).toBe(true);
  });

  it("the chosen intent has a score above 0 whenever it is not other", () => {
    for (const text of ["please book me for the asthma clinic", "need my inhaler refilled, the wheeze is bad at night", "kindly send a sick sheet for my son's school"]) {
      const t = triage(text);
      expect(t.intentScores.find((s) => s.intent === t.intent)?.score).toBeGreaterThan(0);
    }
  });
});

describe("a request beside a chronic symptom, and document requests", () => {
  it.each([
    ["my knee pain is terrible again, can you refill the meloxicam", "en", "refill_request"],
    ["arthritis pain worse in the cold, please renew my prescription", "en", "refill_request"],
    ["the gout pain is back, I want an appointment with the doctor", "en", "appointment"],
    ["I need a sick note for the three days I was off work", "en", "document_request"],
    ["please prepare a medical report for my insurance claim", "en", "document_request"],
    ["can the doctor fill the form for my driving licence", "en", "document_request"],
    ["naomba barua ya daktari kwa ajili ya kazini", "sw", "document_request"],
  ])("%j (%s) is %s, and screened all the same", (text, language, intent) => {
    const t = triage(text, language);
    expect(t.intent).toBe(intent);
    expect(t.redFlags).toEqual([]);
  });

  it("a red flag still makes a refill message a symptom report", () => {
    expect(triage("refill my tablets please, also crushing chest pain since an hour").intent).toBe("symptom_report");
  });
});

describe("the answer-shape tests stay out of the blind sets", () => {
  const files = ["", "-2", "-3", "-4", "-5", "-6", "-7", "-8"].map((n) => `messages-blind${n}.json`);
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/patient-messages/${file}`, import.meta.url), "utf8")) as { items: { message: string }[] };
  const blind = new Set(files.flatMap((f) => read(f).items.map((i) => i.message.toLowerCase())));
  it("no test wording is a blind-set message (any set)", () => {
    expect(severalMentions.map((s) => s[0].toLowerCase()).filter((t) => blind.has(t))).toEqual([]);
  });
});
