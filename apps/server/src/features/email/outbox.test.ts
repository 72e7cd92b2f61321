import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp } from '../../test/test-users.js';

describe.each(testDialects)('development outbox on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { EXPOSE_OUTBOX: true });
  });
  afterAll(async () => testApp.close());

  it('lists the messages to an address with their code when EXPOSE_OUTBOX is on', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    await testApp.app.inject({
      method: 'POST',
      url: '/api/trial/trialRegister',
      headers: { origin: 'http://localhost:80' },
      remoteAddress: freshIp(),
      payload: { uuid: crypto.randomUUID(), email },
    });
    const response = await testApp.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` });
    expect(response.statusCode).toBe(200);
    const [message] = response.json().messages;
    expect(message).toMatchObject({ to: email, subject: 'Your Tagscout sign-in code' });
    expect(message.code).toMatch(/^\d{6}$/);
  });

  it('writes in the language the app shows (its Accept-Language), English otherwise', async () => {
    const register = (email: string, language?: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/trial/trialRegister',
        headers: { origin: 'http://localhost:80', ...(language && { 'accept-language': language }) },
        remoteAddress: freshIp(),
        payload: { uuid: crypto.randomUUID(), email },
      });
    const signUp = (email: string, language: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        headers: { origin: 'http://localhost:80', 'accept-language': language },
        remoteAddress: freshIp(),
        payload: { email, password: 'Correct-Horse-9-battery', passwordConfirm: 'Correct-Horse-9-battery' },
      });
    const outbox = async (email: string) =>
      (await testApp.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json().messages;

    const ana = `outbox-pt-${Date.now()}@example.com`;
    await register(ana, 'pt-BR');
    const [code] = await outbox(ana);
    expect(code).toMatchObject({ subject: 'Seu código de acesso ao Tagscout' });
    expect(code.text).toMatch(/^Seu código é \d{6}\n/);

    const bea = `outbox-en-${Date.now()}@example.com`;
    await register(bea, 'de-DE,pt;q=0.8');
    expect((await outbox(bea))[0]).toMatchObject({ subject: 'Your Tagscout sign-in code' });

    // A second sign-up for an address with an account tells its owner, in the caller's language.
    const cai = `outbox-taken-${Date.now()}@example.com`;
    await createTestViewer(testApp.app, 'free', { email: cai });
    expect((await signUp(cai, 'pt')).statusCode).toBeLessThan(300);
    const messages = await outbox(cai);
    expect(messages.map((message: { subject: string }) => message.subject)).toContain(
      'Você já tem uma conta no Tagscout',
    );
  });

  it('answers only clients on this machine, even behind a proxy on it', async () => {
    const url = '/api/dev/outbox';
    const local = await testApp.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const remote = await testApp.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const proxied = await buildTestApp(dialect, { EXPOSE_OUTBOX: true, TRUST_PROXY: 1 });
    try {
      const forwarded = await proxied.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(forwarded.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('is not there by default', async () => {
    const plain = await buildTestApp(dialect);
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
