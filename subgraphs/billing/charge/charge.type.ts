import { IsIn, IsOptional, Length, Max, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal, MAX_QUANTITY } from "../../../lib/money.js";
import { PageOf } from "../../../lib/pagination.js";

@ObjectType({ description: "A billing charge." })
export class Charge {
  @Field(() => ID, { description: "Charge id (UUID)." })
  id!: string;

  @Field(() => String, { nullable: true, description: "UHID of the patient billed; null when the caller named none (walk-in OTC sales)." })
  patientUhid!: string | null;

  @Field(() => String, { description: "Service code on billing's price list (see servicePrices), e.g. PHARMACY_OTC_SALE or PHARMACY_DISPENSING_FEE." })
  serviceCode!: string;

  @Field(() => String, { description: "What was charged for, in words, as the caller gave it." })
  serviceDescription!: string;

  @Field(() => Int, { description: "Units of the service charged, 1 to 1,000,000." })
  quantity!: number;

  @Field(() => String, { description: "Kind of record the charge is for, as the caller gave it (a pharmacy sale: transaction); one charge per pharmacyId, referenceType and referenceId." })
  referenceType!: string;

  @Field(() => String, { description: "Id of the record the charge is for (for referenceType transaction, the sale's id)." })
  referenceId!: string;

  @Field(() => String, { nullable: true, description: "Pharmacy the charge belongs to (the caller's unless named); null for a charge made without a pharmacy." })
  pharmacyId!: string | null;

  @Field(() => Decimal, { nullable: true, description: "Price of one unit before VAT (totalAmount = unitPrice × quantity + taxAmount); for a sale, its total ÷ quantity, null when that is not a whole number of the currency's minor units." })
  unitPrice!: string | null;

  @Field(() => Decimal, { description: "VAT included in total_amount (0.00 for exempt services and for sales, whose total already carries it)." })
  taxAmount!: string;

  @Field(() => Decimal, { description: "What the charge costs, VAT included: unitPrice × quantity + taxAmount for a listed service, the sale's total for a sale; in currency, at its minor unit (whole shillings for UGX)." })
  totalAmount!: string;

  @Field(() => String, { nullable: true, description: "Version of billing's price list that priced the charge; null when the referenced sale's total did." })
  priceListVersion!: string | null;

  @Field(() => String, { description: "ISO 4217 code, e.g. UGX." })
  currency!: string;

  @Field(() => String, { description: "created until its completed payments add up to totalAmount, then paid; cancelled (a charge that takes no payments) is not set by any operation yet." })
  status!: string;

  @Field(() => Date, { description: "When the charge was created." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of billing charges, newest first." })
export class ChargePage extends PageOf(Charge) {}

/**
 * Spec, "Billing and notification calls used by the pharmacy": the charge request carries no price;
 * billing prices it from its price list (GET /api/v1/billing/services/). A sale (reference_type
 * transaction) is priced by its total, which the pharmacy passes as `amount`.
 */
@InputType({ description: "A charge to create: billing prices it from its price list, or a sale from the sale's total." })
export class CreateChargeInput {
  @Field(() => String, { nullable: true, description: "Patient billed, when known (walk-in OTC sales have none)." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string;

  @Field(() => String, { description: "A service code on billing's price list (see servicePrices); matched exactly (case and spaces matter), an unknown code is 400." })
  @Length(1, 64)
  serviceCode!: string;

  @Field(() => String, { description: "What is charged for, in words (1 to 500 characters); stored as given." })
  @Length(1, 500)
  serviceDescription!: string;

  @Field(() => Int, { description: "Units of the service, 1 to 1,000,000." })
  @Min(1, { message: "must be at least 1" })
  @Max(MAX_QUANTITY)
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

  @Field(() => String, { description: "Id of the record charged for (1 to 128 characters), e.g. the sale's id." })
  @Length(1, 128)
  referenceId!: string;

  @Field(() => String, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}
