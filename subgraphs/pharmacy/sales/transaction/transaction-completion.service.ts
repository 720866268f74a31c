import { eq } from "drizzle-orm";
import type { SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector } from "../../../../lib/errors.js";
import { onceWithEffects } from "../../../../lib/idempotency.js";
import { Decimal } from "../../../../lib/money.js";
import { idempotencyKeys, products, salesTransactions, transactionItems } from "../../db/tables.js";
import { movePoints, pointsEarnedFor } from "../loyalty/loyalty.service.js";
import { controlledMedication, controlledNotOtc } from "../product/product.service.js";
import { applyStockChanges, isExpired, kampalaToday, lockItems, reverseReference, stockItemsOfProducts } from "../../inventory/ledger.js";
import { chargeTransaction, payCharge, type BillingCharge } from "./billing-client.js";
import { getTransaction, getTransactionRow } from "./transaction.service.js";
import type { SalesTransaction } from "./transaction.type.js";

type TransactionRow = typeof salesTransactions.$inferSelect;

const asDb = (tx: unknown) => tx as Db;

/**
 * Completes a transaction (spec, "Sales transaction": create → charge → pay → complete), as a saga of
 * short database transactions so no row lock is held across an HTTP call:
 *  1. reserve: lock the transaction and its stock rows (`FOR UPDATE`), check stock again, take the
 *     units out with `sale` movements, spend redeemed points, mark it `processing`;
 *  2. charge and pay through billing over HTTP (idempotent per transaction);
 *  3. finalize: `completed`, payment `completed`, loyalty points earned.
 * If step 2 fails, the reservation is undone (stock and points back, movements gone, `pending` again)
 * and the error is returned (billing down → 503); a later retry charges once.
 */
export async function completeTransaction(ctx: SubgraphContext, id: string): Promise<SalesTransaction> {
  const { db, principal } = ctx;
  await getTransactionRow(db, principal, id);
  const request = { transactionId: id };
  const leaseMs = ctx.config.PHARMACY_COMPLETION_LEASE_MS;
  return onceWithEffects(db, idempotencyKeys, { key: ctx.idempotencyKey, principal: principal.sub, operation: "completeTransaction", request }, async () => {
    const reserved = await reserve(db, id, principal.sub, leaseMs);
    if (reserved.status === "completed") return getTransaction(db, principal, id);
    let charge: BillingCharge;
    let paymentId: string | null;
    let paymentReference: string | null;
    try {
      charge = await chargeTransaction(ctx, reserved);
      if (!new Decimal(charge.total_amount).eq(reserved.totalAmount)) throw conflict(`Billing charge ${charge.id} is for ${charge.total_amount}, not ${reserved.totalAmount}`);
      if (charge.status === "paid") {
        // An earlier attempt paid but did not finish here: use that payment.
        const paid = charge.payments.find((p) => p.status === "completed");
        paymentId = paid?.id ?? null;
        paymentReference = paid?.provider_reference ?? null;
      } else if (new Decimal(charge.balance_due).isZero()) {
        // Nothing to pay (a fully discounted, tax-exempt sale): billing refuses a payment of 0.
        paymentId = null;
        paymentReference = null;
      } else {
        const payment = await payCharge(ctx, { transactionId: id, chargeId: charge.id, amount: charge.balance_due, method: reserved.paymentMethod, payerPhone: reserved.customerPhone });
        paymentId = payment.id;
        paymentReference = payment.provider_reference;
      }
    } catch (err) {
      await release(db, id, principal.sub);
      ctx.logger.warn({ transactionId: id, err: (err as Error).message }, "transaction completion failed; reservation released");
      throw err;
    }
    await finalize(db, id, { chargeId: charge.id, paymentId, paymentReference });
    return getTransaction(db, principal, id);
  }, { staleAfterMs: leaseMs });
}

/**
 * Step 1. Returns the locked transaction as it is after reservation (or already completed). A sale
 * left `processing` past its lease (PHARMACY_COMPLETION_LEASE_MS: a crashed completion) is taken
 * over with its stock still reserved, and the lease renewed so the sweeper leaves it alone.
 */
