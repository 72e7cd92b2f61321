import { z } from 'zod';
import { type AccountState, type Capabilities, TrialStatus } from '../access/index.js';
import { PASSWORD_MAX } from '../passwords/index.js';

/**
 * The accounts contract: identity (/api/account/*), trials (/api/trial/*), the live-event countdown
 * and the development outbox. docs/api-accounts.md lists every endpoint with its answers.
 */

// ---- Fields ----

export const EmailSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be an email address' }));

/** A 6-digit emailed code; spaces are ignored (people paste "123 456"). */
export const CodeSchema = z
  .string({ error: 'must be text' })
  .max(20)
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6-digit code from the email'));

/** The device id (uuID) the browser or app keeps: a UUID. */
export const DeviceIdSchema = z.uuid({ error: 'must be a UUID' });

export const PlatformSchema = z.enum(['web', 'ios', 'android']);
export type Platform = z.infer<typeof PlatformSchema>;

export const LanguageSchema = z.enum(['en', 'pt']);

/** How the session comes back: a cookie (web, the default) or a bearer token in the body (apps). */
export const SessionTransportSchema = z.enum(['cookie', 'bearer']).default('cookie');

const passwordField = z.string({ error: 'must be text' }).max(PASSWORD_MAX * 4);
const nameField = z.string().trim().max(100);

// ---- What the server knows about the visitor ----

export const SubscriptionSchema = z.object({ status: z.string() });

/** packages/core/src/access AccountState, as the server computed it (server clock). */
export const AccountStateSchema = z
  .object({
    group: z.string(),
    trialStatus: z.enum(Object.values(TrialStatus) as [TrialStatus, ...TrialStatus[]]),
    inTrial: z.boolean(),
    expireSeconds: z.number().meta({ description: 'Seconds of trial left (expire); 0 when none' }),
    isSignedIn: z.boolean(),
    billingId: z.string().nullable().meta({ description: 'The web billing id (cbid, accountID)' }),
    subscriptions: z.array(SubscriptionSchema),
    hasValidStoreSubscription: z.boolean(),
    platform: PlatformSchema,
    isAdminMarker: z.boolean().optional(),
    settingsAllowBrandingRemoval: z.boolean().optional(),
  })
  .meta({ id: 'AccountState' });

/** packages/core/src/access Capabilities. */
export const CapabilitiesSchema = z
  .object({
    group: z.enum(['free', 'trial', 'unRegTrial', 'beta', 'admin', 'CBcustomer', 'mobileCustomer']),
    canUseCollections: z.boolean(),
    canUseProspecting: z.boolean(),
    canManageAccount: z.boolean(),
    canLogout: z.boolean(),
    canLogin: z.boolean(),
    canUpgrade: z.boolean(),
    showWalkthrough: z.boolean(),
    canTurnGuideOff: z.boolean(),
    canRestorePurchase: z.boolean(),
    unlimitedRelatedSearches: z.boolean(),
    relatedSearchLimit: z.number().nullable(),
    displayedRelatedTags: z.number().nullable(),
    canCopyUnlimited: z.boolean(),
    canRemoveBranding: z.boolean(),
    maxSelectionCount: z.number(),
    canSaveTopics: z.boolean(),
    canSeeSourceAlerts: z.boolean(),
    canSetBgSeedSearches: z.boolean(),
    isPaying: z.boolean(),
  })
  .meta({ id: 'Capabilities' });

// Compile-time proof that the schemas describe the core types exactly.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const capabilitiesMatch: Same<z.infer<typeof CapabilitiesSchema>, Capabilities> = true;
const accountStateMatch: z.infer<typeof AccountStateSchema> extends AccountState ? true : false = true;
void capabilitiesMatch;
void accountStateMatch;

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable().meta({ description: 'null for an anonymous trial' }),
    emailVerified: z.boolean(),
    isAnonymous: z.boolean(),
    firstname: z.string(),
    lastname: z.string(),
    promocode: z.string().nullable(),
    hasPassword: z.boolean(),
  })
  .meta({ id: 'User' });

/** The free related-search limit as the server counts it: the browser shows these numbers. */
export const RelatedSearchesSchema = z
  .object({
    allowed: z.number().int().meta({ description: 'Related searches a day' }),
    left: z.number().int().meta({ description: 'Left today; 0 until the next UTC day' }),
  })
  .meta({ id: 'RelatedSearches' });
