import { Field, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";
import { FillStatus } from "../fill/fill.type.js";
import { Prescription } from "../prescription/prescription.type.js";

@ObjectType({ description: "One medicine of a queued fill, with this pharmacy's stock of it." })
export class QueueItem {
  @Field(() => Int, { description: "Order on the prescription, from 0." })
  position!: number;

  @Field(() => String, { nullable: true, description: "The item's medication code; null only on prescriptions imported before codes were required." })
  medicationCode!: string | null;

  @Field(() => String, { description: "Medicine name as prescribed." })
  medicationName!: string;

  @Field(() => String, { description: "Dose as written." })
  dose!: string;

  @Field(() => String, { description: "How often, as written." })
  frequency!: string;

  @Field(() => Int, { description: "Units this fill prescribes." })
  quantity!: number;

  @Field(() => Int, { description: "Units given on this fill so far (its earlier parts)." })
  quantityDispensed!: number;

  @Field(() => Int, { description: "Units still to dispense on this fill." })
  quantityOwed!: number;

  @Field(() => Int, { description: "Units this pharmacy may dispense now (sellable stock)." })
  available!: number;

  @Field(() => Boolean, { description: "available ≥ quantityOwed." })
  inStock!: boolean;
}

@ObjectType({ description: "A fill waiting to be dispensed, whole or the rest of it: a prescription (fill 0) or a refill (fill n), pending or partially dispensed." })
export class DispenseQueueEntry {
  @Field(() => Prescription, { description: "The prescription, with the patient for pharmacists." })
  prescription!: Prescription;

  @Field(() => Int, { description: "0 for the prescription itself, n for refill n." })
  fillNumber!: number;

  @Field(() => ID, { nullable: true, description: "The refill, when this fill is one." })
  refillId!: string | null;

  @Field(() => FillStatus, { description: "pending (nothing given yet) or partially_dispensed (the rest is owed)." })
  status!: string;

  @Field(() => Date, { description: "Issued (fill 0) or refill requested." })
  waitingSince!: Date;

  @Field(() => [QueueItem], { description: "What this fill dispenses: every item (fill 0), or the items allowing n refills." })
  items!: QueueItem[];

  @Field(() => Boolean, { description: "This pharmacy has in stock everything the fill still owes." })
  inStock!: boolean;
}

@ObjectType({ description: "A page of the dispensing queue, oldest first." })
export class DispenseQueuePage extends PageOf(DispenseQueueEntry) {}
