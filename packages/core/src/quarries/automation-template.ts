import { z } from 'zod';

/**
 * The older automation-settings template (docs/product-rules.md#prospecting), carried as a typed, validated
 * document with its defaults. It drives nothing: Tagscout does not like, follow or unfollow
 * on anyone's behalf. Field names follow the template; nested settings use snake_case like the API.
 * No password is kept for the social-network login: only the username and an optional proxy.
 */

const flag = (value: boolean) => z.boolean({ error: 'must be true or false' }).default(value);
const whole = (min: number, max: number, value: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(value);
const percentage = (value: number) => whole(0, 100, value);
const words = z
  .array(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100), {
    error: 'must be a list of words',
  })
  .max(200, 'must hold at most 200 entries')
  .default([]);
const minNotAboveMax = <T extends { min: number; max: number }>(range: T) => range.min <= range.max;
const rangeMessage = { error: 'min must not be more than max', path: ['min'] };

export const CHARACTER_SETS = [
  'LATIN',
  'GREEK',
  'CYRILLIC',
  'ARABIC',
  'HEBREW',
  'CJK',
  'HANGUL',
  'HIRAGANA',
  'KATAKANA',
  'THAI',
] as const;

const MAX_COUNT = 1_000_000_000;

export const AutomationTemplateSchema = z
  .strictObject({
    title: z.string({ error: 'must be text' }).trim().max(100).default('Default template'),
    enabled: flag(false),
    /** Like only posts whose like count lies between min and max (default 2 to 500). */
    delimitLiking: z
      .strictObject({ enabled: flag(true), min: whole(0, MAX_COUNT, 2), max: whole(0, MAX_COUNT, 500) })
      .refine(minNotAboveMax, rangeMessage)
      .prefault({}),
    skipUsers: z
      .strictObject({
        skip_private: flag(true),
        private_percentage: percentage(100),
        skip_no_profile_pic: flag(true),
        no_profile_pic_percentage: percentage(100),
        skip_business: flag(false),
        business_percentage: percentage(100),
        skip_non_business: flag(false),
        skip_business_categories: words,
      })
      .prefault({}),
    doLike: z.strictObject({ enabled: flag(true), percentage: percentage(100) }).prefault({}),
    doFollow: z
      .strictObject({ enabled: flag(false), percentage: percentage(50), times: whole(1, 100, 1) })
      .prefault({}),
    /** Posts liked per tag, between min and max, from a sample of tags (default 20 to 25, sample 10). */
    likeByTags: z
      .strictObject({
        min: whole(0, 10_000, 20),
        max: whole(0, 10_000, 25),
        sample: whole(0, 1000, 10),
        skip_top_posts: flag(true),
        randomize: flag(true),
      })
      .refine(minNotAboveMax, rangeMessage)
      .prefault({}),
    /** Interact with a share of the users met (default 3 posts, 20 percent). */
    userInteract: z
      .strictObject({
        enabled: flag(true),
        amount: whole(0, 100, 3),
        percentage: percentage(20),
        randomize: flag(true),
      })
      .prefault({}),
    mandatoryLanguage: z
      .strictObject({
        enabled: flag(false),
        character_set: z
          .array(z.enum(CHARACTER_SETS, { error: `must be one of ${CHARACTER_SETS.join(', ')}` }))
          .max(CHARACTER_SETS.length)
          .default(['LATIN']),
      })
      .prefault({}),
    /** Whom to interact with (default following 20 to 5000, followers up to 99,999,999, potency 0.2). */
    relationshipBounds: z
      .strictObject({
        enabled: flag(true),
        potency_ratio: z.number({ error: 'must be a number' }).min(-100).max(100).default(0.2),
        delimit_by_numbers: flag(true),
        min_followers: whole(0, MAX_COUNT, 0),
        max_followers: whole(0, MAX_COUNT, 99_999_999),
        min_following: whole(0, MAX_COUNT, 20),
        max_following: whole(0, MAX_COUNT, 5000),
      })
      .refine((b) => b.min_followers <= b.max_followers, {
        error: 'min_followers must not be more than max_followers',
        path: ['min_followers'],
      })
      .refine((b) => b.min_following <= b.max_following, {
        error: 'min_following must not be more than max_following',
        path: ['min_following'],
      })
      .prefault({}),
    /** Unfollow between min and max users, followed at least after_days ago (default 245 to 250, 5 days). */
    unfollow: z
      .strictObject({
        enabled: flag(false),
        min: whole(0, 10_000, 245),
        max: whole(0, 10_000, 250),
        after_days: whole(0, 365, 5),
        non_followers_only: flag(true),
      })
      .refine(minNotAboveMax, rangeMessage)
      .prefault({}),
    userInfo: z
      .strictObject({
        username: z.string({ error: 'must be text' }).trim().max(100).default(''),
        proxy_address: z.string({ error: 'must be text' }).trim().max(255).default(''),
        proxy_port: z.number().int().min(1).max(65_535).nullable().default(null),
      })
      .prefault({}),
    badwords: words,
    hashtags: words,
    blacklist: z
      .strictObject({ enabled: flag(false), campaign: z.string().trim().max(100).default('') })
      .prefault({}),
  })
  .meta({ id: 'AutomationTemplate' });

export type AutomationTemplate = z.infer<typeof AutomationTemplateSchema>;
export type AutomationTemplateInput = z.input<typeof AutomationTemplateSchema>;

/** The template every account starts from. */
export const AUTOMATION_TEMPLATE_DEFAULTS: AutomationTemplate = AutomationTemplateSchema.parse({});

/**
 * A stored template read back: the defaults fill fields added since it was saved; a document that
 * no longer validates (an older shape) falls back to the defaults rather than failing the screen.
 */
export function readAutomationTemplate(stored: unknown): AutomationTemplate {
  const parsed = AutomationTemplateSchema.safeParse(stored);
  return parsed.success ? parsed.data : AUTOMATION_TEMPLATE_DEFAULTS;
}
