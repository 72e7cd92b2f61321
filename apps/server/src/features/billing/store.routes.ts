import {
  AccountTokenResponseSchema,
  AndroidVerifyBodySchema,
  IosVerifyBodySchema,
  StoreVerifyResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { requireSignedIn } from '../../plugins/auth.js';
import type { BillingRuntime } from './billing.runtime.js';
import { accountTokenFor, verifyAndroidPurchase, verifyIosPurchase } from './store.service.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const tags = ['store'];
// A signed transaction is a few kilobytes; nothing here needs the default 1 MiB.
const bodyLimit = 64 * 1024;

/** App Store and Google Play purchases (ios-verify, android-verify), for the signed-in user. */
export function storeRoutes(runtime: BillingRuntime): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/store/account-token',
      {
        preHandler: requireSignedIn,
        schema: {
          tags,
          summary:
            'The account token to pass with a purchase (Apple appAccountToken, Google obfuscatedAccountId)',
          response: { 200: AccountTokenResponseSchema, ...errors },
        },
      },
      async (request) => ({ accountToken: accountTokenFor(runtime, request.viewer.userId!) }),
    );

    app.post(
      '/store/ios-verify',
      {
        preHandler: requireSignedIn,
        bodyLimit,
        schema: {
          tags,
          summary: 'Verifies an App Store signed transaction (JWS) and sets mobileCustomer while it is valid',
          body: IosVerifyBodySchema,
          response: { 200: StoreVerifyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        return: {
          validSubscription: await verifyIosPurchase(runtime, {
            userId: request.viewer.userId!,
            signedTransaction: request.body.receipt,
          }),
        },
      }),
    );

    app.post(
      '/store/android-verify',
      {
        preHandler: requireSignedIn,
        bodyLimit,
        schema: {
          tags,
          summary: 'Verifies a Google Play purchase token and sets mobileCustomer while it is valid',
          body: AndroidVerifyBodySchema,
          response: { 200: StoreVerifyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        return: {
          validSubscription: await verifyAndroidPurchase(runtime, {
            userId: request.viewer.userId!,
            purchaseToken: request.body.purchaseToken,
            productId: request.body.productId,
          }),
        },
      }),
    );
  };
}
