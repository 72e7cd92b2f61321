import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  created: number;
  currentPeriodEnd: number;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1, answering the calls our Stripe provider makes in
 * Stripe's own JSON shapes: Checkout sessions, billing portal sessions, customers and the
 * subscription list. Tests move its state as Stripe would (completeCheckout, cancel).
 */
export class FakeStripe {
  readonly requests: {
    method: string;
    path: string;
    body: URLSearchParams;
    idempotencyKey: string | null;
  }[] = [];
  readonly customers = new Map<string, { id: string; email: string }>();
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly subscriptions: FakeSubscription[] = [];
  /** Status to answer every call with instead (a Stripe outage), or null. */
  failWith: number | null = null;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The customer pays on Stripe's page: a customer and an active subscription, the session complete. */
  completeCheckout(sessionId: string, email: string): { customerId: string; subscriptionId: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customerId = (session.customer as string | null) ?? `cus_${random()}`;
    this.customers.set(customerId, { id: customerId, email });
    const subscriptionId = `sub_${random()}`;
    const created = Math.floor(Date.now() / 1000) + this.subscriptions.length;
    this.subscriptions.push({
      id: subscriptionId,
      customer: customerId,
      status: 'active',
      price: String(session.price),
      created,
      currentPeriodEnd: created + 365 * 86_400,
    });
    Object.assign(session, {
      status: 'complete',
      customer: customerId,
      subscription: subscriptionId,
      customer_details: { email },
    });
    return { customerId, subscriptionId };
  }

  setStatus(subscriptionId: string, status: string): void {
    const subscription = this.subscriptions.find((item) => item.id === subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.status = status;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });
    const key = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (key !== 'sk_test_fake')
      return send(
        response,
        401,
        stripeError(`Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`),
      );
    if (this.failWith)
      return send(response, this.failWith, stripeError('Stripe is having a bad day', 'api_error'));

    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /v1/checkout/sessions') return send(response, 200, this.createSession(body));
    let match = /^GET \/v1\/checkout\/sessions\/([^/]+)$/.exec(route);
    if (match) {
      const session = this.sessions.get(match[1]!);
      return session
        ? send(response, 200, session)
        : send(response, 404, stripeError('No such checkout.session'));
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      return send(response, 200, {
        id: `bps_${random()}`,
        object: 'billing_portal.session',
        customer: body.get('customer'),
        return_url: body.get('return_url'),
        url: `https://billing.stripe.test/p/session/${random()}`,
      });
    }
    match = /^GET \/v1\/customers\/([^/]+)$/.exec(route);
    if (match) {
      const customer = this.customers.get(match[1]!);
      return customer
        ? send(response, 200, { id: customer.id, object: 'customer', email: customer.email })
        : send(response, 404, stripeError(`No such customer: '${match[1]}'`));
    }
    if (route === 'GET /v1/subscriptions') {
      const customer = url.searchParams.get('customer');
      const data = this.subscriptions
        .filter((item) => item.customer === customer)
        .map((item) => subscriptionObject(item));
      return send(response, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
    }
    return send(response, 404, stripeError(`Unrecognized request URL (${route})`));
  }

  private createSession(body: URLSearchParams) {
    const id = `cs_test_${random()}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: body.get('mode'),
      status: 'open',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      client_reference_id: body.get('client_reference_id'),
      customer: body.get('customer'),
      customer_email: body.get('customer_email'),
      customer_details: null,
      success_url: body.get('success_url'),
      cancel_url: body.get('cancel_url'),
      metadata: { reference: body.get('metadata[reference]'), plan: body.get('metadata[plan]') },
      price: body.get('line_items[0][price]'),
    };
    this.sessions.set(id, session);
    return session;
  }
}

function subscriptionObject(item: FakeSubscription) {
  return {
    id: item.id,
    object: 'subscription',
    customer: item.customer,
    status: item.status,
    created: item.created,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${item.id}`,
          object: 'subscription_item',
          price: { id: item.price, object: 'price' },
          current_period_end: item.currentPeriodEnd,
        },
      ],
    },
  };
}

function stripeError(message: string, type = 'invalid_request_error') {
  return { error: { type, message } };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${random()}` });
  response.end(JSON.stringify(body));
}

function random(): string {
  return randomBytes(9).toString('hex');
}
