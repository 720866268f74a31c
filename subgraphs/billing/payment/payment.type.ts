import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { Decimal } from "../../../lib/money.js";

export const PAYMENT_METHODS = ["cash", "mobile_money", "card"] as const;
/** Same name, values and descriptions as the pharmacy's: federation requires a shared enum to be identical. */
export const PaymentMethod = valueEnum("PaymentMethod", PAYMENT_METHODS, "How a sale or charge is paid.", {
  cash: "Cash at the till; no processor reference.",
  mobile_money: "Mobile money, through the payment processor, which gives a reference.",
  card: "Card, through the payment processor, which gives a reference.",
});
export const BillingPaymentStatus = valueEnum("BillingPaymentStatus", ["completed", "failed"], "Outcome of a payment.", {
  completed: "The payment went through; it counts towards the charge's amountPaid.",
  failed: "Declined; it does not count towards amountPaid. The simulated processor approves every payment, so none is recorded as failed yet.",
});

@ObjectType({ description: "A payment against a billing charge." })
export class Payment {
  @Field(() => ID, { description: "Payment id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The charge paid." })
  chargeId!: string;

  @Field(() => Decimal, { description: "Amount paid, in the charge's currency at its minor unit (whole shillings for UGX)." })
  amount!: string;

  @Field(() => String, { description: "ISO 4217 code: the charge's currency." })
  currency!: string;

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  method!: string;

  @Field(() => BillingPaymentStatus, { description: "completed or failed." })
  status!: string;

  @Field(() => String, { nullable: true, description: "Processor reference for mobile money and card." })
  providerReference!: string | null;

  @Field(() => String, { nullable: true, description: "Payer's phone number as the client gave it (mobile money); null when none was given." })
  payerPhone!: string | null;

  @Field(() => String, { description: "Status of the charge (created or paid): after this payment in createPayment's answer, as it is now when read later." })
  chargeStatus!: string;

  @Field(() => Decimal, { description: "What remains to be paid on the charge: after this payment in createPayment's answer, as it is now when read later." })
  balanceDue!: string;

  @Field(() => Date, { description: "When the payment was recorded." })
  createdAt!: Date;
}

/** Our design of the spec's `POST {billing_url}/api/v1/payments/` ("request and response: not shown"). */
@InputType({ description: "A payment against a charge." })
export class CreatePaymentInput {
  @Field(() => ID, { description: "The charge to pay (UUID); an unknown id or another pharmacy's charge is 404, a cancelled charge 409." })
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
