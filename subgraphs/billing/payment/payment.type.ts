import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { Decimal } from "../../../lib/money.js";

export const PAYMENT_METHODS = ["cash", "mobile_money", "card"] as const;
/** Same name and values as the pharmacy's: federation requires a shared enum to be identical. */
export const PaymentMethod = valueEnum("PaymentMethod", PAYMENT_METHODS, "How a sale or charge is paid.");
export const BillingPaymentStatus = valueEnum("BillingPaymentStatus", ["completed", "failed"], "Outcome of a payment.");

@ObjectType({ description: "A payment against a billing charge." })
export class Payment {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: "The charge paid." })
  chargeId!: string;

  @Field(() => Decimal)
  amount!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  method!: string;

  @Field(() => BillingPaymentStatus, { description: "completed or failed." })
  status!: string;

  @Field(() => String, { nullable: true, description: "Processor reference for mobile money and card." })
  providerReference!: string | null;

  @Field(() => String, { nullable: true })
  payerPhone!: string | null;

  @Field(() => String, { description: "Status of the charge after this payment (created or paid)." })
  chargeStatus!: string;

  @Field(() => Decimal, { description: "What remains to be paid on the charge after this payment." })
  balanceDue!: string;

  @Field(() => Date)
  createdAt!: Date;
}

/** Our design of the spec's `POST {billing_url}/api/v1/payments/` ("request and response: not shown"). */
@InputType()
export class CreatePaymentInput {
  @Field(() => ID)
  chargeId!: string;

  @Field(() => Decimal, { nullable: true, description: "Greater than zero, at most the charge's outstanding balance, in whole minor units of its currency (whole shillings for UGX); default: the whole outstanding balance." })
  @IsOptional()
  amount?: Decimal;

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  method!: string;

  @Field(() => String, { nullable: true, description: "Reference from the mobile-money or card processor, when the client already has one." })
  @IsOptional()
  @Length(1, 128)
  providerReference?: string;

  @Field(() => String, { nullable: true, description: "Mobile-money payer's phone number." })
  @IsOptional()
  @Length(6, 20)
  payerPhone?: string;
}
