import type { ExtractionResult } from "../extraction/extraction.engine.js";
import { spanAt, type NoteSpan } from "./note-sections.js";

type Entity = ExtractionResult["entities"][number];

export interface NoteMedicines {
  /** Ordered by the plan: "confirm and prescribe". */
  planned: Entity[];
  /** Named outside the plan, already given, or stopped: "reconcile with the record". */
  mentioned: Entity[];
  /** Planned only under a condition ("diazepam PR if fits", "paracetamol if fever"): a PRN order, shown as such. */
  conditional: Set<Entity>;
}

const isMedicine = (e: Entity) => e.type === "medication";
const hasSig = (e: Entity) => !!(e.sig?.dose || e.sig?.route || e.sig?.frequency || e.sig?.duration);
const sameMedicine = (a: Entity, b: Entity) => (a.code && b.code ? a.code === b.code : (a.display ?? a.text).toLowerCase() === (b.display ?? b.text).toLowerCase());

/**
 * The medicines the notes name, by what the clinician should do with them. With a plan in the notes, a
 * medicine is to prescribe when the plan orders it (a conditional order too), and to reconcile when it is
 * named only elsewhere (the history's "on CBZ", "took Panadol") or under a heading of what was already done
 * ("Given:", "Treatment given:"). A medicine both the history and the plan name is listed once, under the plan.
 * Without a plan every present medicine is to confirm, except one the notes also stop.
 */
export function sortNoteMedicines(extraction: ExtractionResult | null, spans: NoteSpan[], hasPlan: boolean): NoteMedicines {
  const present = (extraction?.entities ?? []).filter((e) => isMedicine(e) && e.assertion === "present");
  const excluded = (extraction?.excluded ?? []).filter(isMedicine);
  const stopped = excluded.filter((e) => e.assertion === "absent");
  const ordering = (e: Entity) => {
    const span = spanAt(spans, e.start);
    return span?.section === "plan" && !span.done;
  };
  const conditional = hasPlan ? excluded.filter((e) => e.assertion === "hypothetical" && ordering(e)) : [];
  const ordered = [...(hasPlan ? present.filter(ordering) : present), ...conditional].sort((a, b) => a.start - b.start);
  // Without a plan, "uses diclofenac … stop diclofenac" names one not to order; a plan that both orders and stops one
  // ("SC insulin …, stop insulin infusion") is switching its form, and its stops of history medicines change nothing here.
  // A plan that stops one and names it again without a dose, route or frequency ("stop CPT …, dapsone as CPT
  // alternative") refers to it, and orders nothing.
  const stoppedByPlan = stopped.filter(ordering);
  const orders = (e: Entity) => hasSig(e) || !stoppedByPlan.some((s) => sameMedicine(s, e));
  const planned = hasPlan ? ordered.filter(orders) : ordered.filter((e) => !stopped.some((s) => sameMedicine(s, e)));
  const mentioned = present.filter((e) => !planned.includes(e) && !planned.some((p) => sameMedicine(p, e)));
  return { planned, mentioned, conditional: new Set(conditional) };
}
