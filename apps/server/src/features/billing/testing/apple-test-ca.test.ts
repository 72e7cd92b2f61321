import { describe, expect, it } from 'vitest';
import { derInteger } from './apple-test-ca.js';

// A certificate serial drawn at random began with a zero byte about once in 500 certificates; written
// with it, OpenSSL refused the certificate and App Store tests failed now and then (apple.test, 4 of 7
// on one database in a CI run).
describe('derInteger', () => {
  it('writes the minimal form: no leading zero byte', () => {
    expect(derInteger(Buffer.from([0x00, 0x55, 0xe8])).toString('hex')).toBe('020255e8');
    expect(derInteger(Buffer.from([0x00, 0x00, 0x01])).toString('hex')).toBe('020101');
  });

  it('keeps a positive number positive: one zero byte before a high bit', () => {
    expect(derInteger(Buffer.from([0x00, 0x9b, 0x01])).toString('hex')).toBe('0203009b01');
    expect(derInteger(Buffer.from([0xff])).toString('hex')).toBe('020200ff');
    expect(derInteger(Buffer.from([0x02])).toString('hex')).toBe('020102');
    expect(derInteger(Buffer.from([0x00])).toString('hex')).toBe('020100');
  });
});
