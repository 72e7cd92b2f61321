import { describe, expect, it } from 'vitest';
import { contractProblems } from './contract-test-helpers';

describe("the fakes' check against the OpenAPI document", () => {
  const networks = { default: 'bluesky', networks: ['bluesky', 'sample'] };

  it('accepts an answer the server could give', () => {
    expect(contractProblems({ url: '/api/networks' }, 200, networks)).toEqual([]);
    expect(contractProblems({ method: 'DELETE', url: '/api/topics/t1' }, 204, undefined)).toEqual([]);
  });

  it('finds a field that drifted, a status the route never answers and a route the server lacks', () => {
    expect(contractProblems({ url: '/api/networks' }, 200, { fallback: 'bluesky', networks: [] })).toEqual([
      expect.stringContaining("must have required property 'default'"),
    ]);
    expect(contractProblems({ url: '/api/networks?x=1' }, 418, {})).toEqual([
      'GET /api/networks: 418 is not an answer the server documents',
    ]);
    expect(contractProblems({ url: '/api/network' }, 200, networks)).toEqual([
      'GET /api/network: the server has no such route',
    ]);
  });

  it('reads a templated path, fixed paths first, and checks the body the web sends', () => {
    expect(contractProblems({ url: '/api/quarries/usage' }, 200, {})).toEqual([
      expect.stringContaining("GET /api/quarries/usage 200: data must have required property 'day'"),
    ]);
    expect(
      contractProblems({ method: 'POST', url: '/api/feedback', body: JSON.stringify({ nope: 1 }) }, 201, {
        id: 'f1',
      }),
    ).toEqual([expect.stringContaining('POST /api/feedback sent a body the route does not take')]);
  });
});
