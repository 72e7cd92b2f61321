import type { Lang } from './topics.js';

/**
 * Tags that ride along on posts of every topic, as on the real network, most used first.
 * Per language, so a Brazilian owner's post says `amor` and `sextou` where others say `love`.
 */
export const GENERIC_TAGS: Record<Lang, string> = {
  en: 'love instagood photooftheday beautiful happy picoftheday cute follow tbt followme like4like instagram repost instadaily selfie me fun smile instalike likeforlikes life amazing nofilter instamood follow4follow followforfollow explorepage reels reelsinstagram viral trending goodvibes vibes mood blessed throwback weekend lifestyle girl instalove bestoftheday likeforfollow l4l f4f lfl igdaily picture pic cool',
  pt: 'amor brasil instabrasil bomdia fotododia sextou gratidao felicidade boanoite vida',
  es: 'amor feliz vida buenosdias fotodeldia felicidad',
  de: 'liebe glücklich instadeutschland',
  fr: 'amour bonheur instafrance',
  it: 'amore felicità instaitalia',
  ja: 'いいね フォロー 日常 おしゃれ',
  ru: 'любовь жизнь счастье',
};

/** Endings the network glues onto a topic word: `travelgram`, `foodlover`, `fitnessjourney`. */
export const SUFFIXES =
  'gram lover lovers life addict blogger ofinstagram daily vibes time goals inspo community photography world style day love tips journey club family squad mood lifestyle everyday obsessed diaries stagram ig insta'.split(
    ' ',
  );

export const PREFIXES = 'insta ig my ilove best daily the'.split(' ');

/** Endings for the concrete words drawn from emoji keywords: `pizzalover`, `sushitime`. */
export const WORD_SUFFIXES = 'lover time life love day addict gram'.split(' ');

/**
 * Emoji keywords too vague to make a topic tag (`face`, `red`): filtered out of the words
 * emojilib gives for a topic's emoji.
 */
export const EMOJI_STOP_WORDS = new Set(
  'face human man woman person people female male girl boy red blue green yellow orange purple brown black white object symbol sign button square circle open close closed hand small large big good like with and the body animal nature activity vehicle transportation sport sports weather place places flag'.split(
    ' ',
  ),
);

/**
 * Names locals tag their city with, where they differ from the English name: the real vocabulary
 * gives `tokyo`, the network also says `東京`.
 */
export const LOCAL_CITY_TAGS: Record<string, string> = {
  Tokyo: '東京 tokyojapan',
  Osaka: '大阪',
  Kyoto: '京都',
  Yokohama: '横浜',
  Moscow: 'москва moscowcity',
  'Saint Petersburg': 'санктпетербург питер spb',
  Seoul: '서울',
  Beijing: '北京',
  Shanghai: '上海',
  'Hong Kong': '香港',
  Bangkok: 'กรุงเทพ',
  Lisbon: 'lisboa',
  Porto: 'oporto',
  Rome: 'roma',
  Milan: 'milano',
  Florence: 'firenze',
  Naples: 'napoli',
  Venice: 'venezia',
  Turin: 'torino',
  Munich: 'münchen muenchen',
  Vienna: 'wien',
  Prague: 'praha',
  Warsaw: 'warszawa',
  Copenhagen: 'københavn',
  Athens: 'αθήνα athina',
  Brussels: 'bruxelles brussel',
  Cologne: 'köln',
  Seville: 'sevilla',
  Kyiv: 'київ kiev',
  Cairo: 'القاهرة',
  Dubai: 'دبي mydubai',
  'New York City': 'nyc newyork',
  'Los Angeles': 'losangeles lalife',
  'San Francisco': 'sf bayarea',
  'Mexico City': 'cdmx ciudaddemexico',
  'São Paulo': 'sp sampa',
  'Rio de Janeiro': 'rio riodejaneiro',
  'Buenos Aires': 'baires',
  London: 'londonlife',
  Paris: 'parisjetaime',
  Barcelona: 'bcn',
};

/** Countries the network tags by a short or older name as well as the official one. */
export const COUNTRY_ALIASES: Record<string, string> = {
  US: 'usa america',
  GB: 'uk england',
  KR: 'korea southkorea',
  TR: 'turkey',
  AE: 'uae',
  NL: 'holland',
  CZ: 'czechrepublic',
};

/** Country display names that read badly in a place title ("Congo - Kinshasa"). */
export const COUNTRY_TITLES: Record<string, string> = {
  CD: 'DR Congo',
  CG: 'Congo',
  HK: 'Hong Kong',
  MO: 'Macao',
  MM: 'Myanmar',
  PS: 'Palestine',
  CI: 'Côte d’Ivoire',
};

/**
 * How present the network is in a country, where that is far from its population: blocked in
 * China, Iran and North Korea, restricted in Russia. Scales both how often people post from the
 * country's places and those places' counts.
 */
export const NETWORK_PRESENCE: Record<string, number> = {
  CN: 0.04,
  KP: 0.01,
  IR: 0.3,
  TM: 0.1,
  RU: 0.5,
};
