import { Decimal, formatMoney } from "../../../../lib/money.js";

export interface PricingLine {
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: string;
  taxExempt: boolean;
}

export interface PricedLine {
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  taxRate: string;
  taxAmount: string;
}

export interface PricedTransaction {
  lines: PricedLine[];
  subtotal: string;
  taxAmount: string;
  discountAmount: string;
  totalAmount: string;
}

/**
 * Prices a basket exactly (decimal.js, never floating point). Each line's VAT is rounded half-up to the
 * cent, so the receipt's lines add up to its tax total; the discount comes off the taxed total (it does
 * not reduce the VAT base) and may not exceed the subtotal. See docs/decisions/pharmacy.md.
 */
export function priceTransaction(lines: PricingLine[], taxRate: Decimal.Value, discount: Decimal.Value = 0): PricedTransaction {
  const rate = new Decimal(taxRate);
  let subtotal = new Decimal(0);
  let tax = new Decimal(0);
  const priced = lines.map((l) => {
    const lineTotal = new Decimal(l.unitPrice).times(l.quantity);
    const lineRate = l.taxExempt ? new Decimal(0) : rate;
    const lineTax = lineTotal.times(lineRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    subtotal = subtotal.plus(lineTotal);
    tax = tax.plus(lineTax);
    return { ...l, taxExempt: undefined, lineTotal: formatMoney(lineTotal), taxRate: lineRate.toFixed(4), taxAmount: formatMoney(lineTax) };
  });
  const discountAmount = new Decimal(discount);
  if (discountAmount.gt(subtotal)) throw new RangeError(`discount ${formatMoney(discountAmount)} exceeds the subtotal ${formatMoney(subtotal)}`);
  return {
    lines: priced.map(({ taxExempt: _t, ...line }) => line),
    subtotal: formatMoney(subtotal),
    taxAmount: formatMoney(tax),
    discountAmount: formatMoney(discountAmount),
    totalAmount: formatMoney(subtotal.plus(tax).minus(discountAmount)),
  };
}
