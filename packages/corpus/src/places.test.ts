import { describe, expect, it } from 'vitest';
import { asciiTag, localTag, selectPlaces } from './places.js';
import { createRng } from './rng.js';

describe('selectPlaces', () => {
  const places = selectPlaces(2_000, createRng(1, 1));

  it('picks distinct real cities from many countries', () => {
    expect(places).toHaveLength(2_000);
    expect(new Set(places.map((p) => p.place_id)).size).toBe(2_000);
    expect(new Set(places.map((p) => p.title)).size).toBe(2_000);
    expect(new Set(places.map((p) => p.country)).size).toBeGreaterThan(120);
  });

  it('titles places "City, Country" and tags them as locals do', () => {
    const lisbon = places.find((p) => p.title === 'Lisbon, Portugal');
    expect(lisbon).toMatchObject({ cityTag: 'lisbon', lang: 'pt' });
    expect(lisbon?.cityVariants).toContain('lisboa');
    expect(lisbon?.countryTags).toContain('portugal');
    const saoPaulo = places.find((p) => p.title === 'São Paulo, Brazil');
    expect(saoPaulo?.cityTag).toBe('saopaulo');
    expect(saoPaulo?.countryTags).toEqual(expect.arrayContaining(['brazil', 'brasil']));
    expect(places.find((p) => p.cityTag === 'tokyo')?.cityVariants).toContain('東京');
  });

  it('gives bigger cities more weight and a network-scale count', () => {
    for (const place of places) expect(place.count).toBeGreaterThan(1_000);
    const tokyo = places.find((p) => p.cityTag === 'tokyo')!;
    const porto = places.find((p) => p.cityTag === 'porto')!;
    expect(tokyo.weight).toBeGreaterThan(porto.weight);
  });
});

describe('tags from names', () => {
  it('makes the plain and the local form', () => {
    expect(asciiTag('São Paulo')).toBe('saopaulo');
    expect(asciiTag('Łódź')).toBe('lodz');
    expect(asciiTag('Xi’an')).toBe('xian');
    expect(localTag('São Paulo')).toBe('sãopaulo');
    expect(localTag('Россия')).toBe('россия');
  });
});
