import type { AccountState, Capabilities } from '@tagscout/core/access';

/** Who is asking: resolved once per /api request, before any handler. */
export interface Viewer {
  userId: string | null;
  deviceId: string | null;
  email: string | null;
  account: AccountState;
  capabilities: Capabilities;
  isAdmin: boolean;
}
