import {
  CheckEmailResponseSchema,
  ForgotPasswordBodySchema,
  MeResponseSchema,
  ResendCodeBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  SignInBodySchema,
  SignInCodeBodySchema,
  SignInWithCodeBodySchema,
  SignUpBodySchema,
  VerifyEmailBodySchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../app-error.js';
import { forgotPassword, resendCode } from '../guess-limits/one-time-codes.service.js';
import { clearSessionCookies, setKnownDeviceCookie } from '../sessions/auth.http.js';
import {
  AUTH_BODY_LIMIT,
  authRequestOf,
  countAuthPost,
  setSessionCookies,
} from '../sessions/auth-request.http.js';
import { resetPassword, signIn, signOut, signUp, verifyEmail } from './identity.service.js';
import { findMe } from './me.service.js';
import { requestSignInCode, signInWithCode } from './sign-in-code.service.js';

const errors = errorResponses(400, 401, 403, 429);
const tags = ['account'];

/** Identity (docs/api-accounts.md): our routes in front of Better Auth. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const runtime = app.accounts;
  const post = { bodyLimit: AUTH_BODY_LIMIT, preHandler: countAuthPost };

  app.post(
    '/sign-up',
    {
      ...post,
      schema: {
        tags,
        summary: 'Account setup: email and password (the password rules); a code is emailed',
        body: SignUpBodySchema,
        response: { 202: CheckEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await signUp(runtime, request.body, authRequestOf(request))),
  );

  app.post(
    '/verify-email',
    {
      ...post,
      schema: {
        tags,
        summary: 'The emailed sign-up code: verifies the address, sets the password and signs in',
        body: VerifyEmailBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies, knownDevice } = await verifyEmail(runtime, request.body, authRequestOf(request));
      setSessionCookies(request, reply, cookies);
      setKnownDeviceCookie(request, reply, knownDevice);
      return me;
    },
  );

  app.post(
    '/resend-code',
    {
      ...post,
      schema: {
        tags,
        summary: 'A new code for sign-up, password reset or the email trial (older codes stop working)',
        body: ResendCodeBodySchema,
        response: { 202: CheckEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await resendCode(runtime, request.body, authRequestOf(request))),
  );

  app.post(
    '/sign-in',
    {
      ...post,
      schema: {
        tags,
        summary:
          "Email and password; 401 'Incorrect username or password' for a wrong password or unknown address",
        body: SignInBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies, knownDevice } = await signIn(runtime, request.body, authRequestOf(request));
      setSessionCookies(request, reply, cookies);
      setKnownDeviceCookie(request, reply, knownDevice);
      return me;
    },
  );

  app.post(
    '/sign-in-code',
    {
      ...post,
      schema: {
        tags,
        summary:
          'Emails a code to sign in with instead of a password (the way in for an account without one); the same answer for any address',
        body: SignInCodeBodySchema,
        response: { 202: CheckEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestSignInCode(runtime, request.body, authRequestOf(request))),
  );

  app.post(
    '/sign-in-with-code',
    {
      ...post,
      schema: {
        tags,
        summary: 'Signs in with the emailed code; any address without an account is answered as a wrong code',
        body: SignInWithCodeBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { me, cookies, knownDevice } = await signInWithCode(
        runtime,
        request.body,
        authRequestOf(request),
      );
      setSessionCookies(request, reply, cookies);
      setKnownDeviceCookie(request, reply, knownDevice);
      return me;
    },
  );

  app.post(
    '/forgot-password',
    {
      ...post,
      schema: {
        tags,
        summary: 'Emails a password reset code if the address has an account (same answer either way)',
        body: ForgotPasswordBodySchema,
        response: { 202: CheckEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await forgotPassword(runtime, request.body, authRequestOf(request))),
  );

  app.post(
    '/reset-password',
    {
      ...post,
      schema: {
        tags,
        summary: 'Sets a new password with the emailed code; every session of the user ends',
        body: ResetPasswordBodySchema,
        response: { 200: ResetPasswordResponseSchema, ...errors },
      },
    },
    async (request) => resetPassword(runtime, request.body, authRequestOf(request)),
  );

  app.post(
    '/sign-out',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Global sign-out: every session of the user ends; answers the free visitor state',
        body: z.strictObject({}).nullish(),
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await signOut(runtime, authRequestOf(request));
      clearSessionCookies(request, reply);
      return me;
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The visitor: user, device id, account state and capabilities by the server clock',
        response: { 200: MeResponseSchema },
      },
    },
    async (request) =>
      findMe(runtime, {
        userId: request.viewer.userId,
        platform: request.viewer.account.platform,
        deviceId: request.viewer.deviceId,
      }),
  );
};
