import { IsOptional, Length, Max, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "What one supplier sells of one medication, at what price and how fast (one row per supplier × medication)." })
export class SupplierMedication {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  supplierId!: string;

  @Field(() => String)
  supplierName!: string;

  @Field(() => String, { description: "Medication catalog code (RxNorm ingredient RxCUI)." })
  medicationCode!: string;

  @Field(() => String, { description: "The supplier's own product name, e.g. \"Amoxicillin 500 mg capsules\"." })
  productName!: string;

  @Field(() => Decimal, { description: "Price of one unit (the unit stock and purchase orders count in)." })
  unitPrice!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => Int, { description: "Units per pack; suggested orders are whole packs." })
  packSize!: number;

  @Field(() => Int, { description: "Days from order to delivery." })
  leadTimeDays!: number;

  @Field(() => Int, { description: "Fewest units the supplier accepts in one order." })
  minimumOrderQuantity!: number;

  @Field(() => Boolean)
  isActive!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class SupplierMedicationPage extends PageOf(SupplierMedication) {}

@InputType()
export class CreateSupplierMedicationInput {
  @Field(() => String, { description: "Supplier id or code." })
  @Length(1, 64)
  supplier!: string;

  @Field(() => String, { description: "Medication catalog code (RxNorm ingredient RxCUI)." })
  @Length(1, 64)
  medicationCode!: string;

  @Field(() => String)
  @Length(1, 200)
  productName!: string;

  @Field(() => Decimal, { description: "Greater than zero, at most two decimals." })
  unitPrice!: Decimal;

  @Field(() => String, { defaultValue: "UGX", description: "ISO 4217; UGX unless the supplier invoices otherwise." })
  @Length(3, 3)
  currency!: string;

  @Field(() => Int, { defaultValue: 1 })
  @Min(1, { message: "must be at least 1" })
  @Max(100000, { message: "must be at most 100000" })
  packSize!: number;

  @Field(() => Int)
  @Min(0, { message: "must not be negative" })
  @Max(365, { message: "must be at most 365 days" })
  leadTimeDays!: number;

  @Field(() => Int, { defaultValue: 1 })
  @Min(1, { message: "must be at least 1" })
  @Max(1000000, { message: "must be at most 1000000" })
  minimumOrderQuantity!: number;

  @Field(() => Boolean, { defaultValue: true })
  @IsOptional()
  isActive!: boolean;
}

/** Fields a supplier's new price list or terms change; absent fields stay as they are. */
@InputType()
export class UpdateSupplierMedicationInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  productName?: string;

  @Field(() => Decimal, { nullable: true, description: "Greater than zero, at most two decimals." })
  @IsOptional()
  unitPrice?: Decimal;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(1, { message: "must be at least 1" })
  @Max(100000, { message: "must be at most 100000" })
  packSize?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: "must not be negative" })
  @Max(365, { message: "must be at most 365 days" })
  leadTimeDays?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(1, { message: "must be at least 1" })
  @Max(1000000, { message: "must be at most 1000000" })
  minimumOrderQuantity?: number;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  isActive?: boolean;
}
