import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";
import { MAX_WITNESS } from "../../drug-safety/witness.js";

@ObjectType({ description: "Stock sent back to its supplier: one batch, a supplier_return movement in the ledger." })
export class SupplierReturn {
  @Field(() => ID, { description: "Supplier return id (UUID)." })
  id!: string;

  @Field(() => String, { description: "SR-<pharmacy code>-<yyyymmdd>-<sequence>." })
  returnNumber!: string;

  @Field(() => ID, { description: "The pharmacy sending the goods back." })
  pharmacyId!: string;

  @Field(() => ID, { description: "The supplier." })
  supplierId!: string;

  @Field(() => String, { description: "The supplier's name." })
  supplierName!: string;

  @Field(() => ID, { nullable: true, description: "The purchase order the goods came on; null when not given." })
  purchaseOrderId!: string | null;

  @Field(() => ID, { description: "The stock item the units left." })
  inventoryItemId!: string;

  @Field(() => String, { nullable: true, description: "The stock item's medication code; null for stock that is not a catalogued medicine." })
  medicationCode!: string | null;

  @Field(() => ID, { description: "The batch the units left." })
  batchId!: string;

  @Field(() => String, { nullable: true, description: "The batch's lot number; null for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "The batch's expiry date (YYYY-MM-DD); null for goods without one." })
  expiryDate!: string | null;

  @Field(() => Int, { description: "Units sent back." })
  quantity!: number;

  @Field(() => String, { description: "Why they went back." })
  reason!: string;

  @Field(() => ID, { description: "The supplier_return movement in the stock ledger." })
  stockMovementId!: string;

  @Field(() => String, { nullable: true, description: "Who witnessed the units leave (required for a controlled medicine, never the recorder); null when none was given." })
  witness!: string | null;

  @Field(() => ID, { nullable: true, description: "The controlled register's supplier_return entry; null for a medicine that is not controlled." })
  controlledEntryId!: string | null;

  @Field(() => String, { description: "Subject of the caller who recorded it." })
  createdBy!: string;

  @Field(() => Date, { description: "When it was recorded." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of supplier returns, newest first." })
export class SupplierReturnPage extends PageOf(SupplierReturn) {}

@InputType({ description: "Units of one batch to send back to a supplier: name the stock (inventoryItem or medicationCode) and the batch (batchId or lotNumber)." })
export class CreateSupplierReturnInput {
  @Field(() => String, { description: "The supplier's id or code." })
  @Length(1, 64)
  supplier!: string;

  @Field(() => ID, { nullable: true, description: "The stock item; or name medication_code." })
  @IsOptional()
  inventoryItem?: string;

  @Field(() => String, { nullable: true, description: "The pharmacy's stock of this medication code; or name inventoryItem." })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => ID, { nullable: true, description: "The batch; or name lot_number." })
  @IsOptional()
  batchId?: string;

  @Field(() => String, { nullable: true, description: "The batch's lot (any case, surrounding spaces ignored); 400 when two batches carry it." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => Int, { description: "Greater than zero; at most the batch holds (409)." })
  quantity!: number;

  @Field(() => String, { description: "Why they go back (1 to 500 characters)." })
  @Length(1, 500)
  reason!: string;

  @Field(() => String, { nullable: true, description: "Second member of staff witnessing the units leave (1 to 200 characters): required for a controlled medicine; never the caller." })
  @IsOptional()
  @Length(1, MAX_WITNESS)
  witness?: string;

  @Field(() => ID, { nullable: true, description: "The purchase order the goods came on, when known (this pharmacy's, this supplier's)." })
  @IsOptional()
  purchaseOrder?: string;

  @Field(() => ID, { nullable: true, description: "Default: the caller's pharmacy (admins name one)." })
  @IsOptional()
  pharmacyId?: string;
}
