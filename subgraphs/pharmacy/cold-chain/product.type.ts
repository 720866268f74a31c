import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A temperature-sensitive medicine of the catalog with its storage range and the pharmacy's stock of it." })
export class ColdChainProduct {
  @Field(() => String) medicationCode!: string;
  @Field(() => String) genericName!: string;
  @Field(() => String) dosageForm!: string;
  @Field(() => String) strength!: string;
  @Field(() => Float) storageMinC!: number;
  @Field(() => Float) storageMaxC!: number;
  @Field(() => String) storageSource!: string;
  @Field(() => ID, { nullable: true, description: "The pharmacy the quantities are of; null: every pharmacy in scope." }) pharmacyId!: string | null;
  @Field(() => Int, { description: "Units on hand." }) quantity!: number;
  @Field(() => Int, { description: "Units that may be sold (unexpired, not held)." }) sellableQuantity!: number;
  @Field(() => Int, { description: "Units on hand that may not be sold: held (a recall, a cold-chain review) or expired." }) unsellableQuantity!: number;
  @Field(() => [ID], { description: "Storage units this medicine's stock is assigned to." }) storageUnits!: string[];
}

@ObjectType()
export class ColdChainProductPage extends PageOf(ColdChainProduct) {}