export async function reserve(db: Db, id: string, actor: string, leaseMs: number): Promise<TransactionRow> {
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [t] = await tx.select().from(salesTransactions).where(eq(salesTransactions.id, id)).for("update");
    if (t.status === "completed") return t;
    if (t.status === "cancelled") throw conflict("A cancelled transaction cannot be completed");
    if (t.status === "processing") {
      const startedAt = t.processingStartedAt?.getTime() ?? 0;
      if (Date.now() - startedAt < leaseMs) throw conflict("This transaction is already being completed; retry shortly");
      // A crashed completion: stock is reserved already, resume with billing under a fresh lease.
      const [renewed] = await tx.update(salesTransactions).set({ processingStartedAt: new Date() }).where(eq(salesTransactions.id, id)).returning();
      return renewed;
    }
    const items = await tx.select({ item: transactionItems, product: products }).from(transactionItems).innerJoin(products, eq(products.id, transactionItems.productId)).where(eq(transactionItems.transactionId, id));
    // Lock the stock items (id order), then check the units asked per item against its unexpired batches.
    const itemOf = await stockItemsOfProducts(tx, items.map((i) => i.product.id));
    const locked = await lockItems(tx, [...itemOf.values()]);
    const today = kampalaToday();
    const sellable = (itemId: string | undefined) => (itemId ? (locked.get(itemId)?.batches ?? []).filter((b) => !isExpired(b, today)).reduce((n, b) => n + b.quantity, 0) : 0);
    const errors = new FieldErrorCollector();
    const wanted = new Map<string, number>();
    for (const { item, product } of items) {
      const itemId = itemOf.get(product.id);
      if (itemId) wanted.set(itemId, (wanted.get(itemId) ?? 0) + item.quantity);
    }
    for (const { item, product } of items) {
      const itemId = itemOf.get(product.id);
      // A sale created before links to controlled stock were refused (or linked since): not sold at the till.
      const controlled = controlledMedication(itemId ? locked.get(itemId)?.item.medicationCode : null);
      if (controlled) errors.add(`items.${item.productId}`, `${product.name} ${controlledNotOtc(controlled)}`);
      else if (!product.isActive) errors.add(`items.${item.productId}`, `${product.name} is no longer active and cannot be sold`);
      else if (!itemId || wanted.get(itemId)! > sellable(itemId)) {
        errors.add(`items.${item.productId}`, `only ${sellable(itemId)} of ${product.name} in stock that may be sold`);
      }
    }
    if (!errors.empty) {
      const e = conflict(`The sale cannot be completed: ${Object.values(errors.fields).flat().join("; ")}`);
      e.extensions.fields = errors.fields;
      throw e;
    }
    // FEFO over unexpired batches; each line one sale movement with its batch split (reversed batch for batch on failure).
    await applyStockChanges(
      tx,
      items.map(({ item, product }) => ({
        pharmacyId: t.pharmacyId,
        stock: { inventoryItemId: itemOf.get(product.id)! },
        quantity: -item.quantity,
        movementType: "sale" as const,
        referenceType: "transaction",
        referenceId: id,
        createdBy: actor,
      })),
      locked, // locked and read above, in this transaction: not read again
    );
    if (t.loyaltyAccountId && t.pointsRedeemed > 0) await movePoints(tx, t.loyaltyAccountId, -t.pointsRedeemed, "redeem", id);
    const [updated] = await tx.update(salesTransactions).set({ status: "processing", processingStartedAt: new Date() }).where(eq(salesTransactions.id, id)).returning();
    return updated;
  });
}

/** Undoes step 1 after a failed payment: stock back (compensating movements) and points back, `pending` again. */
export async function release(db: Db, id: string, actor: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [t] = await tx.select().from(salesTransactions).where(eq(salesTransactions.id, id)).for("update");
    if (t.status !== "processing") return;
    await reverseReference(tx, "transaction", id, actor, "sale not completed (payment failed): reserved units put back into their batches");
    if (t.loyaltyAccountId && t.pointsRedeemed > 0) await movePoints(tx, t.loyaltyAccountId, t.pointsRedeemed, "reversal", id);
    await tx.update(salesTransactions).set({ status: "pending", processingStartedAt: null }).where(eq(salesTransactions.id, id));
  });
}

/** Step 3. */
export async function finalize(db: Db, id: string, paid: { chargeId: string; paymentId: string | null; paymentReference: string | null }): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [t] = await tx.select().from(salesTransactions).where(eq(salesTransactions.id, id)).for("update");
    if (t.status === "completed") return;
    if (t.status !== "processing") throw conflict(`The transaction is ${t.status}; it cannot be completed`);
    const pointsEarned = t.loyaltyAccountId ? await pointsEarnedFor(tx, t.loyaltyAccountId, t.totalAmount) : 0;
    if (t.loyaltyAccountId) await movePoints(tx, t.loyaltyAccountId, pointsEarned, "earn", id);
    await tx
      .update(salesTransactions)
      .set({
        status: "completed",
        paymentStatus: "completed",
        completedAt: new Date(),
        processingStartedAt: null,
        billingChargeId: paid.chargeId,
        billingPaymentId: paid.paymentId,
        paymentReference: paid.paymentReference,
        pointsEarned,
      })
      .where(eq(salesTransactions.id, id));
  });
}
