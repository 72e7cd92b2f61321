import { describe, expect, it } from 'vitest';
import { tagsOfPastedText } from './suggest-api';

describe('tagsOfPastedText', () => {
  it('reads a plain list as tags of any network: Bluesky’s k-pop as well as Instagram’s (issue 31)', async () => {
    await expect(tagsOfPastedText('K-Pop, travel.  self-care\nİstanbul; foo_')).resolves.toEqual([
      'k-pop',
      'travel',
      'self-care',
      'istanbul',
      'foo_',
    ]);
  });

  it('leaves out the little words of a caption written without #, in English and Portuguese', async () => {
    await expect(
      tagsOfPastedText('Sunset at the beach with my friends. Um pôr do sol na praia com os amigos'),
    ).resolves.toEqual(['sunset', 'beach', 'friends', 'pôr', 'sol', 'praia', 'amigos']);
  });

  it('reads a caption’s #tags (its reader loaded on the first paste, issue 33)', async () => {
    await expect(tagsOfPastedText('Sunset at the #Beach with #friends #beach')).resolves.toEqual([
      'beach',
      'friends',
    ]);
  });
});
