import type { BillingProvider } from './billing-provider.js';
import { ProviderUnavailableError, WebhookSignatureError } from './billing-provider.js';

/**
 * BILLING_PROVIDER unset at a public address (or `none`): nothing can be bought on the web. The
 * service answers checkout and portal with "payments are not set up" before reaching here.
 */
export class NoBillingProvider implements BillingProvider {
  readonly name = 'none' as const;

  async createCheckout(): Promise<never> {
    throw new ProviderUnavailableError('payments are not set up');
  }

  async getCheckout() {
    return null;
  }

  async createPortal(): Promise<never> {
    throw new ProviderUnavailableError('payments are not set up');
  }

  verifyWebhook(): never {
    throw new WebhookSignatureError('payments are not set up');
  }

  async fetchCustomer() {
    return null;
  }
}
