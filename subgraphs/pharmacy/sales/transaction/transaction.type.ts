import { IsOptional, Length, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { Decimal } from "../../../../lib/money.js";
import { KeysetPageOf } from "../../../../lib/pagination.js";

export const PAYMENT_METHODS = ["cash", "mobile_money", "card"] as const;
/** Same name and values as billing's: federation requires a shared enum to be identical. */
export const PaymentMethod = valueEnum("PaymentMethod", PAYMENT_METHODS, "How a sale or charge is paid.");
export const TRANSACTION_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export const TransactionStatus = valueEnum("TransactionStatus", TRANSACTION_STATUSES, "Life of a sales transaction: pending → processing → completed, or cancelled.");
export const TransactionPaymentStatus = valueEnum("TransactionPaymentStatus", ["pending", "completed"], "Whether the sale has been paid.");

@ObjectType({ description: "One line of a sales transaction, priced when the transaction was created." })
export class TransactionItem {
  @Field(() => ID)
  productId!: string;

  @Field(() => String)
  productName!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Decimal)
  unitPrice!: string;

  @Field(() => Decimal, { description: "unit_price × quantity." })
  lineTotal!: string;

  @Field(() => Decimal, { description: "VAT rate applied to this line (0 for tax-exempt products)." })
  taxRate!: string;

  @Field(() => Decimal)
  taxAmount!: string;
}

@ObjectType({ description: "Spec, \"Sales transaction\". total_amount = subtotal + tax_amount − discount_amount." })
export class SalesTransaction {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "Human-readable: <pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and day." })
  transactionNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  cashier!: string;

  @Field(() => String, { nullable: true })
  customerName!: string | null;

  @Field(() => String, { nullable: true })
  customerPhone!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => [TransactionItem])
  items!: TransactionItem[];

  @Field(() => Decimal)
  subtotal!: string;

  @Field(() => Decimal)
  taxAmount!: string;

  @Field(() => Decimal, { description: "Manual discount plus the value of redeemed loyalty points; never above the subtotal." })
  discountAmount!: string;

  @Field(() => Decimal)
  totalAmount!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  paymentMethod!: string;

  @Field(() => TransactionPaymentStatus, { description: "pending or completed." })
  paymentStatus!: string;

  @Field(() => TransactionStatus, { description: "pending, processing, completed or cancelled." })
  status!: string;

  @Field(() => ID, { nullable: true })
  loyaltyAccountId!: string | null;

  @Field(() => Int)
  pointsRedeemed!: number;

  @Field(() => Int)
  pointsEarned!: number;

  @Field(() => String, { nullable: true, description: "Billing charge id once charged." })
  billingChargeId!: string | null;

  @Field(() => String, { nullable: true, description: "Billing payment id once paid." })
  billingPaymentId!: string | null;

  @Field(() => String, { nullable: true, description: "Mobile-money or card processor reference." })
  paymentReference!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;
}

@ObjectType()
export class SalesTransactionPage extends KeysetPageOf(SalesTransaction) {}

@InputType()
export class TransactionItemInput {
  @Field(() => ID)
  productId!: string;

  @Field(() => Int, { description: "Greater than zero, at most 1000000 (MAX_QUANTITY) and at most the units that may be sold." })
  quantity!: number;
}

/** Spec, "Transaction create request", plus loyalty redemption. */
@InputType()
export class CreateTransactionInput {
  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  @Length(1, 100)
  cashier!: string;

  @Field(() => [TransactionItemInput])
  items!: TransactionItemInput[];

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  paymentMethod!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  customerName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(6, 20)
  customerPhone?: string;

  @Field(() => Decimal, { nullable: true, description: "At least 0, in whole minor units of the pharmacy's currency (ISO 4217: whole shillings for UGX, cents for KES); with redeemed points never above the subtotal." })
  @IsOptional()
  discountAmount?: Decimal;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;

  @Field(() => ID, { nullable: true, description: "Loyalty account that earns points on completion." })
  @IsOptional()
  loyaltyAccountId?: string;

  @Field(() => Int, { nullable: true, description: "Points to redeem as a discount (needs loyalty_account_id)." })
  @IsOptional()
  @Min(0, { message: "must not be negative" })
  redeemPoints?: number;
}
