/**
 * The demo master formulas (seed/demo/pharmacy.json, `compound_formulas`), shared by every pharmacy:
 * written by one seed pharmacist and approved by another through the formula service (its checks, its
 * four eyes), so they are exactly what the API would have made. Sources: seed/README.md.
 */
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { Decimal } from "../../../lib/money.js";
import { createFormula, transitionFormula } from "../compounding/formula/formula.service.js";

export interface DemoCompoundFormula {
  id: string;
  code: string;
  name: string;
  dosage_form: string;
  batch_unit: string;
  beyond_use_days: number;
  tolerance_percent: string;
  instructions: string;
  /** The published formula it follows (documentation; not stored). */
  source: string;
  ingredients: { stock_code: string; name: string; quantity_per_unit: string; unit: string }[];
  created_by: string;
  approved_by: string;
}

const pharmacist = (sub: string): Principal => ({ sub, roles: ["pharmacist"], tokenUse: "user" });

/** Creates each demo formula as its author and approves it as its approver (in the caller's transaction). */
export async function seedDemoFormulas(tx: Db, formulas: DemoCompoundFormula[]): Promise<void> {
  for (const f of formulas) {
    const input = {
      code: f.code,
      name: f.name,
      dosageForm: f.dosage_form,
      batchUnit: f.batch_unit,
      beyondUseDays: f.beyond_use_days,
      tolerancePercent: new Decimal(f.tolerance_percent),
      instructions: f.instructions,
      ingredients: f.ingredients.map((i) => ({ stockCode: i.stock_code, name: i.name, quantityPerUnit: new Decimal(i.quantity_per_unit), unit: i.unit })),
    };
    await createFormula(tx, pharmacist(f.created_by), input, f.id);
    await transitionFormula(tx, pharmacist(f.approved_by), f.id, "approved");
  }
}
