import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, ErrorCode, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { Decimal } from "../../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import {
  compoundFormulaIngredients,
  compoundFormulas,
  compoundingCounters,
  compoundPreparationIngredients,
  compoundPreparations,
  idempotencyKeys,
  inventoryItems,
} from "../../db/tables.js";
import { ControlledBalanceError, lockControlledBalances, recordControlledEntry } from "../../drug-safety/controlled-register.service.js";
import { describeHolds, heldStockByCode } from "../../inventory/holds.js";
import { addDays, applyStockChanges, HeldStock, InsufficientStock, kampalaToday, sellableStock } from "../../inventory/ledger.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { likeTerm, pharmacyForRead, pharmacyForWrite } from "../../procurement/procurement-common.js";
import { compoundCodeOf } from "../compound-codes.js";
import type { CompoundPreparation, CreatePreparationInput } from "./preparation.type.js";

type PreparationRow = typeof compoundPreparations.$inferSelect;
type IngredientRow = typeof compoundFormulaIngredients.$inferSelect;

const MAX_BATCH = 100_000;

/** A 409 carrying one line per ingredient (REST: `fields.ingredients_used.<ingredient id>`). */
function refusedWith(message: string, findings: { ingredientId: string; problem: string }[]): GraphQLError {
  const fields: Record<string, string[]> = Object.create(null);
  for (const f of findings) (fields[`ingredientsUsed.${f.ingredientId}`] ??= []).push(f.problem);
  return new GraphQLError(`${message}: ${findings.map((f) => f.problem).join("; ")}`, { extensions: { code: ErrorCode.CONFLICT, fields, findings } });
}

const fmt = (d: Decimal) => d.toDecimalPlaces(4).toString();

/**
 * Checks the ingredients used against the formula scaled to the batch size: every ingredient of the
 * formula must be used, each within ± tolerance % of formula quantity × batch size. Returns the
 * refusals (409), one per ingredient; shape errors (unknown ingredient, fractions) are 400 first.
 */
export function checkIngredientsUsed(
  formula: { tolerancePercent: string },
  ingredients: IngredientRow[],
  input: Pick<CreatePreparationInput, "batchSize" | "ingredientsUsed">,
): { used: Map<string, number>; required: Map<string, Decimal>; findings: { ingredientId: string; problem: string }[] } {
  const errors = new FieldErrorCollector();
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const used = new Map<string, number>();
  input.ingredientsUsed.forEach((u, i) => {
    const at = `ingredientsUsed.${i}`;
    const ingredient = byId.get(u.ingredientId);
    if (!ingredient) return void errors.add(`${at}.ingredientId`, "is not an ingredient of this formula (GET /api/v1/compounding/ingredients/?formula=…)");
    if (used.has(u.ingredientId)) errors.add(`${at}.ingredientId`, "appears twice; give each ingredient one line");
    if (!Number.isFinite(u.quantity) || u.quantity <= 0) errors.add(`${at}.quantity`, "must be greater than zero");
    else if (!Number.isInteger(u.quantity)) errors.add(`${at}.quantity`, `must be a whole number of ${ingredient.unit}: stock is counted in whole ${ingredient.unit}`);
    else if (u.quantity > 1_000_000_000) errors.add(`${at}.quantity`, "is implausibly large");
    used.set(u.ingredientId, u.quantity);
  });
  errors.throwIfAny("Invalid preparation");
  const tolerance = new Decimal(formula.tolerancePercent).div(100);
  const required = new Map<string, Decimal>();
  const findings: { ingredientId: string; problem: string }[] = [];
  for (const ing of ingredients) {
    const need = new Decimal(ing.quantityPerUnit).times(input.batchSize);
    required.set(ing.id, need);
    const q = used.get(ing.id);
    const min = need.times(new Decimal(1).minus(tolerance));
    const max = need.times(new Decimal(1).plus(tolerance));
    if (q === undefined) findings.push({ ingredientId: ing.id, problem: `${ing.name} is missing: ${fmt(need)} ${ing.unit} required` });
    else if (new Decimal(q).lt(min) || new Decimal(q).gt(max)) {
      findings.push({ ingredientId: ing.id, problem: `${ing.name} out of tolerance: ${q} ${ing.unit} used, ${fmt(need)} required (${fmt(min)}–${fmt(max)} allowed at ${formula.tolerancePercent} %)` });
    }
  }
  return { used, required, findings };
}

async function nextLotNumber(tx: Db, pharmacy: { id: string; code: string }): Promise<string> {
  const day = kampalaToday().replaceAll("-", "");
  const [{ lastValue }] = await tx
    .insert(compoundingCounters)
    .values({ pharmacyId: pharmacy.id, day, lastValue: 1 })
    .onConflictDoUpdate({ target: [compoundingCounters.pharmacyId, compoundingCounters.day], set: { lastValue: sql`${compoundingCounters.lastValue} + 1` } })
    .returning({ lastValue: compoundingCounters.lastValue });
  return `CMP-${pharmacy.code}-${day}-${String(lastValue).padStart(4, "0")}`;
}

