import { describe, expect, it } from "vitest";
import { classifyDocument, countDoseLines, type DocumentClass } from "./classification.js";
import { parseLabResults } from "./lab-results.js";

/** As the service does: the lab result lines parsed from the text weigh for lab_report. */
const classify = (lines: string[], declared: DocumentClass) => {
  const text = lines.join("\n");
  return classifyDocument(text, declared, parseLabResults(text).tests.length);
};

describe("document classes outside laboratory reports (knowledge/document-classes.json 2026.12.4)", () => {
  it("takes a prescription without heading words for one by its dose lines, whatever the declared type", () => {
    const lines = ["Tab Ciprofloxacin 500mg  bd  x 5/7", "Cap. Omeprazole 20 mg  od  x 14/7", "- Metronidazole 400mg  1 tab tid  x 7/7", "Sign: ______"];
    expect(countDoseLines(lines.join("\n"))).toBe(3);
    const c = classify(lines, "lab_report");
    expect(c.type).toBe("prescription");
    expect(c.signals).toContain("3 dose lines");
  });

  it("does not count a dose mentioned in a sentence of a note, nor a date, as a prescription line", () => {
    const text = ["Impression: peptic ulcer disease, on review today 3/7/2026.", "Plan: continue with omeprazole 20 mg od and review in a month.", "Seen by the clinical officer, who advised the patient to avoid NSAIDs."].join("\n");
    expect(countDoseLines(text)).toBe(0);
    expect(classify(text.split("\n"), "other").type).toBe("other");
  });

  it("keeps kinds the class list does not name as other when they are declared as something else", () => {
    const ecg = ["Resting electrocardiogram", "Ventricular rate 74 bpm, sinus rhythm", "QRS duration 96 ms, QTc 410 ms", "Normal tracing"];
    const vaccines = ["Child health card - immunization record", "Vaccine   Dose   Date given", "Pentavalent  3  02/05/2026", "IPV  1  02/05/2026"];
    const consent = ["Informed consent for blood transfusion", "I agree to receive blood and blood products after the risks were explained.", "Patient/guardian signature ____"];
    const certificate = ["Sick leave", "The bearer was treated here for a sprained ankle and is advised rest from duty for five days.", "Clinician stamp"];
    expect(classify(ecg, "lab_report").type).toBe("other");
    expect(classify(vaccines, "prescription").type).toBe("other");
    expect(classify(consent, "discharge_summary").type).toBe("other");
    expect(classify(certificate, "referral").type).toBe("other");
  });

  it("does not read a facility's name as a referral ('Teaching, Referral and Research Hospital', 'Hospitali ya Rufaa')", () => {
    expect(classify(["Moi Teaching, Referral and Research Hospital", "Electrocardiogram: sinus tachycardia, rate 108"], "other").signals.join()).not.toMatch(/referral/);
    expect(classify(["Hospitali ya Rufaa ya Kanda Mbeya", "Informed consent to surgery, signed by the patient"], "other").type).toBe("other");
  });

  it("reads Swahili headings as their English equivalents", () => {
    expect(classify(["Kituo cha Afya Mbagala", "Barua ya rufaa kwenda Hospitali ya Temeke", "Sababu ya rufaa: shinikizo la damu lisilodhibitika"], "other").type).toBe("referral");
    expect(classify(["Muhtasari wa kuruhusiwa", "Tarehe ya kulazwa 02/10/2026", "Tarehe ya kuruhusiwa 06/10/2026"], "lab_report").type).toBe("discharge_summary");
    expect(classify(["Ankara namba 5512", "Ushauri wa daktari  TZS 10,000", "Kipimo cha malaria  TZS 3,000", "Jumla  TZS 13,000"], "other").type).toBe("invoice");
  });

  it("takes an imaging report named by its modality or signed by a sonographer for a radiology report", () => {
    expect(classify(["Pelvic scan", "Uterus anteverted, normal size, endometrium 7 mm.", "Both ovaries seen, normal.", "Sonographer: T. Achieng"], "other").type).toBe("radiology_report");
    expect(classify(["Lumbar spine X-ray report", "Mild degenerative change at L4/5."], "lab_report").type).toBe("radiology_report");
  });

  it("keeps a letter that refers a patient on and quotes results a referral", () => {
    const letter = ["We are referring Ms. Auma, 38, for further management of newly diagnosed thyrotoxicosis.", "Her free T4 was 48 pmol/L and TSH 0.01 mIU/L last week.", "Yours faithfully,", "Dr. O. Were"];
    expect(classify(letter, "lab_report").type).toBe("referral");
  });
});
