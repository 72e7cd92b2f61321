import { z } from 'zod';
import { PASSWORD_MAX } from '../passwords/index.js';
import { CodeSchema, EmailSchema, SessionTransportSchema } from './accounts.js';

/**
 * The signed-in user's own account (the account page, docs/api-accounts.md#your-account): a
 * password set by emailed code or changed with the current one, the address changed by a code
 * sent to the new one, every byte the server holds downloaded, and the account deleted with its
 * data. Each acts on the session's user only: no body names a user.
 */

const passwordField = z.string({ error: 'must be text' }).max(PASSWORD_MAX * 4);
const currentPasswordField = z
  .string({ error: 'must be text' })
  .min(1, 'is required')
  .max(PASSWORD_MAX * 4);

/** What an emailed code to the account's own address is for. */
export const AccountCodePurposeSchema = z.enum(['set-password', 'delete-account']);
export type AccountCodePurpose = z.infer<typeof AccountCodePurposeSchema>;

/** POST /api/account/send-code: a code to the signed-in user's own address. */
export const SendAccountCodeBodySchema = z
  .strictObject({ purpose: AccountCodePurposeSchema })
  .meta({ id: 'SendAccountCode' });
export type SendAccountCodeBody = z.infer<typeof SendAccountCodeBodySchema>;

/** POST /api/account/set-password: the first password of an account that signs in by emailed code. */
export const SetPasswordBodySchema = z
  .strictObject({ code: CodeSchema, password: passwordField, passwordConfirm: passwordField })
  .meta({ id: 'SetPassword' });
export type SetPasswordBody = z.input<typeof SetPasswordBodySchema>;

/** POST /api/account/change-password. */
export const ChangePasswordBodySchema = z
  .strictObject({
    currentPassword: currentPasswordField,
    password: passwordField,
    passwordConfirm: passwordField,
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

/** POST /api/account/change-email/code: the new address gets a code; the current password proves it is you. */
export const EmailChangeCodeBodySchema = z
  .strictObject({ email: EmailSchema, currentPassword: currentPasswordField })
  .meta({ id: 'EmailChangeCode' });
export type EmailChangeCodeBody = z.input<typeof EmailChangeCodeBodySchema>;

/** POST /api/account/change-email: the new address with the code it received. */
export const ChangeEmailBodySchema = z
  .strictObject({ email: EmailSchema, code: CodeSchema })
  .meta({ id: 'ChangeEmail' });
export type ChangeEmailBody = z.input<typeof ChangeEmailBodySchema>;

/** How deleting the account is confirmed: the password, a code emailed to the address, or (an anonymous trial) nothing more. */
export const DeletionProofSchema = z.enum(['password', 'code', 'none']);
export type DeletionProof = z.infer<typeof DeletionProofSchema>;

/** A subscription that keeps charging after the account is deleted: the app stores bill on their own. */
export const ActiveSubscriptionSchema = z
  .object({
    /** Where it is billed and cancelled. */
    store: z.enum(['app-store', 'google-play', 'web']),
    /** The product's name ("Tagscout Pro Monthly"), or its id when unknown. */
    product: z.string(),
    /** Epoch ms of the end of the paid period (renewal), when known. */
    renewsAt: z.number().nullable(),
  })
  .meta({ id: 'ActiveSubscription' });
export type ActiveSubscription = z.infer<typeof ActiveSubscriptionSchema>;

/** GET /api/account/deletion: what deleting the account takes, named before it is done. */
export const DeletionPreviewSchema = z
  .object({
    proof: DeletionProofSchema,
    /** Subscriptions deleting the account does not cancel: the user must acknowledge each. */
    activeSubscriptions: z.array(ActiveSubscriptionSchema),
  })
  .meta({ id: 'DeletionPreview' });
export type DeletionPreview = z.infer<typeof DeletionPreviewSchema>;

/** POST /api/account/delete. */
export const DeleteAccountBodySchema = z
  .strictObject({
    /** When the preview's proof is 'password'. */
    password: currentPasswordField.optional(),
    /** When the preview's proof is 'code' (POST /api/account/send-code {purpose: 'delete-account'}). */
    code: CodeSchema.optional(),
    /** Required when the preview lists active subscriptions: the user knows they keep running. */
    keepsSubscriptions: z.boolean().default(false),
  })
  .meta({ id: 'DeleteAccount' });
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;

/** GET /api/account/data: everything the server holds about the user, by feature. */
export const AccountDataSchema = z
  .object({
    format: z.literal('tagscout-account-data'),
    version: z.literal(1),
    /** ISO 8601, by the server clock. */
    exportedAt: z.string(),
    userId: z.string(),
    /** One entry per feature that holds the user's data: the account, sessions, collections, settings... */
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AccountData' });
export type AccountData = z.infer<typeof AccountDataSchema>;

/** POST /api/account/sign-in-code: an emailed code to sign in with instead of a password. */
export const SignInCodeBodySchema = z.strictObject({ email: EmailSchema }).meta({ id: 'SignInCode' });

/** POST /api/account/sign-in-with-code. */
export const SignInWithCodeBodySchema = z
  .strictObject({
    email: EmailSchema,
    code: CodeSchema,
    session: SessionTransportSchema,
  })
  .meta({ id: 'SignInWithCode' });
export type SignInWithCodeBody = z.input<typeof SignInWithCodeBodySchema>;
