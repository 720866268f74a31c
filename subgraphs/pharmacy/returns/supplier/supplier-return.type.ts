import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "Stock sent back to its supplier: one batch, a supplier_return movement in the ledger." })
export class SupplierReturn {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "SR-<pharmacy code>-<yyyymmdd>-<sequence>." })
  returnNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID)
  supplierId!: string;

  @Field(() => String)
  supplierName!: string;

  @Field(() => ID, { nullable: true })
  purchaseOrderId!: string | null;

  @Field(() => ID)
  inventoryItemId!: string;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => ID)
  batchId!: string;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  expiryDate!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String)
  reason!: string;

  @Field(() => ID)
  stockMovementId!: string;

  @Field(() => String)
  createdBy!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class SupplierReturnPage extends PageOf(SupplierReturn) {}

@InputType()
export class CreateSupplierReturnInput {
  @Field(() => String, { description: "The supplier's id or code." })
  @Length(1, 64)
  supplier!: string;

  @Field(() => ID, { nullable: true, description: "The stock item; or name medication_code." })
  @IsOptional()
  inventoryItem?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => ID, { nullable: true, description: "The batch; or name lot_number." })
  @IsOptional()
  batchId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => Int, { description: "Greater than zero; at most the batch holds (409)." })
  quantity!: number;

  @Field(() => String)
  @Length(1, 500)
  reason!: string;

  @Field(() => ID, { nullable: true, description: "The purchase order the goods came on, when known (this pharmacy's, this supplier's)." })
  @IsOptional()
  purchaseOrder?: string;

  @Field(() => ID, { nullable: true, description: "Default: the caller's pharmacy (admins name one)." })
  @IsOptional()
  pharmacyId?: string;
}
