import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyDocument, countPriceLines } from "./classification.js";
import { parseLabResults } from "./lab-results.js";

/** Layouts of whole reports: results printed in two columns, and a results slip with a payment footer (docs/decisions/clinical.md). */

interface Column {
  name: string;
  value: string;
  unit: string;
  range: string;
  flag: string;
}
/** Results as Ugandan and Kenyan reports print them (CBC, RFT, LFT, electrolytes, lipids), each possible in its unit. */
const COLUMNS: Column[] = [
  { name: "Hb", value: "12.1", unit: "g/dL", range: "11.5-16.5", flag: "" },
  { name: "WBC", value: "5.4", unit: "x10^9/L", range: "4.0-11.0", flag: "" },
  { name: "Platelets", value: "98", unit: "x10^9/L", range: "150-400", flag: "L" },
  { name: "MCV", value: "78.2", unit: "fL", range: "80-100", flag: "L" },
  { name: "Neutrophils", value: "62.1", unit: "%", range: "40-75", flag: "" },
  { name: "Lymphocytes", value: "1.8", unit: "x10^9/L", range: "1.0-4.0", flag: "" },
  { name: "Sodium", value: "131", unit: "mmol/L", range: "135-145", flag: "L" },
  { name: "Potassium", value: "5.9", unit: "mmol/L", range: "3.5-5.1", flag: "H" },
  { name: "Urea", value: "4.2", unit: "mmol/L", range: "2.5-7.8", flag: "" },
  { name: "Creatinine", value: "88", unit: "µmol/L", range: "62-106", flag: "" },
  { name: "ALT", value: "56", unit: "U/L", range: "7-40", flag: "H" },
  { name: "Total Bilirubin", value: "12", unit: "umol/L", range: "3-21", flag: "" },
  { name: "Albumin", value: "38", unit: "g/L", range: "35-50", flag: "" },
  { name: "Total Cholesterol", value: "5.8", unit: "mmol/L", range: "<5.2", flag: "H" },
  { name: "HDL Cholesterol", value: "1.1", unit: "mmol/L", range: ">1.0", flag: "" },
  { name: "Glucose", value: "6.1", unit: "mmol/L", range: "3.9-6.1", flag: "" },
  { name: "CD4 count", value: "350", unit: "cells/µL", range: "500-1500", flag: "L" },
];

/** One column as printed: the unit or the range may be absent (never both: a line needs one of them to be a result); the flag is optional. */
const printed = (c: Column, withRange: boolean, withFlag: boolean, withUnit: boolean, sep: string) => [c.name, c.value, withUnit ? c.unit : "", withRange ? c.range : "", withFlag ? c.flag : ""].filter(Boolean).join(sep);
const expected = (c: Column, withRange: boolean, withFlag: boolean, withUnit: boolean) =>
  expect.objectContaining({
    name: c.name,
    value: Number(c.value),
    unit: withUnit ? c.unit : null,
    reference: withRange ? c.range : null,
    ...(withFlag && c.flag ? { abnormalFlag: c.flag, flagSource: "document" } : {}),
  });

describe("two results printed on one line are read as two, each with its own unit, range and flag", () => {
  it.each([
    ["Hb      12.1 g/dL   11.5-16.5     WBC    5.4  x10^9/L  4.0-11.0", ["Hb", "WBC"]],
    ["Hb\t12.1\tg/dL\t11.5-16.5\tWBC\t5.4\tx10^9/L\t4.0-11.0", ["Hb", "WBC"]],
    ["Sodium 131 mmol/L 135-145 L Potassium 5.9 mmol/L 3.5-5.1 H", ["Sodium", "Potassium"]],
    ["| Urea | 4.2 | mmol/L | 2.5-7.8 | Creatinine | 88 | µmol/L | 62-106 |", ["Urea", "Creatinine"]],
    ["Hb 12.1 g/dL 11.5-16.5   WBC 5.4 x10^9/L 4.0-11.0   Platelets 98 x10^9/L 150-400 L", ["Hb", "WBC", "Platelets"]],
  ])("%s", (line, names) => {
    const r = parseLabResults(line);
    expect(r.tests.map((t) => t.name)).toEqual(names);
    expect(r.unread).toEqual([]);
  });

  it("a header row printed twice reads nothing and the rows under it are read in pairs", () => {
    const text = ["Test   Result   Unit   Reference Range        Test   Result   Unit   Reference Range", "Hb   12.1   g/dL   11.5-16.5        WBC   5.4   x10^9/L   4.0-11.0", "MCV   78.2   fL   80-100   L        Platelets   98   x10^9/L   150-400   L"].join("\n");
    const r = parseLabResults(text);
    expect(r.tests.map((t) => [t.name, t.value, t.reference, t.abnormalFlag])).toEqual([
      ["Hb", 12.1, "11.5-16.5", "N"],
      ["WBC", 5.4, "4.0-11.0", "N"],
      ["MCV", 78.2, "80-100", "L"],
      ["Platelets", 98, "150-400", "L"],
    ]);
    expect(r.resultLines).toEqual([1, 2]);
  });

  it("the second column's range is never given to the first column's value", () => {
    const r = parseLabResults("Hb 12.1 g/dL    WBC 5.4 x10^9/L 4.0-11.0");
    expect(r.tests).toEqual([expect.objectContaining({ name: "Hb", reference: null, abnormalFlag: null }), expect.objectContaining({ name: "WBC", reference: "4.0-11.0" })]);
  });

  it("property: any two columns that are results on their own, any spacing (spaces, tabs, bars), with or without units, ranges and flags, read exactly as printed", () => {
    const column = fc.record({ c: fc.constantFrom(...COLUMNS), withRange: fc.boolean(), withFlag: fc.boolean(), withUnit: fc.boolean() }).filter((x) => x.withRange || x.withUnit);
    const gap = fc.constantFrom(" ", "  ", "     ", "\t", " \t ", " | ", "\t\t");
    const inner = fc.constantFrom(" ", "  ", "\t");
    fc.assert(
      fc.property(column, column, gap, inner, (a, b, between, within) => {
        fc.pre(a.c.name !== b.c.name);
        // Each column must be a result on its own ("Sodium 131 135-145" without its unit is one number or two: never read).
        fc.pre([a, b].every((x) => parseLabResults(printed(x.c, x.withRange, x.withFlag, x.withUnit, " ")).tests.length === 1));
        const line = printed(a.c, a.withRange, a.withFlag, a.withUnit, within) + between + printed(b.c, b.withRange, b.withFlag, b.withUnit, within);
        const r = parseLabResults(line);
        expect(r.unread, line).toEqual([]);
        expect(r.tests, line).toEqual([expected(a.c, a.withRange, a.withFlag, a.withUnit), expected(b.c, b.withRange, b.withFlag, b.withUnit)]);
      }),
      { numRuns: 1500 },
    );
  });
});

