import { Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { LocalDateScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";

export const EXCURSION_STATUSES = ["open", "closed"] as const;
export const ExcursionStatus = valueEnum("ExcursionStatus", EXCURSION_STATUSES, "open: awaiting a disposition; closed: a disposition was recorded.", {
  open: "Awaiting a disposition; the affected stock is held.",
  closed: "A disposition was recorded. Final: late readings that show more raise a new excursion revising it.",
});
export const DISPOSITIONS = ["release", "quarantine", "discard"] as const;
export const ExcursionDisposition = valueEnum(
  "ExcursionDisposition",
  DISPOSITIONS,
  "release (the affected stock may be sold again), quarantine (stays held until returned or destroyed), discard (stays held; destroy it through a destruction movement).",
  {
    release: "The held stock may be sold and dispensed again; refused (409) while readings are still out of range.",
    quarantine: "The stock stays held until it leaves through a supplier return or a destruction.",
    discard: "The stock stays held; destroy it through a destruction.",
  },
);

@ObjectType({ description: "Stock an excursion holds: a batch (storage units) or a medication lot at the pharmacy (transports)." })
export class ExcursionAffectedStock {
  @Field(() => ID, { description: "The hold's id." }) holdId!: string;
  @Field(() => ID, { nullable: true, description: "The held batch (storage units); null for a transport's lot hold." }) batchId!: string | null;
  @Field(() => ID, { nullable: true, description: "The held batch's inventory item; null for a transport's lot hold." }) inventoryItem!: string | null;
  @Field(() => String, { nullable: true, description: "Medication code of the held stock." }) medicationCode!: string | null;
  @Field(() => String, { nullable: true, description: "Lot held; null for goods without one." }) lotNumber!: string | null;
  @Field(() => LocalDateScalar, { nullable: true, description: "The batch's expiry date (YYYY-MM-DD); null for a lot hold or goods without one." }) expiryDate!: string | null;
  @Field(() => Int, { nullable: true, description: "Units in the batch when it was held." }) quantityAtHold!: number | null;
  @Field(() => Int, { nullable: true, description: "Units in the batch now." }) quantity!: number | null;
  @Field(() => Boolean, { description: "Still held (not sellable)." }) held!: boolean;
  @Field(() => Date, { nullable: true, description: "When a release disposition freed it; null while held." }) releasedAt!: Date | null;
}

@ObjectType({ description: "Readings of a storage unit or transport out of range for longer than its tolerance." })
export class ColdChainExcursion {
  @Field(() => ID, { description: "Excursion id (UUID)." }) id!: string;
  @Field(() => String, { description: "storage_unit or transport." }) subjectType!: string;
  @Field(() => ID, { nullable: true, description: "The storage unit, when subjectType is storage_unit; else null." }) storageUnitId!: string | null;
  @Field(() => ID, { nullable: true, description: "The transport, when subjectType is transport; else null." }) transportId!: string | null;
  @Field(() => String, { description: "The unit's name, or for a transport: transport <shipment reference> (<origin> → <destination>)." }) subjectName!: string;
  @Field(() => ID, { description: "The pharmacy whose stock it holds and which is told." }) pharmacyId!: string;
  @Field(() => ExcursionStatus, { description: "open or closed." }) status!: string;
  @Field(() => Date, { description: "First reading out of range." }) startedAt!: Date;
  @Field(() => Date, { nullable: true, description: "First reading back in range; null while it lasts." }) endedAt!: Date | null;
  @Field(() => Boolean, { description: "Readings are still out of range." }) ongoing!: boolean;
  @Field(() => Int, { description: "To the end, or to the latest reading while it lasts." }) durationMinutes!: number;
  @Field(() => Float, { description: "Lowest temperature read during it, °C." }) minTemperatureC!: number;
  @Field(() => Float, { description: "Highest temperature read during it, °C." }) maxTemperatureC!: number;
  @Field(() => Float, { description: "Furthest beyond a limit, °C." }) maxDeviationC!: number;
  @Field(() => Int, { description: "Readings out of range during it." }) readingsOutOfRange!: number;
  @Field(() => Float, { description: "Lowest allowed °C when it was detected (later range changes do not alter it)." }) limitMinC!: number;
  @Field(() => Float, { description: "Highest allowed °C when it was detected." }) limitMaxC!: number;
  @Field(() => Int, { description: "The subject's tolerance when it was detected, in minutes." }) toleranceMinutes!: number;
  @Field(() => ExcursionDisposition, { nullable: true, description: "The disposition once closed; null while open." }) disposition!: string | null;
  @Field(() => String, { nullable: true, description: "What was checked and decided; null while open." }) dispositionNotes!: string | null;
  @Field(() => String, { nullable: true, description: "Subject of the caller who closed it; null while open." }) closedBy!: string | null;
  @Field(() => Date, { nullable: true, description: "When it was closed; null while open." }) closedAt!: Date | null;
  @Field(() => [ExcursionAffectedStock], { description: "The stock it holds or held, by medication code and lot." }) affectedStock!: ExcursionAffectedStock[];
  @Field(() => String, { nullable: true, description: "The pharmacy's notification: queued, sent or failed." }) notificationStatus!: string | null;
  @Field(() => String, { nullable: true, description: "Notification id of the pharmacy's message once sent; null until then." }) notificationId!: string | null;
  @Field(() => Int, { description: "Of its out-of-range readings, how many arrived after later ones had been processed: an excursion found or widened by a logger's backlog." }) lateReadings!: number;
  @Field(() => ID, { nullable: true, description: "Late readings made a closed excursion longer or more extreme: this one revises it, holds the stock again and awaits its own disposition." })
  revisesExcursionId!: string | null;
  @Field(() => Date, { description: "When it was detected." }) createdAt!: Date;
}

@ObjectType({ description: "A page of excursions, latest start first." })
export class ColdChainExcursionPage extends PageOf(ColdChainExcursion) {}

@InputType({ description: "Close an excursion with its disposition (the caller is recorded)." })
export class CloseExcursionInput {
  @Field(() => ExcursionDisposition, { description: "What happens to the held stock." }) disposition!: string;
  @Field(() => String, { description: "What was checked and decided (e.g. manufacturer's stability data consulted)." }) @Length(1, 2000) notes!: string;
}