export type RelatedSearches = z.infer<typeof RelatedSearchesSchema>;

/** GET /api/account/me, and the answer of every call that signs in or out. */
export const MeResponseSchema = z
  .object({
    user: UserSchema.nullable(),
    deviceId: z.string().nullable().meta({ description: 'The uuID the server holds for this visitor' }),
    account: AccountStateSchema,
    capabilities: CapabilitiesSchema,
    isAdmin: z.boolean(),
    relatedSearches: RelatedSearchesSchema.nullable().meta({
      description: 'The free related-search limit today (UTC day); null when there is none',
    }),
    /** Only for session: "bearer": send it as `Authorization: Bearer <token>`. */
    token: z.string().optional(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** The answer that never says whether an address has an account (docs/security-policy.md#enumeration). */
export const CheckEmailResponseSchema = z
  .object({ status: z.literal('check_email'), message: z.string() })
  .meta({ id: 'CheckEmail' });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponseSchema>;

export const CHECK_EMAIL_MESSAGE = "If the address can receive mail, we've sent a 6-digit code to it.";

// ---- Identity: /api/account/* ----

export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  password: passwordField,
  passwordConfirm: passwordField,
  firstname: nameField.optional(),
  lastname: nameField.optional(),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const VerifyEmailBodySchema = z.strictObject({
  email: EmailSchema,
  code: CodeSchema,
  /** The password, chosen with the code that proves the mailbox (required while a sign-up waits). */
  password: passwordField.optional(),
  session: SessionTransportSchema,
});
export type VerifyEmailBody = z.input<typeof VerifyEmailBodySchema>;

export const CodePurposeSchema = z.enum(['verify-email', 'reset-password', 'trial']);
export type CodePurpose = z.infer<typeof CodePurposeSchema>;

export const ResendCodeBodySchema = z.strictObject({ email: EmailSchema, purpose: CodePurposeSchema });

export const SignInBodySchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'must be text' })
    .min(1, 'is required')
    .max(PASSWORD_MAX * 4),
  rememberMe: z.boolean().default(true),
  session: SessionTransportSchema,
});
export type SignInBody = z.input<typeof SignInBodySchema>;

export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });

