/** Pages outside the app that menu entries and routes open. */
export const EXTERNAL_LINKS = {
  social: 'https://www.instagram.com/tagscout.app/',
  video: 'https://www.youtube.com/@tagscout',
  /** Live events are streamed on the social page. */
  live: 'https://www.instagram.com/tagscout.app/live/',
} as const;

/** The social network's own pages for an item, for the links in result rows. */
export function networkTagUrl(tag: string): string {
  return `https://www.instagram.com/explore/tags/${encodeURIComponent(tag)}/`;
}

export function networkPlaceUrl(placeId: string): string {
  return `https://www.instagram.com/explore/locations/${encodeURIComponent(placeId)}/`;
}
