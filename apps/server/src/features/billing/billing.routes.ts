import {
  BillingInfoResponseSchema,
  CheckoutBodySchema,
  CheckoutReturnQuerySchema,
  RedirectUrlResponseSchema,
  RestorePurchaseBodySchema,
  RestorePurchaseResponseSchema,
  WebhookResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../app-error.js';
import { requireCapability } from '../../plugins/auth.js';
import type { BillingRuntime } from './billing.runtime.js';
import {
  checkoutReturnPath,
  emailRestoreLink,
  handleWebhook,
  isSpecialOfferOpen,
  openPortal,
  startCheckout,
} from './billing.service.js';
import { LOCAL_ONLY_MESSAGE } from './public-address.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const tags = ['billing'];
const WEBHOOK_BODY_LIMIT = 512 * 1024;
const RESTORE_SENT_MESSAGE = 'If this address bought Tagscout Pro, a link to its purchase is on its way.';

/** Web checkout, the billing portal and the providers' webhooks (decision 009). */
export function billingRoutes(runtime: BillingRuntime): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/billing/info',
      {
        schema: {
          tags,
          summary: 'How this server takes payments, and whether the special offer is open for the visitor',
          response: { 200: BillingInfoResponseSchema },
        },
      },
      async (request) => ({
        provider: runtime.provider.name,
        isSpecialOfferOpen: await isSpecialOfferOpen(runtime, request.viewer),
      }),
    );

    app.post(
      '/billing/checkout',
      {
        // Each call makes a checkout at the provider: a lid per client address.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Starts the provider's hosted checkout for a plan; answers the page to open",
          body: CheckoutBodySchema,
          response: { 200: RedirectUrlResponseSchema, ...errors },
        },
      },
      async (request) => {
        if (runtime.local && !runtime.local.acceptsRequest(request.headers)) {
          throw AppError.forbidden(LOCAL_ONLY_MESSAGE);
        }
        return startCheckout(runtime, request.viewer, {
          plan: request.body.plan,
          language: request.body.language ?? 'en',
          origin: request.headers.origin,
        });
      },
    );

    app.get(
      '/billing/checkout/return',
      {
        schema: {
          tags,
          summary:
            'Where the provider sends the browser after checkout: grants nothing, redirects to the plans page or account setup',
          querystring: CheckoutReturnQuerySchema,
          response: { 303: z.null(), ...errors },
        },
      },
      async (request, reply) => reply.redirect(await checkoutReturnPath(runtime, request.query.ref), 303),
    );

    app.post(
      '/billing/portal',
      {
        preHandler: requireCapability('canManageAccount'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Opens the provider's account management (Manage Account) for the signed-in customer",
          body: z.strictObject({ language: z.enum(['en', 'pt']).optional() }).optional(),
          response: { 200: RedirectUrlResponseSchema, ...errors },
        },
      },
      async (request) =>
        openPortal(runtime, request.viewer, {
          language: request.body?.language ?? 'en',
          origin: request.headers.origin,
        }),
    );

    app.post(
      '/billing/restore',
      {
        // Each call may send an email: a tight lid per client address (and one mail per 10 minutes per address).
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary:
            'Restore purchase on the web: emails the paying address a link to its purchase (account setup, or sign-in and the portal)',
          body: RestorePurchaseBodySchema,
          response: { 202: RestorePurchaseResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await emailRestoreLink(runtime, {
          email: request.body.email,
          language: request.body.language ?? 'en',
        });
        return reply.code(202).send({ status: 'check_email' as const, message: RESTORE_SENT_MESSAGE });
      },
    );

    await app.register(async (webhooks) => {
      // The signature covers the exact bytes: keep the raw body, never parse JSON first.
      webhooks.removeContentTypeParser('application/json');
      webhooks.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      for (const providerName of ['local', 'stripe'] as const) {
        webhooks.post(
          `/billing/webhooks/${providerName}`,
          {
            bodyLimit: WEBHOOK_BODY_LIMIT,
            schema: {
              tags,
              summary: `The ${providerName} provider's signed webhook; the same event twice changes nothing`,
              response: { 200: WebhookResponseSchema, ...errors },
            },
          },
          async (request) => {
            const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            const result = await handleWebhook(runtime, { providerName, rawBody, headers: request.headers });
            return { received: true as const, duplicate: result.duplicate };
          },
        );
      }
    });
  };
}
