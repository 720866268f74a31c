import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A temperature-sensitive medicine of the catalog with its storage range and the pharmacy's stock of it." })
export class ColdChainProduct {
  @Field(() => String, { description: "Catalog medication code." }) medicationCode!: string;
  @Field(() => String, { description: "Generic name." }) genericName!: string;
  @Field(() => String, { description: "Dosage form of the stocked presentation." }) dosageForm!: string;
  @Field(() => String, { description: "Strength of the stocked presentation." }) strength!: string;
  @Field(() => Float, { description: "Lowest storage temperature, °C." }) storageMinC!: number;
  @Field(() => Float, { description: "Highest storage temperature, °C." }) storageMaxC!: number;
  @Field(() => String, { description: "Where the storage range comes from." }) storageSource!: string;
  @Field(() => ID, { nullable: true, description: "The pharmacy the quantities are of; null: every pharmacy in scope." }) pharmacyId!: string | null;
  @Field(() => Int, { description: "Units on hand." }) quantity!: number;
  @Field(() => Int, { description: "Units that may be sold (unexpired, not held)." }) sellableQuantity!: number;
  @Field(() => Int, { description: "Units on hand that may not be sold: held (a recall, a cold-chain review) or expired." }) unsellableQuantity!: number;
  @Field(() => [ID], { description: "Storage units this medicine's stock is assigned to." }) storageUnits!: string[];
}

@ObjectType({ description: "A page of cold-chain medicines, by generic name." })
export class ColdChainProductPage extends PageOf(ColdChainProduct) {}
