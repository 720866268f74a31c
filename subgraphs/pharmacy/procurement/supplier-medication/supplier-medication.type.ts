import { IsOptional, Length, Max, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "What one supplier sells of one medication, at what price and how fast (one row per supplier × medication)." })
export class SupplierMedication {
  @Field(() => ID, { description: "Catalog row id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The supplier." })
  supplierId!: string;

  @Field(() => String, { description: "The supplier's name." })
  supplierName!: string;

  @Field(() => String, { description: "Medication catalog code (an RxNorm ingredient RxCUI or a local: code)." })
  medicationCode!: string;

  @Field(() => String, { description: "The supplier's own product name, e.g. \"Amoxicillin 500 mg capsules\"." })
  productName!: string;

  @Field(() => Decimal, { description: "Price of one unit (the unit stock and purchase orders count in)." })
  unitPrice!: string;

  @Field(() => String, { description: "ISO 4217 code of unitPrice (UGX unless the supplier invoices otherwise)." })
  currency!: string;

  @Field(() => Int, { description: "Units per pack; suggested orders are whole packs." })
  packSize!: number;

  @Field(() => Int, { description: "Days from order to delivery." })
  leadTimeDays!: number;

  @Field(() => Int, { description: "Fewest units the supplier accepts in one order." })
  minimumOrderQuantity!: number;

  @Field(() => Boolean, { description: "Whether the offer is current; reorder suggestions use only active offers of active suppliers." })
  isActive!: boolean;

  @Field(() => Date, { description: "When the row was added." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of the supplier catalog, by medication code, cheapest first." })
export class SupplierMedicationPage extends PageOf(SupplierMedication) {}

@InputType({ description: "A medication a supplier sells, with its price and terms; one row per supplier and medication (409 on a second)." })
export class CreateSupplierMedicationInput {
  @Field(() => String, { description: "Supplier id or code." })
  @Length(1, 64)
  supplier!: string;

  @Field(() => String, { description: "Medication catalog code (an RxNorm ingredient RxCUI or a local: code); an unknown code is 400." })
  @Length(1, 64)
  medicationCode!: string;

  @Field(() => String, { description: "The supplier's product name (1 to 200 characters)." })
  @Length(1, 200)
  productName!: string;

  @Field(() => Decimal, { description: "Greater than zero, at most two decimals." })
  unitPrice!: Decimal;

  @Field(() => String, { defaultValue: "UGX", description: "ISO 4217; UGX unless the supplier invoices otherwise." })
  @Length(3, 3)
  currency!: string;

  @Field(() => Int, { defaultValue: 1, description: "Units per pack, 1 to 100,000 (default 1)." })
  @Min(1, { message: "must be at least 1" })
  @Max(100000, { message: "must be at most 100000" })
  packSize!: number;

  @Field(() => Int, { description: "Days from order to delivery, 0 to 365." })
  @Min(0, { message: "must not be negative" })
  @Max(365, { message: "must be at most 365 days" })
  leadTimeDays!: number;

  @Field(() => Int, { defaultValue: 1, description: "Fewest units per order, 1 to 1,000,000 (default 1)." })
  @Min(1, { message: "must be at least 1" })
  @Max(1000000, { message: "must be at most 1000000" })
  minimumOrderQuantity!: number;

  @Field(() => Boolean, { defaultValue: true, description: "Whether the offer is current (default true)." })
  @IsOptional()
  isActive!: boolean;
}

/** Fields a supplier's new price list or terms change; absent fields stay as they are. */
@InputType({ description: "A supplier's new price or terms; absent fields stay as they are (the supplier and medication never change)." })
export class UpdateSupplierMedicationInput {
  @Field(() => String, { nullable: true, description: "New product name (1 to 200 characters)." })
  @IsOptional()
  @Length(1, 200)
  productName?: string;

  @Field(() => Decimal, { nullable: true, description: "Greater than zero, at most two decimals." })
  @IsOptional()
  unitPrice?: Decimal;

  @Field(() => Int, { nullable: true, description: "New units per pack, 1 to 100,000." })
  @IsOptional()
  @Min(1, { message: "must be at least 1" })
  @Max(100000, { message: "must be at most 100000" })
  packSize?: number;

  @Field(() => Int, { nullable: true, description: "New lead time, 0 to 365 days." })
  @IsOptional()
  @Min(0, { message: "must not be negative" })
  @Max(365, { message: "must be at most 365 days" })
  leadTimeDays?: number;

  @Field(() => Int, { nullable: true, description: "New minimum order, 1 to 1,000,000 units." })
  @IsOptional()
  @Min(1, { message: "must be at least 1" })
  @Max(1000000, { message: "must be at most 1000000" })
  minimumOrderQuantity?: number;

  @Field(() => Boolean, { nullable: true, description: "Whether the offer is current." })
  @IsOptional()
  isActive?: boolean;
}
