import { Field, ID, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { TransactionItem } from "../transaction/transaction.type.js";

@ObjectType({ description: "The seller named on a receipt." })
export class ReceiptPharmacy {
  @Field(() => ID, { description: "Pharmacy id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Pharmacy code, e.g. KLA-01." })
  code!: string;

  @Field(() => String, { description: "Pharmacy name." })
  name!: string;

  @Field(() => String, { nullable: true, description: "Pharmacy address; null when not recorded." })
  address!: string | null;

  @Field(() => String, { nullable: true, description: "Pharmacy phone; null when not recorded." })
  phone!: string | null;

  @Field(() => Decimal, { description: "VAT rate of taxable lines." })
  taxRate!: string;
}

@ObjectType({ description: "Receipt of a completed sale." })
export class Receipt {
  @Field(() => ID, { description: "The sale's transaction id." })
  transactionId!: string;

  @Field(() => String, { description: "The sale's transaction number, which is also the receipt number." })
  transactionNumber!: string;

  @Field(() => ReceiptPharmacy, { description: "The selling pharmacy." })
  pharmacy!: ReceiptPharmacy;

  @Field(() => String, { description: "Cashier identifier of the sale." })
  cashier!: string;

  @Field(() => String, { nullable: true, description: "Customer's name, when given." })
  customerName!: string | null;

  @Field(() => Date, { description: "When the sale was completed." })
  issuedAt!: Date;

  @Field(() => [TransactionItem], { description: "The sale's lines with their VAT." })
  items!: TransactionItem[];

  @Field(() => Decimal, { description: "Sum of the line totals, before VAT and discount." })
  subtotal!: string;

  @Field(() => Decimal, { description: "VAT of the sale." })
  taxAmount!: string;

  @Field(() => Decimal, { description: "Discount: manual discount plus redeemed loyalty points." })
  discountAmount!: string;

  @Field(() => Decimal, { description: "Amount paid: subtotal + taxAmount − discountAmount." })
  totalAmount!: string;

  @Field(() => String, { description: "ISO 4217 code of every amount (UGX: whole shillings)." })
  currency!: string;

  @Field(() => String, { description: "cash, mobile_money or card." })
  paymentMethod!: string;

  @Field(() => String, { description: "completed (a receipt exists only for a completed sale)." })
  paymentStatus!: string;

  @Field(() => String, { nullable: true, description: "Mobile-money or card processor reference; null for cash and for a sale with nothing to pay." })
  paymentReference!: string | null;

  @Field(() => Int, { description: "Loyalty points the sale earned." })
  pointsEarned!: number;

  @Field(() => Int, { description: "Loyalty points the sale redeemed." })
  pointsRedeemed!: number;

  @Field(() => String, { description: "The receipt as plain text (what the e-mail carries)." })
  text!: string;

  @Field(() => String, { nullable: true, description: "Address the receipt was e-mailed to, when asked." })
  emailRecipient!: string | null;

  @Field(() => Boolean, { description: "True when the e-mail notification was accepted by the notification service." })
  emailQueued!: boolean;

  @Field(() => String, { nullable: true, description: "Notification id of the e-mail, when queued." })
  emailNotificationId!: string | null;
}

@ObjectType({ description: "A file answer: the REST bridge decodes it and answers with the file's content type." })
export class ReceiptFile {
  @Field(() => String, { description: "File name, receipt-<transaction number>.pdf." })
  filename!: string;

  @Field(() => String, { description: "The PDF's bytes, base64-encoded." })
  contentBase64!: string;
}
