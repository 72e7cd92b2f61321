import {
  AccountDataSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CheckEmailResponseSchema,
  DeleteAccountBodySchema,
  DeletionPreviewSchema,
  EmailChangeCodeBodySchema,
  MeResponseSchema,
  SendAccountCodeBodySchema,
  SetPasswordBodySchema,
} from '@tagscout/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { requireSignedIn } from '../../plugins/auth.js';
import { clearSessionCookies, newSessionOptionsOf, setKnownDeviceCookie } from '../sessions/auth.http.js';
import {
  AUTH_BODY_LIMIT,
  authRequestOf,
  countAuthPost,
  setSessionCookies,
} from '../sessions/auth-request.http.js';
import { deleteAccount, exportAccountData, previewDeletion } from './account-data.service.js';
import { changeEmail, sendEmailChangeCode } from './email-change.service.js';
import { requireEmailAccount } from './my-account.http.js';
import { sendOwnAccountCode } from './own-code.service.js';
import { changePassword, setFirstPassword } from './password-change.service.js';
import type { SignedIn } from './signed-in.js';

const tags = ['account'];
const errors = errorResponses(400, 401, 403, 409, 429);

/**
 * The signed-in user's own account (docs/api-accounts.md#your-account): each route acts on the
 * session's user only (no body names one), counts as an auth request against the per-client limit,
 * and those that prove something (a password, a code) spend the same guess budgets as sign-in.
 */
export const myAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const runtime = app.accounts;
  const emailAccount = { bodyLimit: AUTH_BODY_LIMIT, preHandler: [requireEmailAccount, countAuthPost] };
  const anyAccount = { preHandler: [requireSignedIn, countAuthPost] };

  app.post(
    '/send-code',
    {
      ...emailAccount,
      schema: {
        tags,
        summary:
          'Emails a code to your own address: to set a first password, or to delete an account that has no password',
        body: SendAccountCodeBodySchema,
        response: { 202: CheckEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendOwnAccountCode(runtime, request.body.purpose, authRequestOf(request))),
  );

  app.post(
    '/set-password',
    {
      ...emailAccount,
      schema: {
        tags,
        summary:
          'The first password of an account that signs in by emailed code; every other session ends, this one is renewed',
        body: SetPasswordBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerSignedIn(
        request,
        reply,
        await setFirstPassword(runtime, request.body, newSessionOptionsOf(request), authRequestOf(request)),
      ),
  );

  app.post(
    '/change-password',
    {
      ...emailAccount,
      schema: {
        tags,
        summary: 'A new password, with the current one; every other session ends, this one is renewed',
        body: ChangePasswordBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerSignedIn(
        request,
        reply,
        await changePassword(runtime, request.body, newSessionOptionsOf(request), authRequestOf(request)),
      ),
  );

  app.post(
    '/change-email/code',
    {
      ...emailAccount,
      schema: {
        tags,
        summary:
          'With the current password, emails a code to the new address (an address with an account gets a note instead; the answer is the same)',
        body: EmailChangeCodeBodySchema,
        response: { 202: CheckEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendEmailChangeCode(runtime, request.body, authRequestOf(request))),
  );

  app.post(
    '/change-email',
    {
      ...emailAccount,
      schema: {
        tags,
        summary: "The new address's code makes it the account's address; the old address is told",
        body: ChangeEmailBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request) => changeEmail(runtime, request.body, authRequestOf(request)),
  );

  app.get(
    '/data',
    {
      ...anyAccount,
      schema: {
        tags,
        summary: 'Download my data: everything the server holds about you, as a JSON file',
        response: { 200: AccountDataSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(runtime, authRequestOf(request));
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="tagscout-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/deletion',
    {
      ...anyAccount,
      schema: {
        tags,
        summary:
          'What deleting your account takes: the proof (password, emailed code or none) and the subscriptions it leaves running',
        response: { 200: DeletionPreviewSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => previewDeletion(runtime, authRequestOf(request)),
  );

  app.post(
    '/delete',
    {
      ...anyAccount,
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Deletes your account and its data, with its proof; answers the signed-out visitor and ends every session',
        body: DeleteAccountBodySchema,
        response: { 200: MeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await deleteAccount(runtime, request.body, authRequestOf(request));
      clearSessionCookies(request, reply);
      return me;
    },
  );
};

function answerSignedIn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
  setSessionCookies(request, reply, signedIn.cookies);
  setKnownDeviceCookie(request, reply, signedIn.knownDevice);
  return signedIn.me;
}
