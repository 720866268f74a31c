import { Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { LocalDateScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";

export const EXCURSION_STATUSES = ["open", "closed"] as const;
export const ExcursionStatus = valueEnum("ExcursionStatus", EXCURSION_STATUSES, "open: awaiting a disposition; closed: a disposition was recorded.");
export const DISPOSITIONS = ["release", "quarantine", "discard"] as const;
export const ExcursionDisposition = valueEnum(
  "ExcursionDisposition",
  DISPOSITIONS,
  "release (the affected stock may be sold again), quarantine (stays held until returned or destroyed), discard (stays held; destroy it through a destruction movement).",
);

@ObjectType({ description: "Stock an excursion holds: a batch (storage units) or a medication lot at the pharmacy (transports)." })
export class ExcursionAffectedStock {
  @Field(() => ID) holdId!: string;
  @Field(() => ID, { nullable: true }) batchId!: string | null;
  @Field(() => ID, { nullable: true }) inventoryItem!: string | null;
  @Field(() => String, { nullable: true }) medicationCode!: string | null;
  @Field(() => String, { nullable: true }) lotNumber!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) expiryDate!: string | null;
  @Field(() => Int, { nullable: true, description: "Units in the batch when it was held." }) quantityAtHold!: number | null;
  @Field(() => Int, { nullable: true, description: "Units in the batch now." }) quantity!: number | null;
  @Field(() => Boolean, { description: "Still held (not sellable)." }) held!: boolean;
  @Field(() => Date, { nullable: true }) releasedAt!: Date | null;
}

@ObjectType({ description: "Readings of a storage unit or transport out of range for longer than its tolerance." })
export class ColdChainExcursion {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "storage_unit or transport." }) subjectType!: string;
  @Field(() => ID, { nullable: true }) storageUnitId!: string | null;
  @Field(() => ID, { nullable: true }) transportId!: string | null;
  @Field(() => String) subjectName!: string;
  @Field(() => ID) pharmacyId!: string;
  @Field(() => ExcursionStatus) status!: string;
  @Field(() => Date, { description: "First reading out of range." }) startedAt!: Date;
  @Field(() => Date, { nullable: true, description: "First reading back in range; null while it lasts." }) endedAt!: Date | null;
  @Field(() => Boolean, { description: "Readings are still out of range." }) ongoing!: boolean;
  @Field(() => Int, { description: "To the end, or to the latest reading while it lasts." }) durationMinutes!: number;
  @Field(() => Float) minTemperatureC!: number;
  @Field(() => Float) maxTemperatureC!: number;
  @Field(() => Float, { description: "Furthest beyond a limit, °C." }) maxDeviationC!: number;
  @Field(() => Int) readingsOutOfRange!: number;
  @Field(() => Float) limitMinC!: number;
  @Field(() => Float) limitMaxC!: number;
  @Field(() => Int) toleranceMinutes!: number;
  @Field(() => ExcursionDisposition, { nullable: true }) disposition!: string | null;
  @Field(() => String, { nullable: true }) dispositionNotes!: string | null;
  @Field(() => String, { nullable: true }) closedBy!: string | null;
  @Field(() => Date, { nullable: true }) closedAt!: Date | null;
  @Field(() => [ExcursionAffectedStock]) affectedStock!: ExcursionAffectedStock[];
  @Field(() => String, { nullable: true, description: "The pharmacy's notification: queued, sent or failed." }) notificationStatus!: string | null;
  @Field(() => String, { nullable: true }) notificationId!: string | null;
  @Field(() => Int, { description: "Of its out-of-range readings, how many arrived after later ones had been processed: an excursion found or widened by a logger's backlog." }) lateReadings!: number;
  @Field(() => ID, { nullable: true, description: "Late readings made a closed excursion longer or more extreme: this one revises it, holds the stock again and awaits its own disposition." })
  revisesExcursionId!: string | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class ColdChainExcursionPage extends PageOf(ColdChainExcursion) {}

@InputType({ description: "Close an excursion with its disposition (the caller is recorded)." })
export class CloseExcursionInput {
  @Field(() => ExcursionDisposition) disposition!: string;
  @Field(() => String, { description: "What was checked and decided (e.g. manufacturer's stability data consulted)." }) @Length(1, 2000) notes!: string;
}
