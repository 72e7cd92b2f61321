/** The help videos; a link of 'none' hides its button. */
export const HELP_VIDEOS: readonly { key: string; url: string }[] = [
  { key: 'gettingStarted', url: 'https://www.youtube.com/@tagscout' },
  { key: 'collections', url: 'https://www.youtube.com/@tagscout/videos' },
];

export function visibleVideos(videos: readonly { key: string; url: string }[] = HELP_VIDEOS) {
  return videos.filter((video) => video.url.trim() !== '' && video.url.trim().toLowerCase() !== 'none');
}
