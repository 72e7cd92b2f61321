import { describe, expect, it } from 'vitest';
import { wordsOfCaption } from './words-of-caption.js';

describe('wordsOfCaption', () => {
  it('keeps the words that say what a caption is about, each once, without tags, mentions and links', () => {
    expect(
      wordsOfCaption(
        "@user thanks for #lyft credit i can't use cause they don't offer wheelchair vans in pdx. Vans! https://t.co/x 2016",
      ),
    ).toEqual(['thanks', 'credit', 'use', 'cause', "don't", 'offer', 'wheelchair', 'vans', 'pdx']);
  });

  it('drops Portuguese stop words and keeps accents as typed (no stemming)', () => {
    expect(wordsOfCaption('Um café da manhã na praia com os amigos #verão')).toEqual([
      'café',
      'manhã',
      'praia',
      'amigos',
    ]);
    expect(wordsOfCaption('beach beaches')).toEqual(['beach', 'beaches']);
  });

  it("adds a declared language's stop words and segments words of scripts without spaces", () => {
    expect(wordsOfCaption('och sommar', { langs: ['sv'] })).toEqual(['sommar']);
    expect(wordsOfCaption('och sommar')).toEqual(['och', 'sommar']);
    expect(wordsOfCaption('東京でラーメンを食べた', { langs: ['ja'] })).toContain('東京');
  });

  it('answers no words for a text of tags, numbers and emoji, and at most max words', () => {
    expect(wordsOfCaption('#a #b 2024 😭 @someone #🍕')).toEqual([]);
    expect(wordsOfCaption('alpha beta gamma delta', { max: 2 })).toEqual(['alpha', 'beta']);
  });
});
