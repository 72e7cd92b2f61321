import {
  base,
  de,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IN,
  en_US,
  es,
  es_MX,
  Faker,
  fr,
  it,
  ja,
  type LocaleDefinition,
  pt_BR,
  pt_PT,
  ru,
} from '@faker-js/faker';
import type { PlaceSeed } from './places.js';
import { asciiTag } from './places.js';
import { createRng, mix32, type Rng } from './rng.js';
import { createWeightedPicker } from './sampling.js';
import { type Lang, TOPICS } from './topics.js';

export interface CorpusProfile {
  profile_id: string;
  username: string;
  full_name: string;
  biography: string;
  followers: number;
  following: number;
  post_count: number;
  is_business_account: boolean;
  business_category_name: string | null;
  is_private: boolean;
  is_verified: boolean;
}

/** A profile plus the traits that decide what and where it posts; the traits stay internal. */
export interface ProfileSeed {
  profile: CorpusProfile;
  /** One or two favourite topics (indexes into TOPICS); its posts are about them. */
  topics: number[];
  lang: Lang;
  /** Index of its home place: most of its located posts are made there. */
  home: number;
  /** How often it posts, relative to others. Private profiles never appear in public posts. */
  activity: number;
  /** Share of its posts that carry a place. */
  placeRate: number;
  /** Its topics take it away from home (travel, surf): more of its posts are made elsewhere. */
  roams: boolean;
}

/** The parts of each topic a profile needs, split once rather than per profile. */
const TOPIC_TRAITS = TOPICS.map((topic) => ({
  tag: topic.core.split(' ')[0]!,
  stems: topic.stems.split(' '),
  emoji: topic.emoji.split(' '),
  categories: topic.categories.split('|'),
  related: topic.related.split(' ').map((name) => TOPICS.findIndex((t) => t.name === name)),
  localTags: Object.fromEntries(
    topic.foreign.split(';').map((part) => {
      const [lang = '', tags = ''] = part.split(':');
      return [lang.trim(), tags.trim().split(' ')[0]!];
    }),
  ) as Partial<Record<Lang, string>>,
}));

/** Topics whose posts are made away from home. */
const ROAMING_TOPICS = new Set([
  'travel',
  'beach',
  'surf',
  'hiking',
  'ski',
  'sunset',
  'photography',
  'architecture',
]);

export function generateProfiles(options: {
  count: number;
  seed: number;
  places: PlaceSeed[];
}): ProfileSeed[] {
  const { count, seed, places } = options;
  const rng = createRng(seed, 2);
  const fakers = new FakerPool(seed);
  const topicPicker = createWeightedPicker(TOPICS.map((topic) => topic.weight));
  const homePicker = createWeightedPicker(places.map((place) => place.weight));
  const usernames = new Set<string>();
  const idSalt = mix32(seed ^ 0x5bd1e995);
  const profiles: ProfileSeed[] = [];
  for (let i = 0; i < count; i++) {
    const home = homePicker.pick(rng);
    const place = places[home]!;
    const topics = pickTopics(rng, topicPicker);
    const faker = fakers.forPlace(place);
    const isBusiness = rng.chance(0.14);
    const topic = TOPIC_TRAITS[topics[0]!]!;
    const identity = isBusiness
      ? describeBusiness(faker, rng, topic.stems[0]!, place)
      : describePerson(faker, fakers.forPlace(null), rng, topic.stems);
    const username = claimUsername(identity.username, usernames, rng);
    const followers = Math.round(10 * 500_000 ** (rng.next() ** (isBusiness ? 1.6 : 2)));
    const isVerified = rng.chance(followers > 1_000_000 ? 0.7 : followers > 100_000 ? 0.25 : 0.002);
    const isPrivate = !isBusiness && !isVerified && rng.chance(0.18);
    const profile: CorpusProfile = {
      profile_id: String(10_000_000_000 + mix32((i ^ idSalt) >>> 0)),
      username,
      full_name: identity.fullName,
      biography: writeBio(rng, topics, place, place.lang, isBusiness ? username : null),
      followers,
      following: countFollowing(rng, followers),
      post_count: Math.round((20 + 15 * followers ** 0.25) * Math.exp(0.6 * rng.normal())),
      is_business_account: isBusiness,
      business_category_name: isBusiness ? rng.pick(topic.categories) : null,
      is_private: isPrivate,
      is_verified: isVerified,
    };
    const roams = topics.some((t) => ROAMING_TOPICS.has(TOPICS[t]!.name));
    profiles.push({
      profile,
      topics,
      lang: place.lang,
      home,
      // Pareto-like: a few accounts post daily, most a few times a season.
      activity: isPrivate ? 0 : Math.min(400, (1 - rng.next()) ** -0.9) * (isBusiness ? 1.5 : 1),
      placeRate: Math.min(0.95, 0.25 + 0.5 * rng.next() + (roams ? 0.15 : 0)),
      roams,
    });
  }
  // Someone has to post: a tiny sample of only private profiles opens the first one.
  const first = profiles[0];
  if (first && !profiles.some((p) => p.activity > 0)) {
    first.profile.is_private = false;
    first.activity = 1;
  }
  return profiles;
}

/** A favourite topic, and for most profiles a second one, often a related topic. */
function pickTopics(rng: Rng, topicPicker: { pick(rng: Rng): number }): number[] {
  const first = topicPicker.pick(rng);
  if (!rng.chance(0.6)) return [first];
  const second = rng.chance(0.5) ? rng.pick(TOPIC_TRAITS[first]!.related) : topicPicker.pick(rng);
  return second >= 0 && second !== first ? [first, second] : [first];
}

