import { CHARACTER_SETS } from '@tagscout/core/quarries';
import type { TranslationKeyUnder } from '../../i18n/i18n';

/** A setting's place in the template, which also names its label under prospecting.automation.fields. */
export type AutomationPath = TranslationKeyUnder<'prospecting.automation.fields'>;

/** One input of the automation template form; `path` is its place in the document. */
export type AutomationField =
  | { path: AutomationPath; kind: 'switch' }
  | { path: AutomationPath; kind: 'text'; maxLength: number }
  | { path: AutomationPath; kind: 'number'; min: number; max: number; step?: number; isNullable?: boolean }
  | { path: AutomationPath; kind: 'words' }
  | { path: AutomationPath; kind: 'choices'; choices: readonly string[] };

export interface AutomationSection {
  /** Its title under prospecting.automation.sections. */
  key: TranslationKeyUnder<'prospecting.automation.sections'>;
  fields: AutomationField[];
}

const percent = (path: AutomationPath): AutomationField => ({ path, kind: 'number', min: 0, max: 100 });
const count = (path: AutomationPath, max = 1_000_000_000): AutomationField => ({
  path,
  kind: 'number',
  min: 0,
  max,
});
const flag = (path: AutomationPath): AutomationField => ({ path, kind: 'switch' });

/** Every field of the template, grouped as the form shows them. */
export const AUTOMATION_SECTIONS: AutomationSection[] = [
  { key: 'general', fields: [{ path: 'title', kind: 'text', maxLength: 100 }, flag('enabled')] },
  {
    key: 'liking',
    fields: [
      flag('doLike.enabled'),
      percent('doLike.percentage'),
      flag('delimitLiking.enabled'),
      count('delimitLiking.min'),
      count('delimitLiking.max'),
      count('likeByTags.min', 10_000),
      count('likeByTags.max', 10_000),
      count('likeByTags.sample', 1000),
      flag('likeByTags.skip_top_posts'),
      flag('likeByTags.randomize'),
    ],
  },
  {
    key: 'following',
    fields: [
      flag('doFollow.enabled'),
      percent('doFollow.percentage'),
      { path: 'doFollow.times', kind: 'number', min: 1, max: 100 },
      flag('unfollow.enabled'),
      count('unfollow.min', 10_000),
      count('unfollow.max', 10_000),
      count('unfollow.after_days', 365),
      flag('unfollow.non_followers_only'),
    ],
  },
  {
    key: 'interaction',
    fields: [
      flag('userInteract.enabled'),
      count('userInteract.amount', 100),
      percent('userInteract.percentage'),
      flag('userInteract.randomize'),
    ],
  },
  {
    key: 'bounds',
    fields: [
      flag('relationshipBounds.enabled'),
      { path: 'relationshipBounds.potency_ratio', kind: 'number', min: -100, max: 100, step: 0.01 },
      flag('relationshipBounds.delimit_by_numbers'),
      count('relationshipBounds.min_followers'),
      count('relationshipBounds.max_followers'),
      count('relationshipBounds.min_following'),
      count('relationshipBounds.max_following'),
    ],
  },
  {
    key: 'skip',
    fields: [
      flag('skipUsers.skip_private'),
      percent('skipUsers.private_percentage'),
      flag('skipUsers.skip_no_profile_pic'),
      percent('skipUsers.no_profile_pic_percentage'),
      flag('skipUsers.skip_business'),
      percent('skipUsers.business_percentage'),
      flag('skipUsers.skip_non_business'),
      { path: 'skipUsers.skip_business_categories', kind: 'words' },
    ],
  },
  {
    key: 'language',
    fields: [
      flag('mandatoryLanguage.enabled'),
      { path: 'mandatoryLanguage.character_set', kind: 'choices', choices: CHARACTER_SETS },
    ],
  },
  {
    key: 'lists',
    fields: [
      { path: 'badwords', kind: 'words' },
      { path: 'hashtags', kind: 'words' },
      flag('blacklist.enabled'),
      { path: 'blacklist.campaign', kind: 'text', maxLength: 100 },
    ],
  },
  {
    key: 'account',
    fields: [
      { path: 'userInfo.username', kind: 'text', maxLength: 100 },
      { path: 'userInfo.proxy_address', kind: 'text', maxLength: 255 },
      { path: 'userInfo.proxy_port', kind: 'number', min: 1, max: 65_535, isNullable: true },
    ],
  },
];

/** The value at a dotted path. */
export function readPath(document: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

/** A copy of the document with the value at a dotted path replaced. */
export function writePath<T>(document: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const node = document as Record<string, unknown>;
  if (!head) return document;
  return { ...node, [head]: rest.length === 0 ? value : writePath(node[head], rest.join('.'), value) } as T;
}
