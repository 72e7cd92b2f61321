import type { IngestPlace, IngestProfile, Profile } from '@tagscout/core/api';
import type { CrowdSubjectRules, FieldValue, ItemValues } from './crowd-decision.js';

/** The kinds of item devices report on, as crowd_reports.subject names them. */
export const CrowdSubject = { hashtag: 'hashtag', place: 'place', profile: 'profile' } as const;
export type CrowdSubject = (typeof CrowdSubject)[keyof typeof CrowdSubject];

/**
 * A tag's count: a number once known, else the state it is in ('pending', 'lookup', ...), so what was
 * there before the crowd's count can be put back as it was.
 */
export const HASHTAG_RULES: CrowdSubjectRules = {
  fields: { count: 'count' },
  unknown: { count: 'pending' },
};

export const PLACE_RULES: CrowdSubjectRules = {
  fields: { title: 'exact', count: 'count', profile_pic_url: 'url' },
  identity: 'title',
  unknown: { count: -2, profile_pic_url: null },
};

/** A profile's fields while no one has given them: counts -2, being looked up. */
export const UNKNOWN_PROFILE = {
  full_name: '',
  biography: '',
  followers: -2,
  following: -2,
  post_count: -2,
  is_business_account: false,
  business_category_name: null,
  is_private: false,
  is_verified: false,
} as const satisfies Omit<Profile, 'profile_id' | 'username' | 'profile_pic_url'>;

export const PROFILE_RULES: CrowdSubjectRules = {
  fields: {
    username: 'exact',
    full_name: 'exact',
    biography: 'exact',
    followers: 'count',
    following: 'count',
    post_count: 'count',
    is_business_account: 'exact',
    business_category_name: 'exact',
    is_private: 'exact',
    is_verified: 'exact',
    profile_pic_url: 'url',
  },
  identity: 'username',
  unknown: { ...UNKNOWN_PROFILE, profile_pic_url: null },
};

export const RULES_OF: Record<CrowdSubject, CrowdSubjectRules> = {
  hashtag: HASHTAG_RULES,
  place: PLACE_RULES,
  profile: PROFILE_RULES,
};

/** One field of one item, as a device reported it. */
export interface FieldReport {
  item: string;
  field: string;
  value: FieldValue;
}

export function placeReports(place: IngestPlace): FieldReport[] {
  const { place_id: item, ...values } = place;
  return fieldReports(item, values);
}

export function profileReports(profile: IngestProfile): FieldReport[] {
  const { profile_id: item, ...values } = profile;
  return fieldReports(item, values);
}

function fieldReports(item: string, values: ItemValues): FieldReport[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ item, field, value }));
}
