import { describe, expect, it } from 'vitest';
import { formatWait } from './format-wait.js';

describe('formatWait', () => {
  it('says minutes, rounded up, for the waits a rate limit answers', () => {
    expect(formatWait(473)).toBe('8 minutes');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
  });

  it('says seconds under a minute and hours from an hour', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(0.2)).toBe('1 second');
    expect(formatWait(3600)).toBe('1 hour');
    expect(formatWait(7201)).toBe('3 hours');
  });

  it('speaks the language asked for', () => {
    expect(formatWait(473, 'pt-BR')).toBe('8 minutos');
    expect(formatWait(1, 'pt')).toBe('1 segundo');
  });
});
