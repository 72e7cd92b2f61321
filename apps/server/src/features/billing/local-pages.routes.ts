import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkoutGonePage,
  checkoutPage,
  planNamesOf,
  portalGonePage,
  portalPage,
} from './local-pages.html.js';
import type { LocalBillingProvider } from './local-provider.js';
import { LOCAL_ONLY_MESSAGE } from './public-address.js';

type Language = 'en' | 'pt';
const languageOf = (value: string): Language => (value === 'pt' ? 'pt' : 'en');

/**
 * The local provider's hosted checkout and portal (outside /api, as a provider's site would be).
 * "Pay" and "Cancel" change only the provider's side and send the signed webhook; the account
 * changes when the server accepts that webhook.
 */
export function localPagesRoutes(local: LocalBillingProvider): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addHook('onRequest', async (request, reply) => {
      if (!local.acceptsRequest(request.headers)) {
        return reply.status(403).type('text/plain; charset=utf-8').send(LOCAL_ONLY_MESSAGE);
      }
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // With helmet's no-referrer, browsers send "Origin: null" on form posts; same-origin keeps it.
      reply.header('referrer-policy', 'same-origin');
    });

    app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
      const page = await local.findCheckoutPage(request.params.id);
      if (!page?.isOpen)
        return html(reply, 404, checkoutGonePage(page ? languageOf(page.checkout.language) : 'en'));
      return html(
        reply,
        200,
        checkoutPage({
          language: languageOf(page.checkout.language),
          plan: page.plan,
          email: page.checkout.email,
          action: `${request.url.split('?')[0]}/pay`,
          cancelUrl: page.checkout.cancel_url,
        }),
      );
    });

    app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/checkout/:id/pay',
      async (request, reply) => {
        if (!isSameOrigin(request)) return reply.status(403).send('Cross-site form refused.');
        const outcome = await local.pay(request.params.id, request.body?.email ?? '');
        if (outcome.kind === 'paid') return reply.redirect(outcome.redirectUrl, 303);
        const page = await local.findCheckoutPage(request.params.id);
        if (outcome.kind === 'gone' || !page) return html(reply, 404, checkoutGonePage('en'));
        return html(
          reply,
          400,
          checkoutPage({
            language: languageOf(page.checkout.language),
            plan: page.plan,
            email: page.checkout.email,
            action: request.url,
            cancelUrl: page.checkout.cancel_url,
            error: 'invalid_email',
          }),
        );
      },
    );

    app.get<{ Params: { id: string } }>('/portal/:id', async (request, reply) => {
      const page = await local.findPortalPage(request.params.id);
      if (!page) return html(reply, 404, portalGonePage('en'));
      const language = languageOf(page.session.language);
      return html(
        reply,
        200,
        portalPage({
          language,
          customer: page.customer,
          planNames: planNamesOf(language),
          action: `${request.url.split('?')[0]}/cancel`,
          returnUrl: page.session.return_url,
        }),
      );
    });

    app.post<{ Params: { id: string } }>('/portal/:id/cancel', async (request, reply) => {
      if (!isSameOrigin(request)) return reply.status(403).send('Cross-site form refused.');
      const returnUrl = await local.cancelFromPortal(request.params.id);
      if (!returnUrl) return html(reply, 404, portalGonePage('en'));
      return reply.redirect(returnUrl, 303);
    });
  };
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(body);
}

/**
 * A form posted from another site is refused (the ids are secret; this is a second lock). Browsers
 * say where a request comes from in Sec-Fetch-Site; without it, Origin must be ours.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === `${request.protocol}://${request.host}`;
  return true;
}
