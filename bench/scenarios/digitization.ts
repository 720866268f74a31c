import { pdfWithText } from "../../test/support/pdf.js";
import sharp from "sharp";
import type { BenchScenario } from "../scenario.js";
import { rotatingTokens } from "./clinical.js";

/**
 * Document digitization through REST (multipart/form-data). The body is built once; each request
 * rotates through credentials (20/min per credential is the spec's limit; we measure latency). OCR is
 * CPU-bound and runs on DIGITIZATION_OCR_WORKERS workers (1 by default): throughput is about one page
 * per OCR worker per second, so run it with few connections (`--connections 2`).
 */
const LINES = ["CITY LABORATORY - LAB REPORT", "Specimen: venous blood", "Haemoglobin 10.2 g/dL (12.0-16.0) L", "Potassium 5.9 mmol/L (3.5-5.1) H", "Sodium 139 mmol/L (135-145)", "Creatinine 1.1 mg/dL (0.6-1.2)"];


function pngOf(lines: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="${80 + lines.length * 60}"><rect width="100%" height="100%" fill="white"/>${lines
    .map((l, i) => `<text x="30" y="${60 + i * 60}" font-family="DejaVu Sans" font-size="30">${l}</text>`)
    .join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A multipart/form-data body with the file and document_type, and its content type. */
async function multipartBody(file: Buffer, type: string, filename: string) {
  const form = new FormData();
  form.set("document", new Blob([new Uint8Array(file)], { type }), filename);
  form.set("document_type", "lab_report");
  form.set("uhid", "UG-2024-000001");
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

function scenario(name: string, description: string, make: () => Promise<{ body: Buffer; contentType: string }>): BenchScenario {
  return {
    name,
    description,
    async prepare(stack) {
      const next = await rotatingTokens(stack, "lab_technician", `bench-digitize-${name.length}`);
      const { body, contentType } = await make();
      return {
        requests: [
          {
            method: "POST",
            path: "/api/v1/document-digitization/process/",
            body,
            setupRequest: (req: Record<string, any>) => ({ ...req, headers: { ...req.headers, "content-type": contentType, authorization: `Bearer ${next()}` } }),
          },
        ],
      };
    },
  };
}

export const digitizationScenarios: BenchScenario[] = [
  scenario("REST digitization (PDF with a text layer)", "POST /api/v1/document-digitization/process/: a one-page lab report PDF (text layer), classified, 4 results with LOINC, FHIR, stored", async () =>
    multipartBody(await pdfWithText(LINES), "application/pdf", "report.pdf"),
  ),
  scenario("REST digitization (PNG through OCR)", "POST /api/v1/document-digitization/process/: a 1100×440 PNG of the same report, read by Tesseract (one page of OCR per request)", async () =>
    multipartBody(await pngOf(LINES), "image/png", "scan.png"),
  ),
];
