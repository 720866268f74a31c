import { badRequest } from "../../../lib/errors.js";
import type { DocumentFormat } from "./file-type.js";
import { recognizeImage } from "./ocr-pool.js";

/**
 * The text of a document: a PDF's text layer where it has one (exact, no recognition), OCR for
 * images and for PDF pages without a text layer (scans), rendered to images first.
 */
export interface DocumentText {
  text: string;
  /** 1 for text read from a text layer; Tesseract's mean word confidence (0–1) over OCR'd pages, weighted by their length. */
  confidence: number;
  method: "text_layer" | "ocr" | "text_layer+ocr";
  pageCount: number;
  /** Pages (1-based) whose text is in `text`; a scan's pages past DIGITIZATION_OCR_MAX_PAGES are not. */
  pagesRead: number[];
  warnings: string[];
}

export interface TextExtractionOptions {
  ocrWorkers: number;
  ocrMaxPages: number;
}

/** A page whose text layer has fewer letters and digits than this is treated as a scan and OCR'd. */
const MIN_TEXT_LAYER_CHARS = 16;
/** PDF pages are rendered at 2× (144 dpi for a 72-pt page) for OCR: enough for 10-pt print, half the cost of 300 dpi. */
const PDF_RENDER_SCALE = 2;

// pdf.js (unpdf) and libvips (sharp) load on the first document, not at start: most processes never digitize.
const loadUnpdf = () => import("unpdf");
const loadSharp = async () => (await import("sharp")).default;

const meaningful = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;

export async function extractDocumentText(bytes: Buffer, format: DocumentFormat, o: TextExtractionOptions): Promise<DocumentText> {
  if (format === "pdf") return pdfText(bytes, o);
  const pages = await imagePages(bytes, format, o.ocrMaxPages);
  const ocr = [];
  for (const page of pages.images) ocr.push(await recognizeImage(page, o.ocrWorkers));
  const warnings = pages.pageCount > pages.images.length ? [notReadWarning(pages.images.length + 1, pages.pageCount)] : [];
  return {
    text: ocr.map((p) => p.text.trim()).join("\n\n"),
    confidence: weightedConfidence(ocr),
    method: "ocr",
    pageCount: pages.pageCount,
    pagesRead: pages.images.map((_, i) => i + 1),
    warnings,
  };
}

async function pdfText(bytes: Buffer, o: TextExtractionOptions): Promise<DocumentText> {
  const { extractText, getDocumentProxy, renderPageAsImage } = await loadUnpdf();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  let layer: string[];
  try {
    // pdf.js may take over (detach) the buffer it is given: give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    layer = (await extractText(pdf, { mergePages: false })).text;
  } catch (err) {
    throw unreadable("PDF", err);
  }
  const pages = layer.map((text, i) => ({ page: i + 1, text, confidence: 1, fromLayer: meaningful(text) >= MIN_TEXT_LAYER_CHARS }));
  const scans = pages.filter((p) => !p.fromLayer);
  const toRead = scans.slice(0, o.ocrMaxPages);
  for (const p of toRead) {
    let image: ArrayBuffer;
    try {
      image = await renderPageAsImage(pdf, p.page, { canvasImport: () => import("@napi-rs/canvas"), scale: PDF_RENDER_SCALE });
    } catch (err) {
      throw unreadable("PDF", err);
    }
    const ocr = await recognizeImage(Buffer.from(image), o.ocrWorkers);
    p.text = ocr.text;
    p.confidence = ocr.confidence;
  }
  await pdf.destroy().catch(() => {});
  const skipped = scans.slice(o.ocrMaxPages).map((p) => p.page);
  const read = pages.filter((p) => !skipped.includes(p.page));
  const usedOcr = toRead.length > 0;
  const usedLayer = pages.some((p) => p.fromLayer);
  return {
    text: read.map((p) => p.text.trim()).filter(Boolean).join("\n\n"),
    confidence: weightedConfidence(read),
    method: usedOcr && usedLayer ? "text_layer+ocr" : usedOcr ? "ocr" : "text_layer",
    pageCount: pages.length,
    pagesRead: read.map((p) => p.page),
    warnings: skipped.length ? [`Scanned pages ${skipped.join(", ")} were not read: at most ${o.ocrMaxPages} pages are OCR'd per document (DIGITIZATION_OCR_MAX_PAGES)`] : [],
  };
}

/** Images as PNG pages for Tesseract; TIFF (which Tesseract's WebAssembly build does not read reliably) converted by sharp. */
async function imagePages(bytes: Buffer, format: Exclude<DocumentFormat, "pdf">, maxPages: number): Promise<{ images: Buffer[]; pageCount: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    const pageCount = format === "tiff" ? (meta.pages ?? 1) : 1;
    const images: Buffer[] = [];
    // Decoding each page in full also proves the file is not truncated or corrupt.
    for (let page = 0; page < Math.min(pageCount, maxPages); page++) images.push(await sharp(bytes, { page }).png().toBuffer());
    return { images, pageCount };
  } catch (err) {
    throw unreadable(format.toUpperCase(), err);
  }
}

function weightedConfidence(pages: { text: string; confidence: number }[]): number {
  const total = pages.reduce((n, p) => n + meaningful(p.text), 0);
  if (!total) return 0;
  return Math.round((pages.reduce((n, p) => n + p.confidence * meaningful(p.text), 0) / total) * 100) / 100;
}

const notReadWarning = (from: number, to: number) => `Pages ${from}–${to} were not read: at most ${from - 1} pages are OCR'd per document (DIGITIZATION_OCR_MAX_PAGES)`;

function unreadable(what: string, err: unknown) {
  const reason = err instanceof Error ? err.message.split("\n")[0].slice(0, 200) : "unreadable";
  return badRequest(`The document could not be read as ${what}: it is damaged or incomplete (${reason})`, { document: [`is not a readable ${what}`] });
}
