import { eq } from "drizzle-orm";
import type { SubgraphContext } from "../../../../lib/context.js";
import { conflict, fieldError } from "../../../../lib/errors.js";
import { pharmacies } from "../../db/tables.js";
import { getTransaction } from "../transaction/transaction.service.js";
import { renderReceiptPdf } from "./receipt-pdf.js";
import type { Receipt, ReceiptFile } from "./receipt.type.js";
import { sendBestEffort } from "../../notify.js";
import { kampalaTime } from "../kampala-time.js";

/** Notification template of an e-mailed receipt (coordinated with the notifications service). */
export const RECEIPT_EMAIL_TEMPLATE = "receipt_email";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function receiptText(r: Omit<Receipt, "text" | "emailRecipient" | "emailQueued" | "emailNotificationId">): string {
  const lines = [
    r.pharmacy.name,
    `Receipt ${r.transactionNumber}  ${kampalaTime(r.issuedAt)}`,
    ...r.items.map((i) => `${i.quantity} x ${i.productName} @ ${i.unitPrice} = ${i.lineTotal}`),
    `Subtotal ${r.subtotal}`,
    `VAT ${r.taxAmount}`,
    ...(Number(r.discountAmount) > 0 ? [`Discount -${r.discountAmount}`] : []),
    `Total ${r.totalAmount} ${r.currency} (${r.paymentMethod})`,
  ];
  return lines.join("\n");
}

/** Builds the receipt of a completed transaction (409 before completion: there is nothing to receipt). */
export async function buildReceipt(ctx: SubgraphContext, transactionId: string): Promise<Receipt> {
  const t = await getTransaction(ctx.db, ctx.principal, transactionId);
  if (t.status !== "completed") throw conflict(`Transaction ${t.transactionNumber} is ${t.status}; a receipt exists once it is completed`);
  const [p] = await ctx.db.select().from(pharmacies).where(eq(pharmacies.id, t.pharmacyId));
  const base = {
    transactionId: t.id,
    transactionNumber: t.transactionNumber,
    pharmacy: { id: p.id, code: p.code, name: p.name, address: p.address, phone: p.phone, taxRate: p.taxRate },
    cashier: t.cashier,
    customerName: t.customerName,
    issuedAt: new Date(t.completedAt!),
    items: t.items,
    subtotal: t.subtotal,
    taxAmount: t.taxAmount,
    discountAmount: t.discountAmount,
    totalAmount: t.totalAmount,
    currency: t.currency,
    paymentMethod: t.paymentMethod,
    paymentStatus: t.paymentStatus,
    paymentReference: t.paymentReference,
    pointsEarned: t.pointsEarned,
    pointsRedeemed: t.pointsRedeemed,
  };
  return { ...base, text: receiptText(base), emailRecipient: null, emailQueued: false, emailNotificationId: null };
}

/**
 * The receipt, e-mailed to `email` when given through `POST {notifications_url}/api/v1/notifications/send/`.
 * The receipt never fails because the e-mail could not be queued: `email_queued` says whether it was.
 * A malformed address is the client's mistake (400).
 */
export async function transactionReceipt(ctx: SubgraphContext, transactionId: string, email?: string | null): Promise<Receipt> {
  if (email && !EMAIL.test(email)) throw fieldError("email", "must be an e-mail address");
  const receipt = await buildReceipt(ctx, transactionId);
  if (!email) return receipt;
  // One e-mail per receipt and address: a GET repeated by a client, a proxy or a prefetcher answers with
  // the first notification instead of e-mailing the customer again.
  const recipient = email.trim().toLowerCase();
  receipt.emailRecipient = recipient;
  const sent = await sendBestEffort(
    ctx,
    {
      recipient,
      template: RECEIPT_EMAIL_TEMPLATE,
      // The notification service's receipt_email template (subgraphs/notifications/templates).
      parameters: {
        receipt_number: receipt.transactionNumber,
        total_amount: receipt.totalAmount,
        currency: receipt.currency,
        pharmacy_name: receipt.pharmacy.name,
        ...(receipt.customerName ? { customer_name: receipt.customerName } : {}),
        transaction_date: kampalaTime(receipt.issuedAt),
        items: receipt.items.map((i) => `${i.quantity} x ${i.productName} @ ${i.unitPrice} = ${i.lineTotal}`).join("\n"),
        payment_method: receipt.paymentMethod.replace("_", " "),
      },
    },
    { transactionId },
    `receipt-email:${transactionId}:${recipient}`,
  );
  receipt.emailQueued = sent.queued;
  receipt.emailNotificationId = sent.notificationId;
  return receipt;
}

/** The receipt as a PDF; with `email`, it is also e-mailed (as with the JSON form). */
export async function transactionReceiptPdf(ctx: SubgraphContext, transactionId: string, email?: string | null): Promise<ReceiptFile> {
  const receipt = await transactionReceipt(ctx, transactionId, email);
  const pdf = await renderReceiptPdf(receipt);
  return { filename: `receipt-${receipt.transactionNumber}.pdf`, contentBase64: pdf.toString("base64") };
}
