import { PREFIXES, SUFFIXES, WORD_SUFFIXES } from './words.js';

/** What a topic's long tail is made from. */
export interface FringeSources {
  stems: readonly string[];
  /** Concrete words from the topic's emoji keywords. */
  words: readonly string[];
  /** Patterns like `visit{}`, `{}` standing for a place tag. */
  placeForms: readonly string[];
  /** City tags, largest places first. */
  cityTags: readonly string[];
  countryTags: readonly string[];
  /** English adjectives and nouns (faker), already shuffled for this topic. */
  adjectives: readonly string[];
  nouns: readonly string[];
  years: readonly number[];
}

/**
 * Candidate tags for a topic's fringe, most plausible first: the sampler favours the front of
 * the fringe, so `travelgram` is common and `quietjourney` is rare, as on the real network. The
 * caller takes as many as it needs and skips ones already claimed; the last tier never ends, so
 * any vocabulary size (a million tags for the bench store) can be reached.
 */
export function* fringeCandidates(source: FringeSources): Generator<string> {
  const { stems, words, cityTags } = source;
  const mainStems = stems.slice(0, 3);
  for (const stem of stems) for (const suffix of SUFFIXES) yield stem + suffix;
  for (const stem of stems) for (const prefix of PREFIXES) yield prefix + stem;
  for (const word of words) {
    yield word;
    for (const suffix of WORD_SUFFIXES) yield word + suffix;
  }
  for (const stem of stems) for (const year of source.years) yield `${stem}${year}`;
  for (const stem of stems) for (const suffix of SUFFIXES) yield `${stem}_${suffix}`;
  for (let i = 0; i < Math.max(source.adjectives.length, source.nouns.length); i++) {
    for (const stem of mainStems) {
      const adjective = source.adjectives[i];
      const noun = source.nouns[i];
      if (adjective) yield adjective + stem;
      if (noun) yield stem + noun;
    }
  }
  for (const stem of stems.slice(3)) {
    for (const adjective of source.adjectives) yield adjective + stem;
  }
  for (const left of words) for (const right of words) if (left !== right) yield left + right;
  for (const country of source.countryTags) for (const stem of mainStems) yield country + stem;
  // City compounds last: as fringe they land on posts made elsewhere, so only a very large
  // vocabulary (the bench store) reaches them. Contextual ones come from vocabulary.ts.
  for (const city of cityTags) {
    for (const stem of mainStems) yield city + stem;
    for (const form of source.placeForms) yield form.replace('{}', city);
  }
  for (const city of cityTags) for (const stem of stems.slice(3)) yield city + stem;
  for (const city of cityTags) for (const stem of mainStems) yield `${city}_${stem}`;
  for (const word of words) for (const city of cityTags) yield word + city;
  for (let n = 1; ; n++) {
    for (const stem of stems) for (const suffix of SUFFIXES) yield `${stem}${suffix}${n}`;
  }
}