const SLIP_BODY = ["KAMPALA DIAGNOSTIC CENTRE", "Patient: Jane A.   Age: 34 Y   Sex: F", "Haemoglobin 10.2 g/dL 12.0-16.0 L", "WBC 7.2 x10^9/L 4.0-11.0", "Platelets 250 x10^9/L 150-400"];
const FOOTERS = [
  ["Amount paid: UGX 25,000", "Receipt no. 00451", "Cashier: Mary"],
  ["Total: 25,000/=", "Paid", "Receipt No: R-2231"],
  ["Amount Paid KES 1,500", "Payment: M-Pesa", "Served by cashier: Otieno"],
  ["Invoice No. 5521   Amount: UGX 40,000   Balance: 0"],
  ["TOTAL AMOUNT UGX 25,000.00", "VAT 0.00", "Thank you for your payment"],
];

describe("a results slip with a payment footer is a laboratory report; a priced list of tests is an invoice", () => {
  for (const footer of FOOTERS) {
    for (const declared of ["lab_report", "invoice", "other"] as const) {
      it(`slip + "${footer[0]}" declared ${declared} → lab_report`, () => {
        const text = [...SLIP_BODY, ...footer].join("\n");
        const c = classifyDocument(text, declared, parseLabResults(text).tests.length);
        expect(c.type).toBe("lab_report");
      });
    }
  }

  it("a two-column results slip with a footer stays a lab report", () => {
    const text = ["Hb 12.1 g/dL 11.5-16.5    WBC 5.4 x10^9/L 4.0-11.0", "Amount paid: UGX 25,000", "Receipt no. 451", "Cashier: Mary"].join("\n");
    expect(classifyDocument(text, "lab_report", parseLabResults(text).tests.length).type).toBe("lab_report");
  });

  const INVOICES = [
    ["KAMPALA LAB SERVICES", "INVOICE No. 2231", "Test                  Price (UGX)", "Full Blood Count      15,000", "Malaria RDT           5,000", "Liver function tests  40,000", "Total UGX 60,000"],
    ["RECEIPT", "FBC 15,000/=", "BS for MPs 3,000/=", "Total 18,000/="],
    ["Receipt No 88", "Lipid profile KES 2,500", "RBS KES 300", "Total KES 2,800", "Paid M-Pesa"],
    ["CASH SALE", "HIV viral load          UGX 50,000", "CD4 count               UGX 20,000", "Amount paid UGX 70,000", "Cashier: Mary"],
    ["Bill to: Jane A.", "Renal function test 35,000.00", "Urinalysis 5,000.00", "Subtotal 40,000.00"],
  ];
  for (const lines of INVOICES) {
    for (const declared of ["lab_report", "invoice"] as const) {
      it(`"${lines[1]}…" declared ${declared} → invoice`, () => {
        const text = lines.join("\n");
        expect(parseLabResults(text).tests).toEqual([]);
        expect(classifyDocument(text, declared, 0)).toMatchObject({ type: "invoice" });
      });
    }
  }

  it("counts priced items, not totals, payments or results", () => {
    expect(countPriceLines(["FBC 15,000/=", "Total 15,000/=", "Amount paid 15,000/=", "Haemoglobin 10.2 g/dL 12.0-16.0"].join("\n"))).toBe(1);
    expect(countPriceLines(["Platelets 250,000", "WBC 5,400"].join("\n"))).toBe(0);
  });
});
