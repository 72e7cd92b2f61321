import { describe, expect, it } from 'vitest';
import { retryOnConflict } from './retry-on-conflict.js';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryOnConflict', () => {
  it('runs the work again after a deadlock or serialization failure, up to 3 retries', async () => {
    const failures = [pgError('40P01'), pgError('40001'), pgError('40P01')];
    let calls = 0;
    const result = await retryOnConflict(
      async () => {
        calls++;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'stored';
      },
      { firstDelayMs: 1 },
    );
    expect(result).toBe('stored');
    expect(calls).toBe(4);
  });

  it('gives up after the third retry with the database error', async () => {
    let calls = 0;
    const attempt = retryOnConflict(
      async () => {
        calls++;
        throw pgError('40P01');
      },
      { firstDelayMs: 1 },
    );
    await expect(attempt).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(4);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const attempt = retryOnConflict(async () => {
      calls++;
      throw pgError('23505');
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
