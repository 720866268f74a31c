import { describe, expect, it } from "vitest";
import { extractDemographics } from "./demographics.js";
import { find, reported, run } from "./extraction.test-support.js";

/**
 * Classes of misses found by held-out set 13 (test/fixtures/extraction/notes-heldout-13.json, added 2026-11-28, session
 * 21: referral letters, discharge summaries, antenatal cards, HMIS register lines, immunisation entries, Swahili). Each
 * class is tested over wordings written for the test, not the notes.
 */

describe("numbered and branded vaccine doses, numbered IPTp doses, Fe/FA", () => {
  it.each([
    ["Well baby clinic: Rota2 and PCV2 today.", "Rota2"],
    ["Rotarix oral drops given, no vomiting after.", "Rotarix"],
    ["Travel clinic: Stamaril 0.5ml SC before the trip.", "Stamaril"],
    ["YF vaccine given in the left arm.", "YF vaccine"],
    ["ANC contact 5: IPTp3 swallowed under observation.", "IPTp3"],
    ["Dispensed Fe/FA 60 tabs for the month.", "Fe/FA"],
  ])("%j: %s is a medicine", (text, word) => {
    expect(find(text, word)?.type).toBe("medication");
  });
  it("a bare 'rota' (a duty rota) is no vaccine", () => {
    expect(run("Nursing rota for the night shift attached. Pt settled.").entities.some((e) => e.type === "medication")).toBe(false);
  });
});

describe("obstetric haemorrhage procedures and the SAM appetite test", () => {
  it.each([
    ["Anti-shock garment put on in the ambulance.", "anti-shock garment"],
    ["Uterine compression suture placed at laparotomy.", "uterine compression suture"],
    ["Appetite test done in OTP: ate the whole sachet.", "Appetite test"],
  ])("%j: %s is a procedure", (text, word) => {
    expect(find(text, word)?.type).toBe("procedure");
  });
  it("plural deliveries of the obstetric history are SVD", () => {
    expect(find("Para 4: two SVDs at home, one at HC IV.", "SVDs")?.type).toBe("procedure");
  });
});

describe("a relative's status field on a card is the relative's", () => {
  it.each([
    ["Mother's HIV status: reactive, on TLD. Baby for DBS at 6 weeks.", ["tld"]],
    ["Child card reviewed. Father's TB status - on RHZE. Child well.", ["rhze"]],
    ["Mother's Td status: Td2. Infant given OPV1 today.", ["td2"]],
  ])("%j", (text, others) => {
    for (const w of others) expect(reported(text)).not.toContain(w);
  });
  it("the patient's own status field stays the patient's", () => {
    expect(reported("HIV status: known reactive, on TLD since 2021.")).toContain("tld");
  });
});

describe("a medicine not due, and Swahili 'not needed' and 'negative'", () => {
  it.each([
    ["Td booster not due this pregnancy. Fundal height 30cm.", "td"],
    ["PCV3 not yet due, return at 14 weeks.", "pcv3"],
  ])("%j: %s not reported", (text, word) => {
    expect(reported(text)).not.toContain(word);
  });
  it.each([
    ["CXR haihitajiki kwa sasa, cough only 3 days.", "cxr"],
    ["Kipimo cha UPT: hasi. Amepewa ushauri.", "upt"],
  ])("%j: %s", (text, word) => {
    // A test written as not needed is not done; a test with a Swahili negative result was done.
    if (text.includes("haihitajiki")) expect(reported(text)).not.toContain(word);
    else expect(reported(text)).toContain(word);
  });
  it("an infection with a Swahili negative result is not the patient's", () => {
    expect(reported("Matokeo ya kipimo: brucella hasi, ana kikohozi.")).not.toContain("brucella");
  });
});

describe("ANC with a visit number in an antenatal card is the visit, not a neutrophil count", () => {
  it("antenatal register", () => {
    expect(reported("G3P2 | LNMP 04/05/2026 | ANC 3 | BP 118/76")).not.toContain("anc");
  });
  it.each(["Post chemo day 10, ANC 0.6, febrile.", "FBC: WBC 2.1, ANC 3 x10^9/L"])("%j: a neutrophil count", (text) => {
    expect(reported(text)).toContain("anc");
  });
});

describe("register columns, Swahili age and sex fields, gestational age", () => {
  it("an OPD register's age and sex columns", () => {
    expect(extractDemographics("OPD | 1204 | 37 | F | Dx: UTI | Rx: nitrofurantoin")).toMatchObject({ age: 37, gender: "female" });
  });
  it.each([
    ["Jina: R.M. Umri 44. Jinsia: KE. Dalili: kikohozi.", 44, "female"],
    ["Umri: 61, Jinsia: ME, kisukari", 61, "male"],
  ])("%j", (text, age, gender) => {
    expect(extractDemographics(text)).toMatchObject({ age, gender });
  });
  it("a gestational age in weeks is not the patient's age", () => {
    expect(extractDemographics("ANC visit. Gestation 31 wks. Complains of back pain.").age).toBeNull();
  });
});
