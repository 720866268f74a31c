import { describe, expect, it } from "vitest";
import { classifyDocument } from "./classification.js";
import { sniffDocumentFormat } from "./file-type.js";
import { parseLabResults } from "./lab-results.js";

describe("lab result lines", () => {
  it("reads name, value, unit, range and flag in the usual layouts, with LOINC only for names the vocabulary knows", () => {
    const r = parseLabResults(
      ["LAB REPORT", "Age 45 years", "Page 1 of 2", "Haemoglobin 10.2 g/dL (12.0-16.0) L", "Potassium: 5.9 mmol/L 3.5 - 5.1 H", "WBC 7.2 x10^9/L Ref: 4.0-11.0", "HbA1c 6.1 % <5.7", "Ferritin level 12 ng/mL", "CRP <0.5 mg/L"].join("\n"),
    );
    expect(r.map((t) => [t.name, t.value, t.unit, t.reference, t.abnormalFlag, t.flagSource, t.loincCode])).toEqual([
      ["Haemoglobin", 10.2, "g/dL", "12.0-16.0", "L", "document", "718-7"],
      ["Potassium", 5.9, "mmol/L", "3.5-5.1", "H", "document", "2823-3"],
      ["WBC", 7.2, "x10^9/L", "4.0-11.0", "N", "reference_range", "6690-2"],
      ["HbA1c", 6.1, "%", "<5.7", "H", "reference_range", null],
      ["Ferritin level", 12, "ng/mL", null, null, null, null],
    ]);
  });
});

describe("classification", () => {
  it("follows the content over the declared type and says why", () => {
    const c = classifyDocument("INVOICE\nInvoice number 42\nAmount due: UGX 15,000\nVAT 18%", "lab_report", 0);
    expect(c).toMatchObject({ type: "invoice", declaredType: "lab_report", agreesWithDeclared: false });
    expect(c.signals).toEqual(expect.arrayContaining(["invoice", "amount due", "vat"]));
  });
  it("keeps the declared type at 2/3 when the text says nothing", () => {
    expect(classifyDocument("hello", "referral", 0)).toMatchObject({ type: "referral", confidence: 0.67, signals: ["declared document_type"] });
  });
});

describe("file type from the first bytes", () => {
  it("knows PDF, PNG, JPEG and TIFF and nothing else", () => {
    expect(sniffDocumentFormat(Buffer.from("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffDocumentFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffDocumentFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffDocumentFormat(Buffer.from([0x49, 0x49, 0x2a, 0x00]))).toBe("tiff");
    expect(sniffDocumentFormat(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffDocumentFormat(Buffer.from("<html>"))).toBeNull();
  });
});
