import { cleanKeyword, foldText } from './fold-text.js';

export interface ProfileFilterRules {
  categories: readonly string[];
  /** [min, max] followers, both included. */
  follower_range: readonly [number, number];
  keywords: readonly string[];
  negative_keywords: readonly string[];
}

export interface ProfileFacts {
  username: string;
  full_name: string;
  biography: string;
  followers: number;
  business_category_name: string | null;
}

/**
 * Whether a profile passes the profile filters, every one of which must hold:
 * - followers within the range, both ends included;
 * - categories: when any are set, the business category equals one of them (folded);
 * - keywords: when any are set, one appears in the username, the full name or the biography;
 * - negative keywords: none appears in any of the three.
 * "Appears" means the folded field contains the folded keyword; each field is searched on its own.
 */
export function matchesProfileFilters(profile: ProfileFacts, filters: ProfileFilterRules): boolean {
  const [min, max] = filters.follower_range;
  if (profile.followers < min || profile.followers > max) return false;
  if (filters.categories.length > 0) {
    const category = foldText(profile.business_category_name ?? '').trim();
    if (category === '' || !filters.categories.some((wanted) => foldText(wanted).trim() === category)) {
      return false;
    }
  }
  const fields = [profile.username, profile.full_name, profile.biography].map(foldText);
  const appears = (keyword: string) => {
    const needle = foldText(cleanKeyword(keyword));
    return needle !== '' && fields.some((field) => field.includes(needle));
  };
  if (filters.negative_keywords.some(appears)) return false;
  return filters.keywords.length === 0 || filters.keywords.some(appears);
}
