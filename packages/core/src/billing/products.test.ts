import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../access/index.js';
import { defaultProductList, findProduct, orderProductList, PRODUCTS, productForPlan } from './products.js';

const PLATFORMS: Platform[] = ['web', 'ios', 'android'];

describe('product lists', () => {
  it.each(PLATFORMS)('lists %s without the limited annual, with annual second', (platform) => {
    const list = defaultProductList(platform);
    expect(list.some((item) => findProduct(platform, item.productId)?.isLimited)).toBe(false);
    expect(findProduct(platform, list[1]!.productId)).toMatchObject({
      plan: 'annual',
      hasThirtyDayTrial: false,
    });
  });

  it('shows the plan prices', () => {
    expect(defaultProductList('web').map((item) => item.price)).toEqual(['$4.99', '$39.99']);
    expect(defaultProductList('ios').map((item) => [item.productId, item.price])).toEqual([
      ['com.tagscout.app.pro.monthly', '$4.99'],
      ['com.tagscout.app.pro.annual', '$39.99'],
      ['com.tagscout.app.pro.monthly.trial30', '$4.99'],
    ]);
  });

  it('sells the special offer through the limited annual product', () => {
    for (const platform of PLATFORMS) {
      expect(productForPlan(platform, 'annualSpecial').isLimited).toBe(true);
      expect(productForPlan(platform, 'annual').isLimited).toBe(false);
    }
  });

  it('orders any list the store answers: limited gone, annual second, the rest in their order', () => {
    const ids = PRODUCTS.android.map((definition) => definition.productId);
    const unknown = fc.string({ minLength: 1, maxLength: 8 }).map((text) => `other.${text}`);
    const listing = fc.oneof(fc.constantFrom(...ids), unknown).map((productId) => ({ productId }));
    fc.assert(
      fc.property(
        fc.uniqueArray(listing, { selector: (item) => item.productId, maxLength: 8 }),
        (products) => {
          const ordered = orderProductList(products, 'android');
          const limited = (id: string) => findProduct('android', id)?.isLimited === true;
          const isAnnual = (id: string) => id === 'com.tagscout.app.pro.annual';
          expect(ordered.some((item) => limited(item.productId))).toBe(false);
          const kept = products.filter((item) => !limited(item.productId));
          expect(ordered).toHaveLength(kept.length);
          if (kept.length >= 2 && kept.some((item) => isAnnual(item.productId))) {
            expect(isAnnual(ordered[1]!.productId)).toBe(true);
          }
          const others = (list: { productId: string }[]) => list.filter((item) => !isAnnual(item.productId));
          expect(others(ordered)).toEqual(others(kept));
        },
      ),
    );
  });
});
