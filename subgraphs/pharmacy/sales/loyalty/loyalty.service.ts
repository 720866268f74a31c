import { and, asc, count, desc, eq, ilike } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { Decimal, formatMoney, minorUnitProblem } from "../../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { phoneField, samePhoneAs, type PhoneRegion } from "../../../../lib/phone.js";
import { loyaltyAccounts, loyaltyLedger, loyaltyPrograms, pharmacies } from "../../db/tables.js";
import type { CreateLoyaltyAccountInput, CreateLoyaltyProgramInput, LoyaltyAccount, LoyaltyProgram } from "./loyalty.type.js";

type AccountRow = typeof loyaltyAccounts.$inferSelect;

/** The pharmacy a write is for: the caller's own, or (admins) the one named. */
function writePharmacy(principal: Principal, requested?: string): string {
  const pharmacyId = requested ?? principal.pharmacyId;
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  if (!isUuid(pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  assertPharmacyAccess(principal, pharmacyId);
  return pharmacyId;
}

export async function listLoyaltyPrograms(db: Db, principal: Principal, args: Partial<PageArgs>): Promise<Page<LoyaltyProgram>> {
  const w = pageWindow(args);
  const where = principal.pharmacyId ? eq(loyaltyPrograms.pharmacyId, principal.pharmacyId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(loyaltyPrograms).where(where).orderBy(asc(loyaltyPrograms.name), asc(loyaltyPrograms.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(loyaltyPrograms).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function createLoyaltyProgram(db: Db, principal: Principal, input: CreateLoyaltyProgramInput): Promise<LoyaltyProgram> {
  const pharmacyId = writePharmacy(principal, input.pharmacyId);
  if (input.earnAmount.lte(0)) throw fieldError("earnAmount", "must be greater than zero");
  if (input.pointValue.lt(0)) throw fieldError("pointValue", "must not be negative");
  const [ph] = await db.select({ id: pharmacies.id, currency: pharmacies.currency }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
  // Both are money in the pharmacy's currency: a point worth 10.50 UGX would make discounts no one can pay out.
  const errors = new FieldErrorCollector();
  for (const [field, value] of [["earnAmount", input.earnAmount], ["pointValue", input.pointValue]] as const) {
    const problem = minorUnitProblem(value, ph.currency);
    if (problem) errors.add(field, problem);
  }
  errors.throwIfAny("Invalid loyalty program amounts");
  const [row] = await db
    .insert(loyaltyPrograms)
    .values({ pharmacyId, name: input.name, earnAmount: formatMoney(input.earnAmount), pointValue: formatMoney(input.pointValue), minRedeemPoints: input.minRedeemPoints })
    .returning();
  return row;
}

async function toAccount(db: Db, row: AccountRow): Promise<LoyaltyAccount> {
  const [program] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.id, row.programId));
  const history = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.accountId, row.id)).orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id));
  return { ...row, balanceValue: formatMoney(new Decimal(program.pointValue).times(row.pointsBalance)), history };
}

/**
 * Opens an account. The phone is stored in E.164 (lib/phone.ts) so the unique index on (program,
 * phone) holds for every spelling of a number; rows stored before that are compared by their digits.
 */
export async function createLoyaltyAccount(db: Db, principal: Principal, input: CreateLoyaltyAccountInput, phoneRegion: PhoneRegion): Promise<LoyaltyAccount> {
  const pharmacyId = writePharmacy(principal, input.pharmacyId);
  const customerPhone = phoneField(input.customerPhone, "customerPhone", { defaultRegion: phoneRegion, blank: "refused" });
  if (input.programId && !isUuid(input.programId)) throw fieldError("programId", "no such loyalty program in this pharmacy");
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.pharmacyId, pharmacyId), eq(loyaltyPrograms.isActive, true), ...(input.programId ? [eq(loyaltyPrograms.id, input.programId)] : [])))
    .orderBy(asc(loyaltyPrograms.createdAt))
    .limit(1);
  if (!program) throw fieldError("programId", "no such active loyalty program in this pharmacy");
  const repeated = `${customerPhone} already has an account in ${program.name}`;
  const [earlier] = await db.select({ id: loyaltyAccounts.id }).from(loyaltyAccounts).where(and(eq(loyaltyAccounts.programId, program.id), samePhoneAs(loyaltyAccounts.customerPhone, customerPhone, phoneRegion))).limit(1);
  if (earlier) throw conflict(repeated);
  const [row] = await db
    .insert(loyaltyAccounts)
    .values({ programId: program.id, pharmacyId, customerName: input.customerName, customerPhone, patientUhid: input.patientUhid ?? null })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(repeated);
  return toAccount(db, row);
}

