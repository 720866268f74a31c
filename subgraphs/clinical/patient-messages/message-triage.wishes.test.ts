import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "./message-triage.engine.js";

// A patient writes what they want as often as what they have. "Want to", "would like", "hoping" open a request,
// never a hypothetical that hides the danger sign written with or after it (a ConText trigger for wishes, tried
// for the extraction engine, hid every one of these: the triggers are shared).
const { rules } = messageRules();
// The sender's own danger or a relative's they are writing about (both alert); never one read as hypothetical or denied.
const flags = (text: string) => [...new Set(triageMessage(rules, text, "en", 30).redFlags.filter((f) => f.assertion === "present" || f.assertion === "family").map((f) => f.category))];

describe("a wish or request in a message does not hide a danger sign", () => {
  it.each([
    ["I want to kill myself", "suicidal_ideation"],
    ["i just want to end my life", "suicidal_ideation"],
    ["I want to see the doctor today, I have chest pain", "chest_pain"],
    ["I would like an appointment, my baby has convulsions", "seizure"],
    ["hoping to come tomorrow, I am bleeding heavily", "heavy_bleeding"],
    ["Wants to know what to do, my father has chest pain and is sweating", "chest_pain"],
  ])("%j keeps %s", (text, category) => {
    expect(flags(text)).toContain(category);
  });
});