async function withDetails(db: Db, rows: PreparationRow[]): Promise<CompoundPreparation[]> {
  if (!rows.length) return [];
  const [lines, formulas] = await Promise.all([
    db
      .select({ line: compoundPreparationIngredients, ing: compoundFormulaIngredients })
      .from(compoundPreparationIngredients)
      .innerJoin(compoundFormulaIngredients, eq(compoundFormulaIngredients.id, compoundPreparationIngredients.ingredientId))
      .where(inArray(compoundPreparationIngredients.preparationId, rows.map((r) => r.id)))
      .orderBy(asc(compoundFormulaIngredients.position)),
    db.select().from(compoundFormulas).where(inArray(compoundFormulas.id, [...new Set(rows.map((r) => r.formulaId))])),
  ]);
  const formulaById = new Map(formulas.map((f) => [f.id, f]));
  return rows.map((r) => {
    const f = formulaById.get(r.formulaId)!;
    return {
      ...r,
      formulaCode: f.code,
      formulaName: f.name,
      batchUnit: f.batchUnit,
      ingredients: lines
        .filter((l) => l.line.preparationId === r.id)
        .map(({ line, ing }) => ({ ingredientId: ing.id, stockCode: line.stockCode, name: ing.name, unit: ing.unit, required: line.required, quantity: line.quantity, stockMovementId: line.stockMovementId })),
    };
  });
}

