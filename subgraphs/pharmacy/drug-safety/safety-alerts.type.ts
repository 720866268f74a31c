import { Field, ID, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A safety alert: a recall affecting stock, an open cold-chain excursion holding stock, expiring controlled stock, …" })
export class SafetyAlertView {
  @Field(() => String, { description: "recall, cold_chain_excursion, cold_chain_silent, controlled_expiring, capa_overdue, capa_effectiveness_check_overdue or quality_audit_overdue." }) type!: string;
  @Field(() => String, { description: "critical, warning or info." }) severity!: string;
  @Field(() => String, { description: "One-line summary." }) title!: string;
  @Field(() => String, { description: "What is wrong and what to do, in words." }) message!: string;
  @Field(() => ID, { nullable: true, description: "The pharmacy concerned." }) pharmacyId!: string | null;
  @Field(() => String, { nullable: true, description: "Medication code concerned; null when none or several." }) medicationCode!: string | null;
  @Field(() => String, { nullable: true, description: "Lot concerned; null when none or several." }) lotNumber!: string | null;
  @Field(() => String, { description: "What the alert is about: drug_recall, cold_chain_excursion, cold_storage_unit (a silent logger), stock_batch (expiring controlled stock), capa or quality_audit." }) referenceType!: string;
  @Field(() => ID, { description: "Id of the record the alert is about (see referenceType)." }) referenceId!: string;
  @Field(() => Date, { description: "When the alert arose: the recall or excursion recorded, the logger's silence alarm, the start of the day (Kampala) for expiring stock, or the day an item became overdue." }) raisedAt!: Date;
  @Field(() => LocalDateScalar, { nullable: true, description: "Date it is due (YYYY-MM-DD): the batch's expiry, the CAPA's due or check date, the audit's scheduled date; null for others." }) dueDate!: string | null;
}

@ObjectType({ description: "A page of safety alerts, most severe first, then soonest due, then newest." })
export class SafetyAlertPage extends PageOf(SafetyAlertView) {}
