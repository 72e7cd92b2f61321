import type { Platform } from '../access/index.js';
import { formatUsd, PLANS, type PlanId } from './plans.js';

/** One entry of a platform's product list (productId, price, title, description). */
export interface ProductListing {
  productId: string;
  /** The price as shown: the store's own text on iOS and Android, dollars on the web. */
  price: string;
  title: string;
  description: string;
}

/** Which plan a product sells, and how the product list treats it. */
export interface ProductDefinition {
  productId: string;
  plan: PlanId;
  /** The limited annual product: sold only through the special offer, never in the list. */
  isLimited: boolean;
  /** A monthly subscription with a 30-day free trial (the "30" variant of the stores). */
  hasThirtyDayTrial: boolean;
  title: string;
  description: string;
}

const product = (
  productId: string,
  plan: PlanId,
  title: string,
  description: string,
  extra: Partial<Pick<ProductDefinition, 'isLimited' | 'hasThirtyDayTrial'>> = {},
): ProductDefinition => ({
  productId,
  plan,
  isLimited: extra.isLimited ?? false,
  hasThirtyDayTrial: extra.hasThirtyDayTrial ?? false,
  title,
  description,
});

const MONTHLY = 'Tagscout Pro Monthly';
const ANNUAL = 'Tagscout Pro Annual';
const PRO = 'Every related tag, unlimited copies, no branding and saved collections.';

/**
 * Product ids per platform (docs/product-rules.md#plans-and-purchases): the web sells monthly and annual pro (the special
 * offer's annual price is its own product); the stores sell monthly, annual, a monthly with a
 * 30-day free trial, and the limited annual. The ids must match the ones set up in App Store
 * Connect and the Play Console.
 */
export const PRODUCTS: Readonly<Record<Platform, readonly ProductDefinition[]>> = {
  web: [
    product('tagscout_pro_monthly', 'monthly', MONTHLY, PRO),
    product('tagscout_pro_annual', 'annual', ANNUAL, PRO),
    product('tagscout_pro_annual_limited', 'annualSpecial', `${ANNUAL} (special offer)`, PRO, {
      isLimited: true,
    }),
  ],
  ios: storeProducts('com.tagscout.app'),
  android: storeProducts('com.tagscout.app'),
};

function storeProducts(prefix: string): ProductDefinition[] {
  return [
    product(`${prefix}.pro.monthly`, 'monthly', MONTHLY, PRO),
    product(`${prefix}.pro.monthly.trial30`, 'monthly', `${MONTHLY} (30-day free trial)`, PRO, {
      hasThirtyDayTrial: true,
    }),
    product(`${prefix}.pro.annual`, 'annual', ANNUAL, PRO),
    product(`${prefix}.pro.annual.limited`, 'annualSpecial', `${ANNUAL} (special offer)`, PRO, {
      isLimited: true,
    }),
  ];
}

export function findProduct(platform: Platform, productId: string): ProductDefinition | undefined {
  return PRODUCTS[platform].find((definition) => definition.productId === productId);
}

/** The product a platform sells for a plan (the plain one, not the 30-day-trial variant). */
export function productForPlan(platform: Platform, plan: PlanId): ProductDefinition {
  const found = PRODUCTS[platform].find(
    (definition) => definition.plan === plan && !definition.hasThirtyDayTrial,
  );
  if (!found) throw new Error(`no ${platform} product for the ${plan} plan`);
  return found;
}

/**
 * The product list a platform shows: the limited annual product is filtered out
 * and the annual product placed second; the others keep their order.
 */
export function orderProductList<T extends Pick<ProductListing, 'productId'>>(
  products: readonly T[],
  platform: Platform,
): T[] {
  const isKind = (item: T, test: (definition: ProductDefinition) => boolean) => {
    const definition = findProduct(platform, item.productId);
    return definition !== undefined && test(definition);
  };
  const listed = products.filter((item) => !isKind(item, (definition) => definition.isLimited));
  const annualAt = listed.findIndex((item) =>
    isKind(item, (definition) => definition.plan === 'annual' && !definition.hasThirtyDayTrial),
  );
  if (annualAt < 0 || listed.length < 2) return listed;
  const [annual] = listed.splice(annualAt, 1);
  listed.splice(1, 0, annual!);
  return listed;
}

/** The list with our own dollar prices: the web's list, and the apps' until the store answers. */
export function defaultProductList(platform: Platform): ProductListing[] {
  return orderProductList(
    PRODUCTS[platform].map((definition) => ({
      productId: definition.productId,
      price: formatUsd(PLANS[definition.plan].priceUsd),
      title: definition.title,
      description: definition.description,
    })),
    platform,
  );
}
