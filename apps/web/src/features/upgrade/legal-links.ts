/** The documents the plans screen links to (App Store and Play rules ask for both). */
export const LEGAL_LINKS = {
  terms: 'https://tagscout.app/terms',
  privacy: 'https://tagscout.app/privacy',
} as const;
