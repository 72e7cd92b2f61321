import type { FeatureSwitches } from './appdata.js';

/** Where searches run: on the server's store, or from the device straight to the network. */
export const SearchMode = { server: 'server', device: 'device' } as const;
export type SearchMode = (typeof SearchMode)[keyof typeof SearchMode];

/** The switches before an administrator sets any. */
export const DEFAULT_FEATURE_SWITCHES: FeatureSwitches = {
  webSearchMode: SearchMode.server,
  // The apps read the network from the device first (decision 017); an administrator turns it off
  // for every app at once by setting 'server'.
  mobileSearchMode: SearchMode.device,
  betaFeedback: true,
  tutorialOnFirstVisit: true,
};
