import { describe, expect, it } from 'vitest';
import { visibleVideos } from './help-videos';

describe('visibleVideos', () => {
  it('hides a video whose link is none (or empty)', () => {
    const videos = [
      { key: 'a', url: 'https://example.com/a' },
      { key: 'b', url: 'none' },
      { key: 'c', url: ' NONE ' },
      { key: 'd', url: '' },
    ];
    expect(visibleVideos(videos).map((video) => video.key)).toEqual(['a']);
  });
});
