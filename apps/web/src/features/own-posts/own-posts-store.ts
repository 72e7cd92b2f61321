import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface OwnPostsState {
  /**
   * The account's "use my tags that work in suggestions", as last seen on Your posts: the suggestions
   * panel asks the server for them only while it is on, so nobody else's screen pays for a request.
   */
  suggestFromOwnTags: boolean;
  setSuggestFromOwnTags: (isOn: boolean) => void;
}

export const useOwnPostsStore = create<OwnPostsState>()(
  persist(
    (set) => ({
      suggestFromOwnTags: false,
      setSuggestFromOwnTags: (isOn) => set({ suggestFromOwnTags: isOn }),
    }),
    { name: 'ownPosts', version: 1 },
  ),
);
