import { describe, expect, it } from "vitest";
import { messageRules, triageMessage } from "../patient-messages/message-triage.engine.js";
import { find, reported } from "./extraction.test-support.js";

/**
 * Three context classes left over after held-out set 4 (docs/decisions/clinical.md, extraction, "2026-11-28 (session
 * 16): family without a verb"). Variants written for the test; none is in a scored set.
 */

describe("assertion: a relative written right before a finding, without a verb, is family", () => {
  it.each([
    ["Mother HIV positive", "HIV positive"],
    ["Father diabetic", "diabetic"],
    ["sister: asthma", "asthma"],
    ["Baby's mother HIV+ve", "HIV+"],
    ["Brother - epilepsy", "epilepsy"],
    ["Social: lives with wife. Wife hypertensive", "hypertensive"],
    ["Pt stable. Her father known diabetic", "diabetic"],
    ["Child well, mother: TB on treatment", "TB"],
    ["Husband HIV+, not on ART", "HIV+"],
  ])("%j → %s is family", (text, word) => {
    expect(find(text, word)?.assertion).toBe("family");
    expect(reported(text)).not.toContain(word.toLowerCase());
  });

  it("runs on over a list of findings, and not past a clause of its own", () => {
    expect(find("Mother diabetic and hypertensive", "hypertensive")?.assertion).toBe("family");
    expect(find("Mother HIV positive, baby on NVP prophylaxis", "NVP")?.assertion).toBe("present");
  });

  it.each([
    // The escort and what the child came with.
    ["Brought by mother with fever", "fever"],
    ["Accompanied by her aunt, cough x 3 days", "cough"],
    ["Seen with father, fever since yesterday", "fever"],
    // Not at the start of its clause: the relative is not the subject.
    ["Referred by mother diabetic clinic nurse", "diabetic"],
    // A child named without a verb is the patient (a parent writes it, or a neonatal note).
    ["Daughter fever since morning", "fever"],
    ["Son cough and vomiting", "cough"],
  ])("%j → %s stays the patient's", (text, word) => {
    expect(find(text, word)?.assertion).toBe("present");
  });

  it("keeps the longer rules: a relative a few words from its verb", () => {
    expect(find("Three siblings at home with a similar cough", "cough")?.assertion).toBe("family");
    expect(find("Husband also on ART", "ART")?.assertion).toBe("family");
  });

  it("a parent's message about a child is still flagged in patient-message triage", () => {
    const { rules } = messageRules();
    for (const text of ["my daughter fever since morning and she is very weak and floppy", "my daughter fever since morning, very drowsy"]) {
      const flagged = triageMessage(rules, text, "en", 3).redFlags;
      expect(flagged.map((f) => f.category)).toContain("child_fever_lethargy");
      // The child's own sign, not a relative's.
      expect(flagged.every((f) => f.assertion === "present")).toBe(true);
    }
    expect(find("my daughter fever since morning", "fever")?.assertion).toBe("present");
    // And a relative's sign without a verb is flagged too (carers write for patients; over-triage is the safer error).
    expect(triageMessage(rules, "Mother chest pain since morning", "en", 30).redFlags.map((f) => f.category)).toContain("chest_pain");
  });
});

describe("assertion: 'if the child has X' keeps X in the condition", () => {
  it.each([
    ["Return if the child has convulsions", "convulsions"],
    ["If she has difficulty breathing, come back at once", "difficulty breathing"],
    ["Come back if he has blood in stool", "blood in stool"],
    ["Mother advised: if baby has fever, bring to clinic", "fever"],
    ["In case the patient has chest pain, call the ward", "chest pain"],
  ])("%j → %s is hypothetical", (text, word) => {
    expect(find(text, word)?.assertion).toBe("hypothetical");
  });

  it("a 'has' that starts a statement still ends the condition", () => {
    // The subject is far from "if" (an entity between): the "has" is a new statement.
    expect(find("Give paracetamol if fever, she has cough since Monday", "cough")?.assertion).toBe("present");
    expect(find("No fever. She has cough", "cough")?.assertion).toBe("present");
  });
});

describe("assertion: a finding that has resolved is historical (pyConText: 'resolved' HISTORICAL)", () => {
  it.each([
    ["Dyspnoea resolved on day 2", "dyspnoea"],
    ["Vomiting has resolved", "vomiting"],
    ["Diarrhoea settled after ORS", "diarrhoea"],
    ["Headache subsided", "headache"],
    ["Had rash at onset, now resolved", "rash"],
  ])("%j → %s is historical, and reported as the patient's", (text, word) => {
    expect(find(text, word)?.assertion).toBe("historical");
    expect(reported(text)).toContain(word.toLowerCase());
  });

  it("a negation still negates, and 'resolved' before a finding stays NegEx's negation", () => {
    expect(find("No vomiting, diarrhoea resolved", "vomiting")?.assertion).toBe("absent");
    expect(find("resolved pneumonia", "pneumonia")?.assertion).toBe("absent");
  });
});

describe("assertion: a relative's treatment named right after the relative's condition with 'on' is the relative's", () => {
  it.each([
    ["Mother known diabetic on metformin", "metformin"],
    ["Father hypertensive on nifedipine", "nifedipine"],
    ["Sister has epilepsy on carbamazepine", "carbamazepine"],
    ["Husband HIV positive on dolutegravir", "dolutegravir"],
  ])("%j → %s is family", (text, word) => {
    expect(find(text, word)?.assertion).toBe("family");
  });

  it.each([
    ["Known diabetic on metformin", "metformin"],
    ["Mother HTN, patient on metformin", "metformin"],
    ["Mother died of stroke. On aspirin.", "aspirin"],
    ["Mother diabetic; pt on insulin", "insulin"],
  ])("the patient's own treatment stays the patient's: %j → %s present", (text, word) => {
    expect(find(text, word)?.assertion).toBe("present");
  });
});
