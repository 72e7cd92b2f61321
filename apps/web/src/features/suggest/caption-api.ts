import { api, dataOf } from '../../api/typed-client';
import { networkQuery } from '../networks/networks-api';

/** Tags for the words of a caption (POST /api/suggest/caption): one related search for free visitors. */
export function fetchCaptionSuggestions(text: string, limit = 20) {
  return dataOf(api.POST('/api/suggest/caption', { body: { text, limit, ...networkQuery() } }));
}
