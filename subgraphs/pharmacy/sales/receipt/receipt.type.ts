import { Field, ID, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { TransactionItem } from "../transaction/transaction.type.js";

@ObjectType({ description: "The seller named on a receipt." })
export class ReceiptPharmacy {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  address!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => Decimal, { description: "VAT rate of taxable lines." })
  taxRate!: string;
}

@ObjectType({ description: "Receipt of a completed sale." })
export class Receipt {
  @Field(() => ID)
  transactionId!: string;

  @Field(() => String)
  transactionNumber!: string;

  @Field(() => ReceiptPharmacy)
  pharmacy!: ReceiptPharmacy;

  @Field(() => String)
  cashier!: string;

  @Field(() => String, { nullable: true })
  customerName!: string | null;

  @Field(() => Date, { description: "When the sale was completed." })
  issuedAt!: Date;

  @Field(() => [TransactionItem])
  items!: TransactionItem[];

  @Field(() => Decimal)
  subtotal!: string;

  @Field(() => Decimal)
  taxAmount!: string;

  @Field(() => Decimal)
  discountAmount!: string;

  @Field(() => Decimal)
  totalAmount!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => String)
  paymentMethod!: string;

  @Field(() => String)
  paymentStatus!: string;

  @Field(() => String, { nullable: true })
  paymentReference!: string | null;

  @Field(() => Int)
  pointsEarned!: number;

  @Field(() => Int)
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
  @Field(() => String)
  filename!: string;

  @Field(() => String)
  contentBase64!: string;
}
