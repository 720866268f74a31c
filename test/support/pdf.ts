import PDFDocument from "pdfkit";

/** A PDF with a text layer (pdfkit), one line of text per entry: what a lab's software prints. */
export function pdfWithText(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.fontSize(12);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}
