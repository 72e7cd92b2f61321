import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  cookieHeader,
  createTestViewer,
  emailsTo,
  freshIp,
  latestCode,
  testClock,
} from '../../test/test-users.js';
import { insertQuarry } from '../quarries/quarries.repository.js';
import { insertTopic } from '../topics/topics.repository.js';

const ORIGIN = 'http://localhost:80';
const DAY = 86_400;

describe.each(testDialects)('trials on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  let n = 0;
  const newEmail = () => `trial${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = freshIp()) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: ip,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const me = async (headers: Record<string, string>) => (await get('/api/account/me', headers)).json();
  const userIdOf = async (email: string) =>
    (
      await testApp.app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.id ?? null;

  it.each([
    ['web', 3 * DAY],
    ['android', 3 * DAY],
    ['ios', 3602],
  ] as const)('starts an anonymous trial on %s lasting %i s', async (platform, seconds) => {
    const uuid = randomUUID();
    const response = await post('/api/trial/trialRegister', { uuid, platform, promocode: 'unregistered' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'trial_started',
      uuID: uuid,
      expire: seconds,
      userGroup: 'unRegTrial',
      trialStatus: 'unRegTrial',
      inTrial: true,
    });
    const session = await me({
      cookie: cookieHeader(response.headers['set-cookie']),
      'x-platform': platform,
    });
    expect(session.capabilities.group).toBe('unRegTrial');
    expect(session.capabilities.canUseCollections).toBe(true);
    expect(session.capabilities.canTurnGuideOff).toBe(platform !== 'ios');
    expect(session.user).toMatchObject({ isAnonymous: true, email: null });
    expect(session.deviceId).toBe(uuid);
  });

  it('gives a device one anonymous trial, and answers the same trial to its own session', async () => {
    const uuid = randomUUID();
    const first = await post('/api/trial/trialRegister', { uuid });
    const cookie = cookieHeader(first.headers['set-cookie']);
    const again = await post('/api/trial/trialRegister', { uuid }, { cookie });
    expect(again.statusCode).toBe(200);
    expect(again.json().UID).toBe(first.json().UID);
    const elsewhere = await post('/api/trial/trialRegister', { uuid });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('trial_used');
  });

  it('returns a bearer token for the apps', async () => {
    const response = await post('/api/trial/trialRegister', {
      uuid: randomUUID(),
      platform: 'android',
      session: 'bearer',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    const session = await me({ authorization: `Bearer ${response.json().token}`, 'x-platform': 'android' });
    expect(session.capabilities.group).toBe('unRegTrial');
  });

  it('answers promo codes: the default, a known one, and an unknown one', async () => {
    expect((await get('/api/trial/checkPromoCode')).json()).toEqual({ promoPeriod: 7, promoCode: 'TRIAL7' });
    expect((await get('/api/trial/checkPromoCode?code=trial30')).json()).toEqual({
      promoPeriod: 30,
      promoCode: 'TRIAL30',
    });
    const unknown = await get('/api/trial/checkPromoCode?code=NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_promo_code');
  });

  it('answers trialRegister and checkEmail alike for registered and new addresses', async () => {
    const registered = await createTestViewer(testApp.app, 'emailTrial');
    const known = await post('/api/trial/trialRegister', {
      uuid: '11111111-1111-4111-8111-111111111111',
      email: registered.email ?? '',
    });
    const fresh = await post('/api/trial/trialRegister', {
      uuid: '11111111-1111-4111-8111-111111111111',
      email: newEmail(),
    });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    const checkKnown = await post('/api/trial/checkEmail', { email: registered.email ?? '' });
    const checkFresh = await post('/api/trial/checkEmail', { email: newEmail() });
    expect(checkKnown.body).toBe(checkFresh.body);
  });

  // Issue 36: the address stays as typed; its mailbox (name+anything@host is name@host) only limits abuse.
  const startEmailTrial = async (email: string) => {
    const register = await post('/api/trial/trialRegister', { uuid: randomUUID(), email });
    expect(register.statusCode, register.body).toBe(200);
    clock.advance(61_000);
    return latestCode(testApp.app, email);
  };
  const verify = (email: string, code: string) => post('/api/trial/verifyAccount', { email, code });
  const mailbox = () => `plus${++n}-${Date.now()}`;

  it('makes the trial account for a+x@ as typed, and mails its code there, not to a@', async () => {
    const name = mailbox();
    const email = `${name}+x@example.com`;
    const code = await startEmailTrial(`${name.toUpperCase()}+X@Example.com`);
    expect(await emailsTo(testApp.app, `${name}@example.com`)).toEqual([]);
    const verified = await verify(email, code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ alreadyRegistered: false, inTrial: true, email });
    const session = await me({ cookie: cookieHeader(verified.headers['set-cookie']) });
    expect(session.user.email).toBe(email);
  });

  it('refuses a second email trial for the same mailbox: a+y@ after a+x@, once its code is proven', async () => {
    const name = mailbox();
    const first = await verify(`${name}+x@example.com`, await startEmailTrial(`${name}+x@example.com`));
    expect(first.json()).toMatchObject({ alreadyRegistered: false, inTrial: true });
    // The same answer as any address until the code proves whoever asks reads it (enumeration).
    const code = await startEmailTrial(`${name}+y@example.com`);
    const second = await verify(`${name}+y@example.com`, code);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error.code).toBe('mailbox_trial_used');
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(await userIdOf(`${name}+y@example.com`)).toBeNull();
    const third = await verify(`${name}@example.com`, await startEmailTrial(`${name}@example.com`));
    expect(third.json().error.code).toBe('mailbox_trial_used');
    // The first address goes on: its trial, and the "already registered" way back in.
    const again = await verify(`${name}+x@example.com`, await startEmailTrial(`${name}+x@example.com`));
    expect(again.json()).toMatchObject({ alreadyRegistered: true, UID: first.json().UID });
  });

  it('gives one of two concurrent trials for one mailbox its trial and refuses the other', async () => {
    const name = mailbox();
    const emails = [`${name}+x@example.com`, `${name}+y@example.com`];
    const codes = [await startEmailTrial(emails[0]!), await startEmailTrial(emails[1]!)];
    const answers = await Promise.all(emails.map((email, i) => verify(email, codes[i]!)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const users = await Promise.all(emails.map(userIdOf));
    expect(users.filter(Boolean)).toHaveLength(1);
  });

  it('counts the code sends of a mailbox together: a+y@ a moment after a+x@ waits', async () => {
    const name = mailbox();
    await post('/api/trial/trialRegister', { uuid: randomUUID(), email: `${name}+x@example.com` });
    const second = await post('/api/trial/trialRegister', {
      uuid: randomUUID(),
      email: `${name}+y@example.com`,
    });
    expect(second.statusCode).toBe(429);
    expect(await emailsTo(testApp.app, `${name}+y@example.com`)).toEqual([]);
  });

  it('signs in a+x@ by emailed code, the code going to a+x@', async () => {
    const name = mailbox();
    const email = `${name}+x@example.com`;
    const trial = await verify(email, await startEmailTrial(email));
    clock.advance(61_000);
    const asked = await post('/api/account/sign-in-code', { email });
    expect(asked.statusCode).toBe(202);
    const signIn = await post('/api/account/sign-in-with-code', {
      email,
      code: await latestCode(testApp.app, email),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: trial.json().UID, email });
  });

  it('keeps an account stored at its mailbox (before issue 36) working, and its mailbox used', async () => {
    const name = mailbox();
    const legacy = await createTestViewer(testApp.app, 'emailTrial', { email: `${name}@example.com` });
    const refused = await verify(`${name}+123@example.com`, await startEmailTrial(`${name}+123@example.com`));
    expect(refused.json().error.code).toBe('mailbox_trial_used');
    const back = await verify(`${name}@example.com`, await startEmailTrial(`${name}@example.com`));
    expect(back.json()).toMatchObject({ alreadyRegistered: true, UID: legacy.userId });
  });

  it('takes a registered address down the "already registered" path after the code: its uuID, no new trial', async () => {
    const registered = await createTestViewer(testApp.app, 'emailTrial');
    const email = registered.email ?? '';
    const before = await me(registered.headers);
    await post('/api/trial/trialRegister', { uuid: randomUUID(), email });
    const code = await latestCode(testApp.app, email);
    const verify = await post('/api/trial/verifyAccount', { email, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      message: 'The email you entered is already registered',
      alreadyRegistered: true,
      uuID: registered.deviceId,
      UID: registered.userId,
      userGroup: 'trial',
      inTrial: true,
    });
    expect(verify.json().expire).toBeLessThanOrEqual(before.account.expireSeconds);
  });

  it('moves an anonymous trial into the email trial verified on the same device', async () => {
    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    const email = newEmail();
    await post('/api/trial/trialRegister', { uuid: anonymous.deviceId ?? '', email }, anonymous.headers);
    const code = await latestCode(testApp.app, email);
    const verify = await post('/api/trial/verifyAccount', { email, code }, anonymous.headers);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      alreadyRegistered: false,
      userGroup: 'trial',
      uuID: anonymous.deviceId,
    });
    expect((await me(anonymous.headers)).user).toBeNull();
    const again = await post('/api/trial/trialRegister', { uuid: anonymous.deviceId ?? '' });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the collections, quarries and trial clock of an anonymous trial that registers its email', async () => {
    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    const anonymousId = String(anonymous.userId);
    const { database } = testApp.app;
    const now = clock.now();
    const topicId = randomUUID();
    await insertTopic(database, {
      topic_id: topicId,
      owner_id: anonymousId,
      creator_id: anonymousId,
      title: 'Beach day',
      created: now,
      modified: now,
      export_filters: '{"postCount":[null,null],"selectionStrategy":"random","selectionCount":1}',
      apply_filter: 0,
      export: '[]',
      export_count: 0,
      selected: '[]',
      hidden: '[]',
    });
    const quarryId = randomUUID();
    await insertQuarry(database, {
      id: quarryId,
      owner_id: anonymousId,
      title: 'Cafes',
      active: 0,
      hidden: 0,
      place_ids: '[]',
      post_filters: '{}',
      profile_filters: '{}',
      last_run_at: null,
      created_at: now,
      updated_at: now,
    });
    const started = await database.db
      .selectFrom('accounts')
      .select('trial_started_at')
      .where('user_id', '=', anonymousId)
      .executeTakeFirstOrThrow();

    const email = newEmail();
    await post('/api/trial/trialRegister', { uuid: anonymous.deviceId ?? '', email }, anonymous.headers);
    const code = await latestCode(testApp.app, email);
    const verify = await post('/api/trial/verifyAccount', { email, code }, anonymous.headers);
    expect(verify.statusCode, verify.body).toBe(200);
    const userId = verify.json().UID as string;
    const cookie = cookieHeader(verify.headers['set-cookie']);

    const topics = await get('/api/topics', { cookie });
    expect(topics.statusCode).toBe(200);
    expect(Object.keys(topics.json())).toContain(topicId);
    const quarry = await database.db
      .selectFrom('quarries')
      .select('owner_id')
      .where('id', '=', quarryId)
      .executeTakeFirst();
    expect(quarry?.owner_id).toBe(userId);
    const account = await database.db
      .selectFrom('accounts')
      .select(['trial_started_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(account.trial_started_at)).toBe(Number(started.trial_started_at));
  });

  it("removeUser forgets the device's unverified registration but never the mailbox's code", async () => {
    const email = newEmail();
    const uuid = randomUUID();
    await post('/api/trial/trialRegister', { uuid, email });
    const code = await latestCode(testApp.app, email);
    const removed = await post('/api/trial/removeUser', { uuID: uuid });
    expect(removed.json()).toEqual({ message: 'removed' });
    const rows = await testApp.app.database.db
      .selectFrom('trial_registrations')
      .select('email')
      .where('email', '=', email)
      .execute();
    expect(rows).toEqual([]);
    const verify = await post('/api/trial/verifyAccount', { email, code, uuid });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ message: 'verified', uuID: uuid });
  });

  it('shows user details only to their owner', async () => {
    const owner = await createTestViewer(testApp.app, 'emailTrial');
    const other = await createTestViewer(testApp.app, 'emailTrial');
    expect((await get(`/api/trial/getUserDetails?userID=${owner.userId}`, owner.headers)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/trial/getUserDetails?userID=${owner.userId}`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/trial/getUserDetails?userID=${owner.userId}`)).statusCode).toBe(401);
  });

  it('tells another visitor a device state but never its email', async () => {
    const owner = await createTestViewer(testApp.app, 'emailTrial');
    const check = await get(`/api/trial/checkForTrial?device=${owner.deviceId}`);
    expect(check.json()).toMatchObject({ userGroup: 'trial', inTrial: true, email: null });
    const unknown = await get(`/api/trial/checkForTrial?device=${randomUUID()}`);
    expect(unknown.json()).toMatchObject({ userGroup: 'free', trialStatus: 'unregistered', inTrial: false });
  });

  // Own apps and clocks last.
  it('decides expiry on the server: an expired anonymous trial is free everywhere', async () => {
    const own = testClock();
    const app = await buildTestApp(dialect, { now: own.now });
    try {
      const uuid = randomUUID();
      const started = await app.app.inject({
        method: 'POST',
        url: '/api/trial/trialRegister',
        headers: { origin: ORIGIN },
        payload: { uuid },
      });
      const cookie = cookieHeader(started.headers['set-cookie']);
      own.advance(3 * DAY * 1000 - 5000);
      const before = (
        await app.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } })
      ).json();
      expect(before.account.inTrial).toBe(true);
      expect(before.account.expireSeconds).toBeGreaterThanOrEqual(3);
      expect(before.account.expireSeconds).toBeLessThanOrEqual(5);
      own.advance(6000);
      const after = (
        await app.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } })
      ).json();
      expect(after.account).toMatchObject({
        group: 'free',
        trialStatus: 'expired',
        inTrial: false,
        expireSeconds: 0,
      });
      expect(after.capabilities.group).toBe('free');
      expect(after.capabilities.canUseCollections).toBe(false);
      const check = await app.app.inject({
        method: 'GET',
        url: `/api/trial/checkForTrial?device=${uuid}`,
      });
      expect(check.json()).toEqual({
        error: false,
        userGroup: 'free',
        trialStatus: 'expired',
        inTrial: false,
        expire: 0,
        email: null,
      });
    } finally {
      await app.close();
    }
  });

  it('registers and verifies an email trial, which expires into free by the server clock', async () => {
    const own = testClock();
    const app = await buildTestApp(dialect, { now: own.now, PROMO_CODES: 'TRIAL7:7,DAY1:1' });
    try {
      const email = newEmail();
      const uuid = randomUUID();
      const send = (url: string, payload: object) =>
        app.app.inject({
          method: 'POST',
          url,
          headers: { origin: ORIGIN },
          remoteAddress: freshIp(),
          payload,
        });
      expect((await send('/api/trial/checkEmail', { email })).json()).toEqual({ message: 'continue' });
      const register = await send('/api/trial/trialRegister', {
        uuid,
        email,
        promocode: 'TRIAL7',
        firstname: 'Ana',
        lastname: 'Lima',
        language: 'pt',
      });
      expect(register.statusCode).toBe(200);
      expect(register.json()).toEqual({
        message: 'code_sent',
        UID: null,
        uuID: uuid,
        expire: 7 * DAY,
        userGroup: 'trial',
        trialStatus: 'unverified',
        inTrial: false,
      });
      const code = await latestCode(app.app, email);
      const wrong = await send('/api/trial/verifyAccount', {
        email,
        code: code === '999999' ? '111111' : '999999',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(
        'The code you entered was not verified, check the code and try again.',
      );
      const verify = await send('/api/trial/verifyAccount', { email, code, uuid, trial: true });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toMatchObject({
        message: 'verified',
        alreadyRegistered: false,
        inTrial: true,
        userGroup: 'trial',
        trialStatus: 'active',
        expire: 7 * DAY,
        uuID: uuid,
        email,
        firstname: 'Ana',
        lastname: 'Lima',
        promocode: 'TRIAL7',
      });
      const cookie = cookieHeader(verify.headers['set-cookie']);
      const details = await app.app.inject({
        method: 'GET',
        url: `/api/trial/getUserDetails?userID=${verify.json().UID}`,
        headers: { cookie },
      });
      expect(details.json()).toEqual({
        error: false,
        firstname: 'Ana',
        lastname: 'Lima',
        promocode: 'TRIAL7',
        email,
      });
      const check = await app.app.inject({
        method: 'GET',
        url: `/api/trial/checkForTrial?device=${uuid}`,
        headers: { cookie },
      });
      expect(check.json()).toMatchObject({ userGroup: 'trial', trialStatus: 'active', inTrial: true, email });

      // A one-day promo, so the session (7 idle days) outlives the trial.
      const quick = await send('/api/trial/trialRegister', {
        uuid: randomUUID(),
        email: newEmail(),
        promocode: 'DAY1',
      });
      expect(quick.json().expire).toBe(DAY);
      const quickEmail = (
        await app.app.database.db
          .selectFrom('trial_registrations')
          .select('email')
          .where('promo_code', '=', 'DAY1')
          .executeTakeFirstOrThrow()
      ).email;
      const quickCode = await latestCode(app.app, quickEmail);
      const quickVerify = await send('/api/trial/verifyAccount', { email: quickEmail, code: quickCode });
      const quickCookie = cookieHeader(quickVerify.headers['set-cookie']);
      own.advance(DAY * 1000 + 1000);
      const expired = (
        await app.app.inject({
          method: 'GET',
          url: '/api/account/me',
          headers: { cookie: quickCookie },
        })
      ).json();
      expect(expired.account).toMatchObject({
        group: 'free',
        trialStatus: 'expired',
        inTrial: false,
        expireSeconds: 0,
      });
      expect(expired.capabilities.group).toBe('free');
    } finally {
      await app.close();
    }
  });
});
