import type { AccountErrorCode } from './accounts.js';
import type { BillingErrorCode } from './billing.js';
import type { ErrorCode } from './errors.js';
import type { TopicErrorCode } from './topics.js';

/** Every code an error answer carries: the generic ones and each feature's own. */
export type AppErrorCode = ErrorCode | AccountErrorCode | BillingErrorCode | TopicErrorCode;
