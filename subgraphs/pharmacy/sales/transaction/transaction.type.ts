import { IsOptional, Length, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { Decimal } from "../../../../lib/money.js";
import { KeysetPageOf } from "../../../../lib/pagination.js";

export const PAYMENT_METHODS = ["cash", "mobile_money", "card"] as const;
/** Same name, values and descriptions as billing's: federation requires a shared enum to be identical. */
export const PaymentMethod = valueEnum("PaymentMethod", PAYMENT_METHODS, "How a sale or charge is paid.", {
  cash: "Cash at the till; no processor reference.",
  mobile_money: "Mobile money, through the payment processor, which gives a reference.",
  card: "Card, through the payment processor, which gives a reference.",
});
export const TRANSACTION_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export const TransactionStatus = valueEnum("TransactionStatus", TRANSACTION_STATUSES, "Life of a sales transaction: pending → processing → completed, or cancelled.", {
  pending: "Created and priced; nothing charged and no stock moved. May be completed or cancelled.",
  processing: "Being completed: stock reserved by its sale movements while billing charges and takes payment; back to pending if that fails.",
  completed: "Paid and final; the stock has left. Money goes back only through a customer return.",
  cancelled: "Cancelled while pending; nothing was charged or moved. Final.",
});
export const TransactionPaymentStatus = valueEnum("TransactionPaymentStatus", ["pending", "completed"], "Whether the sale has been paid.", {
  pending: "Not paid yet.",
  completed: "Paid (or nothing to pay, for a total of 0.00); set when the sale completes.",
});

@ObjectType({ description: "One line of a sales transaction, priced when the transaction was created." })
export class TransactionItem {
  @Field(() => ID, { description: "The product sold." })
  productId!: string;

  @Field(() => String, { description: "The product's name when the sale was created." })
  productName!: string;

  @Field(() => Int, { description: "Units sold on this line (a product scanned twice is one line)." })
  quantity!: number;

  @Field(() => Decimal, { description: "Retail price of one unit, before VAT, when the sale was created; in the sale's currency." })
  unitPrice!: string;

  @Field(() => Decimal, { description: "unit_price × quantity." })
  lineTotal!: string;

  @Field(() => Decimal, { description: "VAT rate applied to this line (0 for tax-exempt products)." })
  taxRate!: string;

  @Field(() => Decimal, { description: "VAT on this line: lineTotal × taxRate, rounded half-up to the currency's minor unit." })
  taxAmount!: string;
}

@ObjectType({ description: "Spec, \"Sales transaction\". total_amount = subtotal + tax_amount − discount_amount." })
export class SalesTransaction {
  @Field(() => ID, { description: "Transaction id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Human-readable: <pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and day." })
  transactionNumber!: string;

  @Field(() => ID, { description: "The pharmacy that made the sale." })
  pharmacyId!: string;

  @Field(() => String, { description: "Cashier identifier as entered at the till (free text; the token's subject is recorded separately)." })
  cashier!: string;

  @Field(() => String, { nullable: true, description: "Customer's name, when given." })
  customerName!: string | null;

  @Field(() => String, { nullable: true, description: "Customer's phone number as typed at the till, when given." })
  customerPhone!: string | null;

  @Field(() => String, { nullable: true, description: "Free-text notes, when given." })
  notes!: string | null;

  @Field(() => [TransactionItem], { description: "The lines, by product name." })
  items!: TransactionItem[];

  @Field(() => Decimal, { description: "Sum of the line totals, before VAT and discount." })
  subtotal!: string;

  @Field(() => Decimal, { description: "VAT: the sum of the lines' VAT, each rounded on its line." })
  taxAmount!: string;

  @Field(() => Decimal, { description: "Manual discount plus the value of redeemed loyalty points; never above the subtotal." })
  discountAmount!: string;

  @Field(() => Decimal, { description: "What the customer pays: subtotal + taxAmount − discountAmount." })
  totalAmount!: string;

  @Field(() => String, { description: "ISO 4217 code: the pharmacy's currency (UGX: every amount in whole shillings)." })
  currency!: string;

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  paymentMethod!: string;

  @Field(() => TransactionPaymentStatus, { description: "pending or completed." })
  paymentStatus!: string;

  @Field(() => TransactionStatus, { description: "pending, processing, completed or cancelled." })
  status!: string;

  @Field(() => ID, { nullable: true, description: "Loyalty account that redeems and earns points on this sale; null when none." })
  loyaltyAccountId!: string | null;

  @Field(() => Int, { description: "Loyalty points redeemed as part of discountAmount (0 when none); spent at completion." })
  pointsRedeemed!: number;

  @Field(() => Int, { description: "Loyalty points earned: whole points of totalAmount ÷ the program's earnAmount, set at completion (0 before, or without an account)." })
  pointsEarned!: number;

  @Field(() => String, { nullable: true, description: "Billing charge id once charged." })
  billingChargeId!: string | null;

  @Field(() => String, { nullable: true, description: "Billing payment id once paid." })
  billingPaymentId!: string | null;

  @Field(() => String, { nullable: true, description: "Mobile-money or card processor reference." })
  paymentReference!: string | null;

  @Field(() => Date, { description: "When the sale was created (and priced)." })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: "When the sale was completed (paid); null until then." })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When the sale was cancelled; null unless cancelled." })
  cancelledAt!: Date | null;
}

@ObjectType({ description: "A page of sales transactions, newest first; nextCursor continues after its last row." })
export class SalesTransactionPage extends KeysetPageOf(SalesTransaction) {}

@InputType({ description: "One line of a new sale: a product and how many units." })
export class TransactionItemInput {
  @Field(() => ID, { description: "A product of the sale's pharmacy (UUID); active, not linked to a controlled medicine." })
  productId!: string;

  @Field(() => Int, { description: "Greater than zero, at most 1000000 (MAX_QUANTITY) and at most the units that may be sold." })
  quantity!: number;
}

/** Spec, "Transaction create request", plus loyalty redemption. */
@InputType({ description: "A new sale (spec, \"Transaction create request\"), with optional loyalty redemption; priced from the catalog, nothing charged or moved." })
export class CreateTransactionInput {
  @Field(() => ID, { description: "The selling pharmacy (UUID); staff may only name their own (another is 403)." })
  pharmacyId!: string;

  @Field(() => String, { description: "Cashier identifier (1 to 100 characters, free text)." })
  @Length(1, 100)
  cashier!: string;

  @Field(() => [TransactionItemInput], { description: "One to 100 lines; repeats of a product are merged into one line." })
  items!: TransactionItemInput[];

  @Field(() => PaymentMethod, { description: "cash, mobile_money or card." })
  paymentMethod!: string;

  @Field(() => String, { nullable: true, description: "Customer's name (1 to 200 characters)." })
  @IsOptional()
  @Length(1, 200)
  customerName?: string;

  @Field(() => String, { nullable: true, description: "Customer's phone number (6 to 20 characters), stored in E.164 (a number without country code is read in DEFAULT_PHONE_REGION); also passed to billing as the payer's phone." })
  @IsOptional()
  @Length(6, 20)
  customerPhone?: string;

  @Field(() => Decimal, { nullable: true, description: "At least 0, in whole minor units of the pharmacy's currency (ISO 4217: whole shillings for UGX, cents for KES); with redeemed points never above the subtotal." })
  @IsOptional()
  discountAmount?: Decimal;

  @Field(() => String, { nullable: true, description: "Free-text notes (at most 2,000 characters)." })
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
