import { describe, expect, it } from 'vitest';
import { mailDomainOf } from './mail-domain.js';

describe('mailDomainOf', () => {
  it('is the domain someone registers: an address’s host without its subdomains', () => {
    expect(mailDomainOf('Ana@Example.COM')).toBe('example.com');
    expect(mailDomainOf('x@mx.a.catchall.example')).toBe('catchall.example');
    expect(mailDomainOf('x@gmail.com')).toBe('gmail.com');
    expect(mailDomainOf('x@example.com.')).toBe('example.com');
  });

  it('keeps a country’s registry level (co.uk, com.br) as part of the suffix', () => {
    expect(mailDomainOf('x@shop.co.uk')).toBe('shop.co.uk');
    expect(mailDomainOf('x@mail.shop.co.uk')).toBe('shop.co.uk');
    expect(mailDomainOf('x@a.empresa.com.br')).toBe('empresa.com.br');
    // Not a country's: co.com is one name like any other.
    expect(mailDomainOf('x@a.co.com')).toBe('co.com');
  });

  it('gives an empty domain for text that is no address', () => {
    expect(mailDomainOf('')).toBe('');
    expect(mailDomainOf('no-at-sign')).toBe('');
    expect(mailDomainOf('x@')).toBe('');
  });
});
