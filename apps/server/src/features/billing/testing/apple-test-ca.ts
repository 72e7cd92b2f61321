import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A certificate chain shaped like Apple's (root CA, intermediate with the Apple intermediate
 * marker OID 1.2.840.113635.100.6.2.1, leaf with the receipt-signing OID 1.2.840.113635.100.6.11.1),
 * made with node:crypto and a small DER writer, and a signer for StoreKit 2 JWS transactions.
 * Apple's library verifies these exactly as it verifies Apple's own (offline checks).
 */
export interface TestCertificateChain {
  root: Buffer;
  intermediate: Buffer;
  leaf: Buffer;
  leafKey: KeyObject;
}

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  appleIntermediate: '1.2.840.113635.100.6.2.1',
  appleReceiptSigning: '1.2.840.113635.100.6.11.1',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  ocsp: '1.3.6.1.5.5.7.48.1',
} as const;

const YEAR_MS = 365 * 86_400_000;

/**
 * ocspUrl: the leaf and intermediate name an OCSP responder there (authority information access),
 * as Apple's do, for tests with the library's online checks on.
 */
export function createTestCertificateChain(
  name = 'Tagscout Test',
  options: { ocspUrl?: string } = {},
): TestCertificateChain {
  const ocsp = options.ocspUrl ? [authorityInfoAccess(options.ocspUrl)] : [];
  const rootKeys = ecKeys();
  const intermediateKeys = ecKeys();
  const leafKeys = ecKeys();
  const notBefore = new Date(Date.now() - YEAR_MS);
  const notAfter = new Date(Date.now() + 5 * YEAR_MS);
  const rootName = distinguishedName(`${name} Root CA`);
  const intermediateName = distinguishedName(`${name} Intermediate CA`);
  const root = certificate({
    subject: rootName,
    issuer: rootName,
    publicKey: rootKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [caExtension(), keyUsage(0x06)],
    notBefore,
    notAfter,
  });
  const intermediate = certificate({
    subject: intermediateName,
    issuer: rootName,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [caExtension(), keyUsage(0x06), marker(OID.appleIntermediate), ...ocsp],
    notBefore,
    notAfter,
  });
  const leaf = certificate({
    subject: distinguishedName(`${name} App Store Signing`),
    issuer: intermediateName,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    extensions: [
      extension(OID.basicConstraints, sequence(), true),
      keyUsage(0x80),
      marker(OID.appleReceiptSigning),
      ...ocsp,
    ],
    notBefore,
    notAfter,
  });
  return { root, intermediate, leaf, leafKey: leafKeys.privateKey };
}

/** A JWS (ES256, x5c chain in the header) over the payload, as StoreKit 2's jwsRepresentation. */
export function signJws(chain: TestCertificateChain, payload: object): string {
  const header = {
    alg: 'ES256',
    x5c: [chain.leaf, chain.intermediate, chain.root].map((der) => der.toString('base64')),
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: chain.leafKey, dsaEncoding: 'ieee-p1363' });
  return `${unsigned}.${signature.toString('base64url')}`;
}

/** A StoreKit 2 transaction for an auto-renewable subscription, with defaults for the fields Apple sends. */
export function transactionPayload(fields: Record<string, unknown>): Record<string, unknown> {
  const now = Date.now();
  return {
    transactionId: randomDigits(),
    originalTransactionId: randomDigits(),
    webOrderLineItemId: randomDigits(),
    bundleId: 'com.tagscout.app',
    productId: 'com.tagscout.app.pro.annual',
    subscriptionGroupIdentifier: '21000000',
    purchaseDate: now - 60_000,
    originalPurchaseDate: now - 60_000,
    expiresDate: now + YEAR_MS,
    quantity: 1,
    type: 'Auto-Renewable Subscription',
    inAppOwnershipType: 'PURCHASED',
    signedDate: now,
    environment: 'Sandbox',
    transactionReason: 'PURCHASE',
    storefront: 'USA',
    storefrontId: '143441',
    price: 39990,
    currency: 'USD',
    ...fields,
  };
}

function randomDigits(): string {
  return String(2_000_000_000_000_000n + BigInt(`0x${randomBytes(6).toString('hex')}`));
}

// ---- Certificates ----

function ecKeys() {
  return generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
}

function certificate(input: {
  subject: Buffer;
  issuer: Buffer;
  publicKey: KeyObject;
  signingKey: KeyObject;
  extensions: Buffer[];
  notBefore: Date;
  notAfter: Date;
}): Buffer {
  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const tbs = sequence(
    explicit(0, derInteger(Buffer.from([2]))),
    derInteger(randomBytes(8)),
    algorithm,
    input.issuer,
    sequence(utcTime(input.notBefore), utcTime(input.notAfter)),
    input.subject,
    input.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(...input.extensions)),
  );
  const signature = sign('sha256', tbs, input.signingKey);
  return sequence(tbs, algorithm, bitString(signature));
}

function distinguishedName(commonName: string): Buffer {
  const attribute = (type: string, value: string) => set(sequence(oid(type), utf8(value)));
  return sequence(attribute(OID.organization, 'Tagscout Tests'), attribute(OID.commonName, commonName));
}

function caExtension(): Buffer {
  return extension(OID.basicConstraints, sequence(boolean(true)), true);
}

/** keyUsage as a one-byte bit string (0x06: keyCertSign + cRLSign; 0x80: digitalSignature). */
function keyUsage(bits: number): Buffer {
  return extension(OID.keyUsage, tlv(0x03, Buffer.from([bits === 0x80 ? 7 : 1, bits])), true);
}

/** AccessDescription { id-ad-ocsp, uniformResourceIdentifier [6] } (RFC 5280 section 4.2.2.1). */
function authorityInfoAccess(url: string): Buffer {
  const location = tlv(0x86, Buffer.from(url, 'ascii'));
  return extension(OID.authorityInfoAccess, sequence(sequence(oid(OID.ocsp), location)));
}

/** Apple's marker extensions carry an ASN.1 NULL. */
function marker(id: string): Buffer {
  return extension(id, tlv(0x05, Buffer.alloc(0)));
}

function extension(id: string, value: Buffer, isCritical = false): Buffer {
  return sequence(oid(id), ...(isCritical ? [boolean(true)] : []), tlv(0x04, value));
}

// ---- A minimal DER writer ----

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | bytes.length, ...bytes]), content]);
}

function sequence(...items: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

function set(...items: Buffer[]): Buffer {
  return tlv(0x31, Buffer.concat(items));
}

function explicit(tagNumber: number, content: Buffer): Buffer {
  return tlv(0xa0 + tagNumber, content);
}

/**
 * A positive DER INTEGER of these big-endian bytes: no leading zero bytes (DER's minimal form, which
 * OpenSSL holds certificates to), then one zero byte when the high bit is set.
 */
export function derInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  return tlv(0x02, minimal[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

function boolean(value: boolean): Buffer {
  return tlv(0x01, Buffer.from([value ? 0xff : 0]));
}

function bitString(bytes: Buffer): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
}

function utf8(text: string): Buffer {
  return tlv(0x0c, Buffer.from(text, 'utf8'));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return tlv(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