function describePerson(faker: Faker, english: Faker, rng: Rng, stems: string[]) {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  // Western names as people write them, without faker's "Mr." and "PhD"; others in their own order.
  const fullName = /^[\p{Script=Latin}\s'’-]+$/u.test(firstName + lastName)
    ? `${firstName} ${lastName}`
    : faker.person.fullName({ firstName, lastName });
  // Names in scripts that usernames cannot hold (Japanese) borrow a Latin name for the handle.
  const latinFirst = asciiTag(firstName) || asciiTag(english.person.firstName());
  const latinLast = asciiTag(lastName) || asciiTag(english.person.lastName());
  const stem = rng.pick(stems.slice(0, 3));
  const patterns = [
    () => english.internet.username({ firstName: latinFirst, lastName: latinLast }),
    () => english.internet.username({ firstName: latinFirst, lastName: latinLast }),
    () => `${latinFirst}.${stem}`,
    () => `${stem}with${latinFirst}`,
    () => `${latinFirst}_${stem}`,
    () => `${stem}by${latinFirst}`,
    () => `the${stem}${latinFirst}`,
    () => `${latinFirst}${latinLast.slice(0, 1)}.${stem}`,
  ];
  return { fullName, username: rng.pick(patterns)() };
}

function describeBusiness(faker: Faker, rng: Rng, stem: string, place: PlaceSeed) {
  const city = place.title.split(',')[0]!;
  const word = stem.charAt(0).toUpperCase() + stem.slice(1);
  const fullName = rng.chance(0.2)
    ? faker.company.name()
    : `${city} ${word} ${rng.pick(['Studio', 'Co.', 'Club', 'House', 'Lab', 'Collective'])}`;
  return { fullName, username: asciiTag(fullName) || `${place.cityTag}${stem}` };
}

/** Lower-case `[a-z0-9._]`, at most 30 characters, unique: the network's rules for handles. */
function claimUsername(raw: string, taken: Set<string>, rng: Rng): string {
  let base = raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]/g, '')
    .replace(/[.]{2,}/g, '.')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 24);
  if (base.length < 3) base = `user${base}`;
  let username = base;
  while (taken.has(username)) username = `${base}${rng.int(rng.chance(0.5) ? 100 : 10_000)}`;
  taken.add(username);
  return username;
}

const BIO_LINES: Record<Lang, (tag: string) => string> = {
  en: (tag) => `All about #${tag}`,
  pt: (tag) => `Amante de #${tag}`,
  es: (tag) => `Amante de #${tag}`,
  de: (tag) => `Alles rund um #${tag}`,
  fr: (tag) => `Passionné·e de #${tag}`,
  it: (tag) => `Amante di #${tag}`,
  ja: (tag) => `#${tag} が好き`,
  ru: (tag) => `Люблю #${tag}`,
};

/** A bio that names the profile's topics in its own language, its city, and for shops a contact. */
function writeBio(rng: Rng, topics: number[], place: PlaceSeed, lang: Lang, business: string | null): string {
  const [first, second] = topics.map((t) => TOPIC_TRAITS[t]!);
  const emoji = rng.pick(first!.emoji);
  const localTag = lang === 'en' ? undefined : first!.localTags[lang];
  const lines = [
    localTag ? `${emoji} ${BIO_LINES[lang](localTag)}` : `${emoji} ${TOPICS[topics[0]!]!.bio}`,
    second ? `#${second.tag} #${first!.tag}` : `#${first!.tag}`,
    `📍 ${place.title.split(',')[0]}`,
  ];
  if (business) lines.push(`📩 hello@${business.replace(/[._]/g, '')}.com`);
  else if (rng.chance(0.2)) lines.push('DM for collabs');
  return lines.join('\n');
}

function countFollowing(rng: Rng, followers: number): number {
  const following = Math.round(Math.exp(Math.log(400) + 0.9 * rng.normal()));
  return Math.min(7500, followers > 100_000 ? Math.round(following * 0.3) : following);
}

/** One seeded Faker per locale, so names, handles and companies match where a profile lives. */
class FakerPool {
  private readonly fakers = new Map<string, Faker>();
  constructor(private readonly seed: number) {}

  forPlace(place: PlaceSeed | null): Faker {
    const key = place ? localeKey(place) : 'en_US';
    let faker = this.fakers.get(key);
    if (!faker) {
      faker = new Faker({ locale: [LOCALES[key]!, en, base] });
      faker.seed(this.seed * 31 + Object.keys(LOCALES).indexOf(key));
      this.fakers.set(key, faker);
    }
    return faker;
  }
}

const LOCALES: Record<string, LocaleDefinition> = {
  en_US,
  en_GB,
  en_AU,
  en_CA,
  en_IN,
  pt_BR,
  pt_PT,
  es,
  es_MX,
  de,
  fr,
  it,
  ja,
  ru,
};

const ENGLISH_LOCALES: Record<string, string> = { GB: 'en_GB', AU: 'en_AU', CA: 'en_CA', IN: 'en_IN' };

function localeKey(place: PlaceSeed): string {
  if (place.lang === 'pt') return place.country === 'PT' ? 'pt_PT' : 'pt_BR';
  if (place.lang === 'es') return place.country === 'ES' ? 'es' : 'es_MX';
  if (place.lang !== 'en') return place.lang;
  return ENGLISH_LOCALES[place.country] ?? 'en_US';
}
