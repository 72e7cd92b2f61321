import {
  CheckEmailAnswerSchema,
  CheckEmailBodySchema,
  CheckForTrialQuerySchema,
  CheckForTrialResponseSchema,
  ErrorCode,
  PromoCodeQuerySchema,
  PromoCodeResponseSchema,
  RemoveUserBodySchema,
  RemoveUserResponseSchema,
  TrialRegisterBodySchema,
  TrialRegisterResponseSchema,
  UserDetailsQuerySchema,
  UserDetailsResponseSchema,
  VerifyAccountBodySchema,
  VerifyAccountResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { AppError } from '../../plugins/errors.js';
import { SESSION_REQUIRED } from '../../route-guards.js';
import { findUserDetails, registerAccountDataHook } from '../accounts/accounts.service.js';
import {
  AUTH_BODY_LIMIT,
  authRequestOf,
  countAuthPost,
  setSessionCookies,
} from '../sessions/auth-request.http.js';
import { findPromoCode, removeUser, verifyTrialAccount } from './email-trial.service.js';
import { eraseTrials, exportTrials } from './trial-data.service.js';
import { checkForTrial, registerTrial } from './trials.service.js';

const errors = errorResponses(400, 401, 404, 409, 429);
const tags = ['trial'];

/** The trial API (docs/product-rules.md#api-names), under /api/trial (docs/api-accounts.md). */
export const trialRoutes: FastifyPluginAsyncZod = async (app) => {
  const runtime = app.accounts;
  const post = { bodyLimit: AUTH_BODY_LIMIT, preHandler: countAuthPost };
  registerAccountDataHook(runtime, {
    name: 'trials',
    exportData: ({ database, userId, email }) => exportTrials(database, { userId, email }),
    eraseData: ({ database, userId, email }) => eraseTrials(database, { userId, email }),
  });

  app.get(
    '/checkPromoCode',
    {
      schema: {
        tags,
        summary: 'A promo code and its trial length in days; without code, the default promo code',
        querystring: PromoCodeQuerySchema,
        response: { 200: PromoCodeResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => findPromoCode(runtime, request.query.code),
  );

  app.post(
    '/checkEmail',
    {
      ...post,
      schema: {
        tags,
        summary: 'Checks the address is well formed; never says whether it is registered',
        body: CheckEmailBodySchema,
        response: { 200: CheckEmailAnswerSchema, ...errors },
      },
    },
    async () => ({ message: 'continue' as const }),
  );

  app.post(
    '/trialRegister',
    {
      ...post,
      schema: {
        tags,
        summary:
          'Starts the anonymous trial (no email, or promocode "unregistered"), or emails the email trial code',
        body: TrialRegisterBodySchema,
        response: { 200: TrialRegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { answer, cookies } = await registerTrial(runtime, request.body, authRequestOf(request));
      setSessionCookies(request, reply, cookies);
      return answer;
    },
  );

  app.post(
    '/verifyAccount',
    {
      ...post,
      schema: {
        tags,
        summary: 'The email trial code: starts the trial, or answers "already registered" with the account',
        body: VerifyAccountBodySchema,
        response: { 200: VerifyAccountResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { answer, cookies } = await verifyTrialAccount(runtime, request.body, authRequestOf(request));
      setSessionCookies(request, reply, cookies);
      return answer;
    },
  );

  app.get(
    '/getUserDetails',
    {
      schema: {
        tags,
        summary: "The signed-in user's own details (another id is 404)",
        querystring: UserDetailsQuerySchema,
        security: SESSION_REQUIRED,
        response: { 200: UserDetailsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { viewer } = request;
      if (!viewer.userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to do this.');
      if (viewer.userId !== request.query.userID) throw AppError.notFound('No such user.');
      return {
        error: false,
        ...(await findUserDetails(runtime.database, viewer.userId)),
        email: viewer.email,
      };
    },
  );

  app.post(
    '/removeUser',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Forgets this device's unverified email registration and its code (never a verified account)",
        body: RemoveUserBodySchema,
        response: { 200: RemoveUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeUser(runtime, request.body.uuID);
      return { message: 'removed' as const };
    },
  );

  app.get(
    '/checkForTrial',
    {
      schema: {
        tags,
        summary: 'The trial state of a device by the server clock',
        querystring: CheckForTrialQuerySchema,
        response: { 200: CheckForTrialResponseSchema, ...errors },
      },
    },
    async (request) => checkForTrial(runtime, request.query.device, authRequestOf(request)),
  );
};
