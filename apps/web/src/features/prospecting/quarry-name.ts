import type { Quarry } from '@tagscout/core/api';

/** A quarry's title, or its places' names when it has none. */
export function quarryName(quarry: Pick<Quarry, 'title' | 'places'>): string {
  if (quarry.title.trim() !== '') return quarry.title;
  return quarry.places.map((place) => place.title.split(',')[0]).join(' + ');
}
