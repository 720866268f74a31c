import { Field, ID, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A safety alert: a recall affecting stock, an open cold-chain excursion holding stock, expiring controlled stock, …" })
export class SafetyAlertView {
  @Field(() => String, { description: "recall, cold_chain_excursion, cold_chain_silent, controlled_expiring, or another source's type." }) type!: string;
  @Field(() => String, { description: "critical, warning or info." }) severity!: string;
  @Field(() => String) title!: string;
  @Field(() => String) message!: string;
  @Field(() => ID, { nullable: true }) pharmacyId!: string | null;
  @Field(() => String, { nullable: true }) medicationCode!: string | null;
  @Field(() => String, { nullable: true }) lotNumber!: string | null;
  @Field(() => String, { description: "What the alert is about: drug_recall, cold_chain_excursion, stock_batch, …" }) referenceType!: string;
  @Field(() => ID) referenceId!: string;
  @Field(() => Date) raisedAt!: Date;
  @Field(() => LocalDateScalar, { nullable: true }) dueDate!: string | null;
}

@ObjectType()
export class SafetyAlertPage extends PageOf(SafetyAlertView) {}
