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

  it('finds no tags in a caption written without # (its words are for "Tags for your words")', async () => {
    await expect(tagsOfPastedText('Sunset at the beach with my friends. So happy today!')).resolves.toEqual(
      [],
    );
    await expect(tagsOfPastedText('Um pôr do sol na praia com os amigos')).resolves.toEqual([]);
    // Over several lines, or with commas.
    await expect(tagsOfPastedText('Sunset at the beach, with my friends\nBest day')).resolves.toEqual([]);
  });

  it('keeps every word of a list, words that captions use too among them', async () => {
    await expect(tagsOfPastedText('viagem praia sol trabalho noite')).resolves.toEqual([
      'viagem',
      'praia',
      'sol',
      'trabalho',
      'noite',
    ]);
    await expect(tagsOfPastedText('the, beach, me\nlike')).resolves.toEqual(['the', 'beach', 'me', 'like']);
    // Short words that are tags too (LA, de, it) do not make a list a sentence.
    await expect(tagsOfPastedText('travel la beach de it')).resolves.toEqual([
      'travel',
      'la',
      'beach',
      'de',
      'it',
    ]);
  });

  it('reads a caption’s #tags (its reader loaded on the first paste, issue 33)', async () => {
    await expect(tagsOfPastedText('Sunset at the #Beach with #friends #beach')).resolves.toEqual([
      'beach',
      'friends',
    ]);
  });
});
