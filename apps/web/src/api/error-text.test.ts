import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { ApiError, readRetryAfter } from './client';
import { errorText } from './error-text';

const en = i18n.getFixedT('en');
const pt = i18n.getFixedT('pt');

describe('errorText: what a failed call says on screen', () => {
  it('never shows a validation answer’s schema path, in either language', () => {
    const error = new ApiError(400, 'invalid_request', 'Invalid request. params.topicId: must be a UUID');
    for (const t of [en, pt]) {
      const text = errorText(t, error);
      expect(text).not.toContain('topicId');
      expect(text).not.toContain('UUID');
      expect(text).not.toContain('Invalid request.');
    }
    expect(errorText(en, error)).toBe(
      'Something in that request was not right. Check what you entered and try again.',
    );
    expect(errorText(pt, error)).toMatch(/^Algo nesse pedido/);
  });

  it('says how long to wait from the server’s Retry-After, in minutes', () => {
    const error = new ApiError(429, 'rate_limited', 'Too many attempts. Try again in 473 seconds.', 473);
    expect(errorText(en, error)).toBe('Too many attempts. Try again in 8 minutes.');
    expect(errorText(pt, error)).toBe('Muitas tentativas. Tente novamente em 8 minutos.');
  });

  it('names the collections limit in the visitor’s language', () => {
    const error = new ApiError(409, 'collections_limit_reached', 'You have 500 collections, the most…');
    expect(errorText(en, error)).toBe(
      'You have 500 collections, the most an account can keep. Delete one to save a new one.',
    );
    expect(errorText(pt, error)).toBe(
      'Você tem 500 coleções, o máximo que uma conta pode manter. Apague uma para salvar uma nova.',
    );
  });

  it('maps codes to their own texts and anything unknown to the translated fallback', () => {
    expect(errorText(pt, new ApiError(0, 'network', 'Could not reach Tagscout.'))).toMatch(
      /^Não foi possível/,
    );
    expect(errorText(en, new ApiError(403, 'forbidden', 'Only administrators may do this.'))).toBe(
      'Your account cannot do this.',
    );
    const odd = new ApiError(418, 'teapot', 'body.code: I am a teapot');
    expect(errorText(en, odd)).toBe('Something went wrong. Please try again.');
    expect(errorText(pt, odd)).toBe('Algo deu errado. Tente novamente.');
    expect(errorText(en, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});

describe('readRetryAfter', () => {
  it('reads seconds from the header, else from the message', () => {
    expect(readRetryAfter('473', undefined)).toBe(473);
    expect(readRetryAfter(null, 'Too many requests. Try again in 1 minute.')).toBe(60);
    expect(readRetryAfter(null, 'Too many attempts. Try again in 12 seconds.')).toBe(12);
    expect(readRetryAfter(null, 'Try again later.')).toBeNull();
  });
});