export async function getLoyaltyAccount(db: Db, principal: Principal, id: string): Promise<LoyaltyAccount> {
  if (!isUuid(id)) throw notFound("Loyalty account", id);
  const [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Loyalty account", id);
  return toAccount(db, row);
}

/**
 * Finds accounts at the till by phone (the same number in any spelling: "0701 555 000" finds
 * +256701555000) or name (contains), in the caller's pharmacy.
 */
export async function listLoyaltyAccounts(db: Db, principal: Principal, args: Partial<PageArgs> & { phone?: string | null; search?: string | null; phoneRegion: PhoneRegion }): Promise<Page<LoyaltyAccount>> {
  const w = pageWindow(args);
  const filters = [
    ...(principal.pharmacyId ? [eq(loyaltyAccounts.pharmacyId, principal.pharmacyId)] : []),
    ...(args.phone ? [samePhoneAs(loyaltyAccounts.customerPhone, args.phone, args.phoneRegion)] : []),
    ...(args.search ? [ilike(loyaltyAccounts.customerName, `%${args.search.replace(/[%_\\]/g, "\\$&")}%`)] : []),
  ];
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(loyaltyAccounts).where(where).orderBy(asc(loyaltyAccounts.customerName), asc(loyaltyAccounts.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(loyaltyAccounts).where(where),
  ]);
  return toPage(await Promise.all(rows.map((r) => toAccount(db, r))), total, w);
}

/** Checks a redemption when a transaction is created and prices it (points × point value). */
export async function redemptionFor(db: Db, pharmacyId: string, accountId: string, points: number): Promise<{ points: number; value: Decimal }> {
  const [found] = await db.select({ account: loyaltyAccounts, program: loyaltyPrograms }).from(loyaltyAccounts).innerJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyAccounts.programId)).where(eq(loyaltyAccounts.id, accountId));
  if (!found || found.account.pharmacyId !== pharmacyId) throw fieldError("loyaltyAccountId", "no such loyalty account in this pharmacy");
  if (points > 0) {
    if (!found.program.isActive) throw fieldError("redeemPoints", "the loyalty program is not active");
    if (points > found.account.pointsBalance) throw fieldError("redeemPoints", `exceeds the balance of ${found.account.pointsBalance} points`);
    if (points < found.program.minRedeemPoints) throw fieldError("redeemPoints", `must be at least ${found.program.minRedeemPoints} points`);
  }
  return { points, value: new Decimal(found.program.pointValue).times(points) };
}

/** Moves points under a row lock on the account (call inside a database transaction); never below zero. */
export async function movePoints(tx: Db, accountId: string, points: number, kind: "earn" | "redeem" | "reversal", transactionId: string): Promise<void> {
  if (points === 0) return;
  const [account] = await tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.id, accountId)).for("update");
  const balanceAfter = account.pointsBalance + points;
  if (balanceAfter < 0) throw conflict(`The loyalty account has ${account.pointsBalance} points, fewer than the ${-points} to redeem`);
  await tx.update(loyaltyAccounts).set({ pointsBalance: balanceAfter }).where(eq(loyaltyAccounts.id, accountId));
  await tx.insert(loyaltyLedger).values({ accountId, transactionId, kind, points, balanceAfter });
}

/** Points a completed payment earns: whole points of `amount / earn_amount`. */
export async function pointsEarnedFor(tx: Db, accountId: string, amountPaid: string): Promise<number> {
  const [found] = await tx.select({ program: loyaltyPrograms }).from(loyaltyAccounts).innerJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyAccounts.programId)).where(eq(loyaltyAccounts.id, accountId));
  if (!found?.program.isActive) return 0;
  return new Decimal(amountPaid).dividedToIntegerBy(found.program.earnAmount).toNumber();
}
