import { describe, expect, it } from 'vitest';
import { isLoginDemand, isLoginPage, parseJsonAnswer } from './page-data.js';

describe('answers of the network’s web endpoints', () => {
  it('reads a JSON answer, and nothing from a page or cut-off JSON', () => {
    expect(parseJsonAnswer(' {"data":{"media_count":3}}')).toEqual({ data: { media_count: 3 } });
    expect(
      parseJsonAnswer('<script>window._sharedData = {"entry_data":{"TagPage":[{}]}};</script>'),
    ).toBeUndefined();
    expect(parseJsonAnswer('{"data":{"recent":{"sect')).toBeUndefined();
  });

  it('knows the login page and a JSON login demand', () => {
    expect(isLoginPage('<title>Login • Instagram</title>')).toBe(true);
    expect(isLoginPage('window._sharedData = {"entry_data":{"LoginAndSignupPage":[{}]}};')).toBe(true);
    expect(isLoginPage('<title>#cats hashtag on Instagram</title>')).toBe(false);
    expect(isLoginDemand({ message: 'login_required', require_login: true, status: 'fail' })).toBe(true);
    expect(isLoginDemand({ message: 'checkpoint_required', status: 'fail' })).toBe(true);
    expect(isLoginDemand({ data: { media_count: 1 }, status: 'ok' })).toBe(false);
  });
});
