import type { AccountErrorCode } from './account-error-code.js';
import type { ArchiveErrorCode } from './archive-error-code.js';
import type { BillingErrorCode } from './billing.js';
import type { ErrorCode } from './errors.js';
import type { TopicErrorCode } from './topic-error-code.js';

/** Every code an error answer carries: the generic ones and each feature's own. */
export type AppErrorCode =
  | ErrorCode
  | AccountErrorCode
  | ArchiveErrorCode
  | BillingErrorCode
  | TopicErrorCode;
