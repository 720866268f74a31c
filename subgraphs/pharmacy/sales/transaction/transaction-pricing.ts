import { Decimal, formatMoney, minorDigits, roundMoney } from "../../../../lib/money.js";

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

/** What prices a basket besides its lines: the pharmacy's VAT rate and currency. */
export interface PricingPharmacy {
  taxRate: Decimal.Value;
  currency: string;
}

/**
 * Prices a basket exactly (decimal.js, never floating point), in the pharmacy's currency: every amount
 * is rounded half-up to its minor unit (ISO 4217: whole shillings for UGX, cents for KES). Each line's
 * VAT is rounded on the line, so the receipt's lines add up to its tax total; the discount (manual plus
 * loyalty points) comes off the taxed total (it does not reduce the VAT base) and may not exceed the
 * subtotal. Prices and discounts are refused at input when finer than the minor unit, so rounding a
 * line total or the discount only changes amounts recorded before that rule (a UGX price of 4500.50).
 * See docs/decisions/pharmacy.md, "Money".
 */
export function priceTransaction(lines: PricingLine[], pharmacy: PricingPharmacy, discount: Decimal.Value = 0): PricedTransaction {
  const digits = minorDigits(pharmacy.currency);
  const rate = new Decimal(pharmacy.taxRate);
  let subtotal = new Decimal(0);
  let tax = new Decimal(0);
  const priced = lines.map((l) => {
    const lineTotal = roundMoney(new Decimal(l.unitPrice).times(l.quantity), digits);
    const lineRate = l.taxExempt ? new Decimal(0) : rate;
    const lineTax = roundMoney(lineTotal.times(lineRate), digits);
    subtotal = subtotal.plus(lineTotal);
    tax = tax.plus(lineTax);
    return { ...l, taxExempt: undefined, lineTotal: formatMoney(lineTotal), taxRate: lineRate.toFixed(4), taxAmount: formatMoney(lineTax) };
  });
  const discountAmount = roundMoney(discount, digits);
  if (discountAmount.gt(subtotal)) throw new RangeError(`discount ${formatMoney(discountAmount)} exceeds the subtotal ${formatMoney(subtotal)}`);
  return {
    lines: priced.map(({ taxExempt: _t, ...line }) => line),
    subtotal: formatMoney(subtotal),
    taxAmount: formatMoney(tax),
    discountAmount: formatMoney(discountAmount),
    totalAmount: formatMoney(subtotal.plus(tax).minus(discountAmount)),
  };
}
