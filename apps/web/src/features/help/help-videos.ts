/** A help video: its name's key under help.videos, and its link. */
export interface HelpVideo {
  key: 'gettingStarted' | 'collections';
  url: string;
}

/** The help videos; a link of 'none' hides its button. */
export const HELP_VIDEOS: readonly HelpVideo[] = [
  { key: 'gettingStarted', url: 'https://www.youtube.com/@tagscout' },
  { key: 'collections', url: 'https://www.youtube.com/@tagscout/videos' },
];

export function visibleVideos<Video extends { url: string }>(videos: readonly Video[]): Video[] {
  return videos.filter((video) => video.url.trim() !== '' && video.url.trim().toLowerCase() !== 'none');
}
