import PDFDocument from "pdfkit";
import { kampalaTime } from "../kampala-time.js";
import type { Receipt } from "./receipt.type.js";

/** Renders a receipt as a one-page A6-ish PDF with the seller, lines, taxes and totals. */
export function renderReceiptPdf(r: Receipt): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [298, 600], margin: 20, info: { Title: `Receipt ${r.transactionNumber}`, Author: r.pharmacy.name } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const money = (v: string) => `${v} ${r.currency}`;
    const row = (left: string, right: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8).text(left, 20, y, { width: 170 });
      const after = doc.y;
      doc.text(right, 190, y, { width: 88, align: "right" });
      doc.y = Math.max(after, doc.y);
    };
    doc.font("Helvetica-Bold").fontSize(12).text(r.pharmacy.name, { align: "center" });
    doc.font("Helvetica").fontSize(8);
    if (r.pharmacy.address) doc.text(r.pharmacy.address, { align: "center" });
    if (r.pharmacy.phone) doc.text(`Tel ${r.pharmacy.phone}`, { align: "center" });
    doc.moveDown();
    doc.text(`Receipt ${r.transactionNumber}`);
    doc.text(`Date ${kampalaTime(r.issuedAt)}`);
    doc.text(`Cashier ${r.cashier}`);
    if (r.customerName) doc.text(`Customer ${r.customerName}`);
    doc.moveDown(0.5);
    for (const i of r.items) {
      row(`${i.productName}\n  ${i.quantity} × ${i.unitPrice}${Number(i.taxRate) > 0 ? ` (VAT ${i.taxAmount})` : " (VAT exempt)"}`, money(i.lineTotal));
    }
    doc.moveDown(0.5);
    row("Subtotal", money(r.subtotal));
    row(`VAT (${(Number(r.pharmacy.taxRate) * 100).toFixed(0)}% on taxable lines)`, money(r.taxAmount));
    if (Number(r.discountAmount) > 0) row("Discount", `-${money(r.discountAmount)}`);
    row("Total", money(r.totalAmount), true);
    doc.moveDown(0.5);
    row("Paid by", r.paymentMethod.replace("_", " "));
    if (r.paymentReference) row("Reference", r.paymentReference);
    if (r.pointsEarned || r.pointsRedeemed) row("Loyalty points", `+${r.pointsEarned} / -${r.pointsRedeemed}`);
    doc.moveDown();
    doc.fontSize(7).text("Thank you. Keep this receipt for returns.", { align: "center" });
    doc.end();
  });
}
