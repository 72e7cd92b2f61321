import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  Environment,
  type JWSTransactionDecodedPayload,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import { AppleVerificationError, ProviderUnavailableError } from './billing-provider.js';

export interface AppleStoreOptions {
  /** DER or PEM root certificates (Apple's, or a test CA's). */
  rootCertificates: Buffer[];
  /** Revocation (OCSP) and validity by the current date: on in production, off with a test CA. */
  onlineChecks: boolean;
  environment: 'Production' | 'Sandbox';
  bundleId: string;
  /** Required by Apple's library in production. */
  appAppleId?: number | undefined;
}

export type AppleTransaction = JWSTransactionDecodedPayload;

/**
 * App Store signed transactions (StoreKit 2 JWS) checked with Apple's server library: the
 * certificate chain up to the configured roots, the signature, the bundle id and the environment.
 */
export class AppleStore {
  private readonly verifier: SignedDataVerifier;

  constructor(options: AppleStoreOptions) {
    this.verifier = new SignedDataVerifier(
      options.rootCertificates,
      options.onlineChecks,
      options.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
      options.bundleId,
      options.appAppleId,
    );
  }

  /**
   * The decoded transaction; throws AppleVerificationError for anything Apple did not sign for this
   * app, ProviderUnavailableError when Apple's online check could not give an answer.
   */
  async verifyTransaction(signedTransaction: string): Promise<AppleTransaction> {
    try {
      return await this.verifier.verifyAndDecodeTransaction(signedTransaction);
    } catch (error) {
      const status = error instanceof VerificationException ? error.status : 'unknown';
      // Apple's online check (OCSP) could not be reached or failed: not a verdict, ask again later.
      if (status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE) {
        throw new ProviderUnavailableError('App Store online check unavailable');
      }
      throw new AppleVerificationError(`App Store transaction not verified (status ${status})`);
    }
  }
}

/** Reads the comma-separated certificate files of APPLE_ROOT_CERTIFICATES (DER or PEM) as DER. */
export function readRootCertificates(paths: string): Buffer[] {
  return paths
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean)
    .map((path) => new X509Certificate(readFileSync(path)).raw);
}