export const ResetPasswordBodySchema = z.strictObject({
  email: EmailSchema,
  code: CodeSchema,
  password: passwordField,
  passwordConfirm: passwordField,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

export const ResetPasswordResponseSchema = z.object({ status: z.literal('password_reset') });

export const SignOutBodySchema = z.strictObject({}).optional();

/** One session of the signed-in user, by the opaque id list-sessions answers (never a token). */
export const RevokeSessionBodySchema = z.strictObject({ id: z.string().trim().min(1).max(100) });
export const RevokeOtherSessionsBodySchema = z.strictObject({}).nullish();
export const RevokeSessionResponseSchema = z.object({ status: z.literal(true) });

// ---- Trials: /api/trial/* (docs/product-rules.md#api-names) ----

export const PromoCodeQuerySchema = z.strictObject({ code: z.string().trim().max(50).optional() });
export const PromoCodeResponseSchema = z
  .object({
    promoPeriod: z.number().meta({ description: 'Trial length in days' }),
    promoCode: z.string(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCodeResponse = z.infer<typeof PromoCodeResponseSchema>;

/** promocode "unregistered" (or no email) = the anonymous trial ("skip", unRegTrial). */
export const ANONYMOUS_PROMO_CODE = 'unregistered';

export const CheckEmailBodySchema = z.strictObject({ email: EmailSchema });
export const CheckEmailAnswerSchema = z.object({ message: z.literal('continue') });

export const TrialRegisterBodySchema = z.strictObject({
  uuid: DeviceIdSchema,
  email: EmailSchema.optional(),
  promocode: z.string().trim().max(50).optional(),
  /** Ignored: the server decides the period from the promo code or the platform. */
  trialperiod: z.union([z.number(), z.string().max(20)]).optional(),
  language: LanguageSchema.optional(),
  firstname: nameField.optional(),
  lastname: nameField.optional(),
  instagramuser: z.string().trim().max(100).optional(),
  platform: PlatformSchema.default('web'),
  session: SessionTransportSchema,
});
export type TrialRegisterBody = z.input<typeof TrialRegisterBodySchema>;

export const TrialRegisterResponseSchema = z
  .object({
    message: z.enum(['trial_started', 'code_sent']),
    /** The user id: set for an anonymous trial; null until an email trial is verified. */
    UID: z.string().nullable(),
    uuID: z.string(),
    /** Seconds of trial: running (anonymous) or to come once verified (email). */
    expire: z.number(),
    userGroup: z.string(),
    trialStatus: z.enum(Object.values(TrialStatus) as [TrialStatus, ...TrialStatus[]]),
    inTrial: z.boolean(),
    token: z.string().optional(),
  })
  .meta({ id: 'TrialRegister' });
export type TrialRegisterResponse = z.infer<typeof TrialRegisterResponseSchema>;

export const VerifyAccountBodySchema = z.strictObject({
  email: EmailSchema,
  code: CodeSchema,
  uuid: DeviceIdSchema.optional(),
  trial: z.boolean().optional(),
  language: LanguageSchema.optional(),
  session: SessionTransportSchema,
});
export type VerifyAccountBody = z.input<typeof VerifyAccountBodySchema>;

export const ALREADY_REGISTERED_MESSAGE = 'The email you entered is already registered';
export const CODE_NOT_VERIFIED_MESSAGE =
  'The code you entered was not verified, check the code and try again.';

export const VerifyAccountResponseSchema = z
  .object({
    message: z.string().meta({ description: `"verified", or "${ALREADY_REGISTERED_MESSAGE}"` }),
    alreadyRegistered: z.boolean(),
    inTrial: z.boolean(),
    userGroup: z.string(),
    trialStatus: z.enum(Object.values(TrialStatus) as [TrialStatus, ...TrialStatus[]]),
    expire: z.number(),
    UID: z.string(),
    /** The account's device id: the browser stores it in place of its own (the restore path). */
    uuID: z.string(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    promocode: z.string().nullable(),
    token: z.string().optional(),
  })
  .meta({ id: 'VerifyAccount' });
export type VerifyAccountResponse = z.infer<typeof VerifyAccountResponseSchema>;

export const UserDetailsQuerySchema = z.strictObject({ userID: z.string().max(100) });
export const UserDetailsResponseSchema = z
  .object({
    error: z.boolean(),
    firstname: z.string(),
    lastname: z.string(),
    promocode: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'UserDetails' });

export const RemoveUserBodySchema = z.strictObject({ uuID: DeviceIdSchema });
export const RemoveUserResponseSchema = z.object({ message: z.literal('removed') });

export const CheckForTrialQuerySchema = z.strictObject({ device: DeviceIdSchema });
export const CheckForTrialResponseSchema = z
  .object({
    error: z.boolean(),
    userGroup: z.string(),
    trialStatus: z.enum(Object.values(TrialStatus) as [TrialStatus, ...TrialStatus[]]),
    inTrial: z.boolean(),
    expire: z.number(),
    /** Only when the device belongs to the signed-in visitor. */
    email: z.string().nullable(),
  })
  .meta({ id: 'CheckForTrial' });
export type CheckForTrialResponse = z.infer<typeof CheckForTrialResponseSchema>;

// ---- Countdown, and the development outbox and clock ----

/** Seconds since 1970 (the client multiplies by 1000); 0 when no live event is set. */
export const CountdownResponseSchema = z
  .object({ return: z.object({ countDownDate: z.number() }) })
  .meta({ id: 'Countdown' });
export type CountdownResponse = z.infer<typeof CountdownResponseSchema>;

export const OutboxQuerySchema = z.strictObject({ to: EmailSchema.optional() });
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The 6-digit code in the message, if any. */
  code: z.string().nullable(),
  createdAt: z.string(),
});
export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** POST /api/dev/clock: moves the development server's clock forward (at most a year at a time). */
export const DevClockBodySchema = z.strictObject({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});
export type DevClockBody = z.infer<typeof DevClockBodySchema>;
export const DevClockResponseSchema = z.object({
  /** The server's time now, in ms since 1970. */
  now: z.number(),
  /** How far ahead of real time the server's clock runs. */
  offsetMs: z.number(),
});
export type DevClockResponse = z.infer<typeof DevClockResponseSchema>;

/** Texts the web shows (docs/product-rules.md#messages). */
export const SIGN_IN_MESSAGES = {
  incorrect: 'Incorrect username or password',
  /** The same for every address: an email-trial account has no password and signs in by emailed code. */
  codeHint: 'Started your trial with only your email? You sign in with a code we email you, not a password.',
  error: 'Login Error',
  checking: 'Checking Login',
} as const;
