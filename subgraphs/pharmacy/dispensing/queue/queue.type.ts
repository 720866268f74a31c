import { Field, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";
import { FillStatus } from "../fill/fill.type.js";
import { Prescription } from "../prescription/prescription.type.js";

@ObjectType({ description: "One medicine of a queued fill, with this pharmacy's stock of it." })
export class QueueItem {
  @Field(() => Int)
  position!: number;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => String)
  medicationName!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
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
  @Field(() => Prescription)
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

@ObjectType()
export class DispenseQueuePage extends PageOf(DispenseQueueEntry) {}