export async function getPreparation(db: Db, principal: Principal, id: string): Promise<CompoundPreparation> {
  if (!isUuid(id)) throw notFound("Compound preparation", id);
  const [row] = await db.select().from(compoundPreparations).where(eq(compoundPreparations.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Compound preparation", id);
  return (await withDetails(db, [row]))[0];
}

export interface PreparationFilters {
  pharmacyId?: string | null;
  formulaId?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
  search?: string | null;
}

/** Preparations, newest first; staff see their pharmacy's. */
export async function listPreparations(db: Db, principal: Principal, args: Partial<PageArgs> & PreparationFilters): Promise<Page<CompoundPreparation>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(compoundPreparations.pharmacyId, pharmacyId));
  if (args.formulaId) {
    if (!isUuid(args.formulaId)) throw fieldError("formulaId", "must be a formula id (UUID)");
    filters.push(eq(compoundPreparations.formulaId, args.formulaId));
  }
  if (args.dateFrom) filters.push(gte(compoundPreparations.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(compoundPreparations.createdAt, args.dateTo));
  if (args.search) filters.push(ilike(compoundPreparations.lotNumber, likeTerm(args.search)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(compoundPreparations).where(where).orderBy(desc(compoundPreparations.createdAt), desc(compoundPreparations.lotNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(compoundPreparations).where(where),
  ]);
  return toPage(await withDetails(db, rows), total, w);
}

/**
 * Spec workflow 5 ("select formula, check ingredients, verify stock, record preparation"): an approved
 * formula (409 otherwise), the ingredients used within tolerance of the formula scaled to the batch
 * (409 with one line per ingredient), enough unexpired stock of each (409 with one line per
 * ingredient); then ONE database transaction: the lot number, a negative `compounding` movement per
 * ingredient (FEFO, unexpired lots only), a controlled ingredient's register entry, the preparation's
 * stock item `compound:<code>` and a positive `compounding` movement into a new batch (lot number,
 * beyond-use date as expiry). Any refusal consumes nothing. Honours Idempotency-Key.
 */
export async function createPreparation(db: Db, principal: Principal, input: CreatePreparationInput, idempotencyKey?: string): Promise<CompoundPreparation> {
  const request = { ...input, ingredientsUsed: input.ingredientsUsed.map((i) => ({ ...i })) };
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createCompoundPreparation", request };
  const replay = await completedResult<CompoundPreparation>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;

  const errors = new FieldErrorCollector();
  if (!Number.isInteger(input.batchSize) || input.batchSize < 1 || input.batchSize > MAX_BATCH) errors.add("batchSize", `must be an integer from 1 to ${MAX_BATCH}`);
  if (!input.preparedBy.trim()) errors.add("preparedBy", "must not be blank");
  if (!input.ingredientsUsed.length) errors.add("ingredientsUsed", "must name the ingredients used");
  if (!isUuid(input.formulaId)) errors.add("formulaId", "no such formula");
  errors.throwIfAny("Invalid preparation");
  const pharmacy = await pharmacyForWrite(db, principal, input.pharmacyId);
  const [formula] = await db.select().from(compoundFormulas).where(eq(compoundFormulas.id, input.formulaId));
  if (!formula) throw fieldError("formulaId", "no such formula");
  if (formula.status !== "approved") throw conflict(`Only an approved formula may be prepared; ${formula.code} is ${formula.status}`);
  const ingredients = await db.select().from(compoundFormulaIngredients).where(eq(compoundFormulaIngredients.formulaId, formula.id)).orderBy(asc(compoundFormulaIngredients.position));
  const { used, required, findings } = checkIngredientsUsed(formula, ingredients, input);
  if (findings.length) throw refusedWith("The ingredients used do not match the formula", findings);

  // Verify stock before writing anything (the ledger checks again under its locks).
  const stock = await sellableStock(db, pharmacy.id, ingredients.map((i) => i.stockCode));
  const short = ingredients.filter((i) => (stock.get(i.stockCode) ?? 0) < used.get(i.id)!);
  if (short.length) {
    // Units a recall or a cold-chain review holds are on the shelf but may not be used: say which holds.
    const held = await heldStockByCode(db, pharmacy.id, short.map((i) => i.stockCode), kampalaToday());
    throw refusedWith(
      "Not enough stock of the ingredients",
      short.map((i) => {
        const h = held.get(i.stockCode);
        const why = h ? `; ${describeHolds(h.units, h.holds)}` : "";
        return { ingredientId: i.id, problem: `${i.name}: ${stock.get(i.stockCode) ?? 0} ${i.unit} available that may be used, ${used.get(i.id)} needed${why}` };
      }),
    );
  }
  const code = compoundCodeOf(formula.code);
  const witness = input.witness?.trim() || null;

  const created = await onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const [locked] = await tx.select().from(compoundFormulas).where(eq(compoundFormulas.id, formula.id)).for("share");
    if (locked.status !== "approved") throw conflict(`Only an approved formula may be prepared; ${formula.code} is ${locked.status}`);
    const lotNumber = await nextLotNumber(tx, pharmacy);
    const today = kampalaToday();
    const preparationId = crypto.randomUUID();
    const controlledIngredients = ingredients.filter((x) => x.kind === "medication" && medicationByCode(x.stockCode)?.controlled);
    // The register before the stock, the order every controlled write takes (a dispense of the same drug would deadlock).
    await lockControlledBalances(tx, pharmacy.id, controlledIngredients.map((i) => i.stockCode));
    try {
      const drawn = await applyStockChanges(
        tx,
        ingredients.map((i) => ({
          pharmacyId: pharmacy.id,
          stock: { medicationCode: i.stockCode },
          quantity: -used.get(i.id)!,
          movementType: "compounding" as const,
          referenceType: "compound_preparation",
          referenceId: preparationId,
          notes: `${lotNumber}: ${i.name} for ${formula.code} × ${input.batchSize} ${formula.batchUnit}`,
          createdBy: principal.sub,
        })),
      );
      for (const i of controlledIngredients) {
        await recordControlledEntry(tx, {
          pharmacyId: pharmacy.id,
          medicationCode: i.stockCode,
          transactionType: "adjustment",
          quantity: -used.get(i.id)!,
          recordedBy: principal.sub,
          witness,
          referenceType: "compound_preparation",
          referenceId: preparationId,
          notes: `used in compounding ${lotNumber} (${formula.code})`,
        });
      }
      // The batch expires at the beyond-use date, and never after the earliest ingredient lot used.
      const expiries = drawn.flatMap((m) => m.batches.map((b) => b.expiryDate)).filter((d): d is string => d !== null);
      const beyondUseDate = [addDays(today, formula.beyondUseDays), ...expiries].sort()[0];
      await tx.insert(inventoryItems).values({ pharmacyId: pharmacy.id, name: `${formula.name} (compounded, ${formula.code})`, medicationCode: code, quantity: 0 }).onConflictDoNothing();
      const [made] = await applyStockChanges(tx, [
        {
          pharmacyId: pharmacy.id,
          stock: { medicationCode: code },
          quantity: input.batchSize,
          movementType: "compounding",
          batch: { lotNumber, expiryDate: beyondUseDate },
          referenceType: "compound_preparation",
          referenceId: preparationId,
          notes: `${lotNumber}: ${formula.name}, ${input.batchSize} ${formula.batchUnit}, prepared by ${input.preparedBy.trim()}`,
          createdBy: principal.sub,
        },
      ]);
      const [row] = await tx
        .insert(compoundPreparations)
        .values({
          id: preparationId,
          lotNumber,
          formulaId: formula.id,
          pharmacyId: pharmacy.id,
          medicationCode: code,
          batchSize: input.batchSize,
          preparedBy: input.preparedBy.trim(),
          recordedBy: principal.sub,
          preparedOn: today,
          beyondUseDate,
          batchId: made.batches[0].batchId,
          stockMovementId: made.id,
          notes: input.notes?.trim() || null,
        })
        .returning();
      await tx.insert(compoundPreparationIngredients).values(
        ingredients.map((i, n) => ({ preparationId, ingredientId: i.id, stockCode: i.stockCode, required: required.get(i.id)!.toFixed(4), quantity: used.get(i.id)!, stockMovementId: drawn[n].id })),
      );
      return (await withDetails(tx, [row]))[0];
    } catch (err) {
      if (err instanceof HeldStock) throw conflict(err.message);
      if (err instanceof InsufficientStock) throw conflict(`Not enough stock of an ingredient: ${err.available} available, ${err.requested} needed`);
      if (err instanceof ControlledBalanceError) throw conflict(`Controlled register: ${err.message}`);
      throw err;
    }
  });
  return created;
}
