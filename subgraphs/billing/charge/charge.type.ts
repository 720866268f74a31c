import { IsIn, IsOptional, Length, Max, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../lib/money.js";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A billing charge." })
export class Charge {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => String)
  serviceCode!: string;

  @Field(() => String)
  serviceDescription!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String)
  referenceType!: string;

  @Field(() => String)
  referenceId!: string;

  @Field(() => String, { nullable: true })
  pharmacyId!: string | null;

  @Field(() => Decimal, { nullable: true, description: "Price of one unit; total_amount = unit_price × quantity." })
  unitPrice!: string | null;

  @Field(() => Decimal, { description: "VAT included in total_amount (0.00 for exempt services and for sales, whose total already carries it)." })
  taxAmount!: string;

  @Field(() => Decimal)
  totalAmount!: string;

  @Field(() => String, { nullable: true, description: "Version of billing's price list that priced the charge; null when the referenced sale's total did." })
  priceListVersion!: string | null;

  @Field(() => String, { description: "ISO 4217 code, e.g. UGX." })
  currency!: string;

  @Field(() => String, { description: "created, paid or cancelled." })
  status!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class ChargePage extends PageOf(Charge) {}

/**
 * Spec, "Billing and notification calls used by the pharmacy": the charge request carries no price;
 * billing prices it from its price list (GET /api/v1/billing/services/). A sale (reference_type
 * transaction) is priced by its total, which the pharmacy passes as `amount`.
 */
@InputType()
export class CreateChargeInput {
  @Field(() => String, { nullable: true, description: "Patient billed, when known (walk-in OTC sales have none)." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string;

  @Field(() => String)
  @Length(1, 64)
  serviceCode!: string;

  @Field(() => String)
  @Length(1, 500)
  serviceDescription!: string;

  @Field(() => Int)
  @Min(1, { message: "must be at least 1" })
  @Max(1_000_000)
  quantity!: number;

  @Field(() => Decimal, {
    nullable: true,
    description: "Optional, for clients that send it: must equal the list price (billing prices the charge); for a sale, its price per unit (total = unit_price × quantity).",
  })
  @IsOptional()
  unitPrice?: Decimal;

  @Field(() => Decimal, { nullable: true, description: "The referenced sale's total, in whole minor units of `currency` (whole shillings for UGX); only for services priced by a sale (reference_type transaction, e.g. PHARMACY_OTC_SALE)." })
  @IsOptional()
  amount?: Decimal;

  @Field(() => String, { nullable: true, description: "ISO 4217 code; the price list's currency (a sale's: default UGX)." })
  @IsOptional()
  @IsIn(["UGX", "KES", "TZS", "RWF", "USD"], { message: "must be one of UGX, KES, TZS, RWF, USD" })
  currency?: string;

  @Field(() => String, { description: "What is charged for, e.g. transaction; one charge per (pharmacy, reference_type, reference_id)." })
  @Length(1, 64)
  referenceType!: string;

  @Field(() => String)
  @Length(1, 128)
  referenceId!: string;

  @Field(() => String, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}
