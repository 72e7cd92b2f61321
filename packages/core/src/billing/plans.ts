import { LIMITS } from '../limits/index.js';

/** What a customer can buy, on every platform (docs/product-rules.md#plans-and-purchases; US dollars). */
export const PlanId = {
  monthly: 'monthly',
  annual: 'annual',
  /** The limited-time annual price of the special offer (3 days after a trial ends). */
  annualSpecial: 'annualSpecial',
} as const;
export type PlanId = (typeof PlanId)[keyof typeof PlanId];

export const PLAN_IDS = Object.values(PlanId) as [PlanId, ...PlanId[]];

export interface Plan {
  id: PlanId;
  interval: 'month' | 'year';
  priceUsd: number;
  /** The crossed-out price the offer compares itself with; null when there is none. */
  wasPriceUsd: number | null;
  isSpecialOffer: boolean;
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  monthly: {
    id: PlanId.monthly,
    interval: 'month',
    priceUsd: LIMITS.priceMonthly,
    wasPriceUsd: null,
    isSpecialOffer: false,
  },
  annual: {
    id: PlanId.annual,
    interval: 'year',
    priceUsd: LIMITS.priceAnnual,
    wasPriceUsd: null,
    isSpecialOffer: false,
  },
  annualSpecial: {
    id: PlanId.annualSpecial,
    interval: 'year',
    priceUsd: LIMITS.priceAnnualSpecial,
    wasPriceUsd: LIMITS.priceAnnualSpecialWas,
    isSpecialOffer: true,
  },
};

/** A price in US dollars, written the reader's way: "$4.99" in en-US, "US$ 4,99" in pt-BR. */
export function formatUsd(amount: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(amount);
}

/** What the annual plan costs per month, rounded down to the cent ($39.99 a year is $3.33). */
export function monthlyEquivalentUsd(plan: Plan): number {
  if (plan.interval === 'month') return plan.priceUsd;
  return Math.floor((plan.priceUsd * 100) / 12) / 100;
}

/** Whole percent saved by paying yearly instead of twelve months (33 for $39.99 against $4.99). */
export function annualSavingsPercent(annual: Plan = PLANS.annual, monthly: Plan = PLANS.monthly): number {
  const yearOfMonths = monthly.priceUsd * 12;
  return Math.floor(((yearOfMonths - annual.priceUsd) / yearOfMonths) * 100);
}
