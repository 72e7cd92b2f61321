import { describe, expect, it } from 'vitest';
import { findObjectWith, findPageData, isLoginPage } from './page-data.js';

describe('data embedded in the network’s pages', () => {
  it('reads window._sharedData, __additionalDataLoaded and a bare JSON answer', () => {
    const shared =
      '<script type="text/javascript">window._sharedData = {"entry_data":{"TagPage":[{"graphql":{"hashtag":{"name":"a","edge_hashtag_to_media":{"count":3}}}}]}};</script>';
    const additional =
      '<script type="text/javascript">window.__additionalDataLoaded(\'/explore/tags/b/\',{"graphql":{"hashtag":{"name":"b","edge_hashtag_to_media":{"count":4}}}});</script>';
    const bare = '{"graphql":{"hashtag":{"name":"c","edge_hashtag_to_media":{"count":5}}}}';
    for (const [page, name] of [
      [shared, 'a'],
      [additional, 'b'],
      [bare, 'c'],
    ] as const) {
      expect(findObjectWith(findPageData(page), 'edge_hashtag_to_media')).toMatchObject({ name });
    }
  });

  it('skips a broken blob without hiding a good one', () => {
    const page =
      '<script>window._sharedData = {"entry_data":{"TagPage":[{"graph</script>' +
      '<script>window.__additionalDataLoaded(\'x\',{"user":{"edge_owner_to_timeline_media":{"count":1}}});</script>';
    expect(findPageData(page)).toHaveLength(1);
    expect(findObjectWith(findPageData(page), 'edge_owner_to_timeline_media')).toBeDefined();
    expect(findObjectWith(findPageData(page), 'edge_hashtag_to_media')).toBeUndefined();
  });

  it('knows the login page', () => {
    expect(isLoginPage('<title>Login • Instagram</title>')).toBe(true);
    expect(isLoginPage('window._sharedData = {"entry_data":{"LoginAndSignupPage":[{}]}};')).toBe(true);
    expect(isLoginPage('<title>#cats hashtag on Instagram</title>')).toBe(false);
  });
});
