/**
 * The browser's storage areas, for values the app can live without: private modes, full disks and
 * blocked cookies make storage throw (even reading `localStorage` itself), and then a read finds
 * nothing and a write keeps the value for this page only.
 */
export interface SafeStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

export const safeLocalStorage = safeStorage(() => localStorage);
export const safeSessionStorage = safeStorage(() => sessionStorage);

function safeStorage(area: () => Storage): SafeStorage {
  return {
    getItem: (key) => {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        area().setItem(key, value);
      } catch {
        // Storage refused: the value lasts for this page only.
      }
    },
    removeItem: (key) => {
      try {
        area().removeItem(key);
      } catch {
        // Storage refused: nothing was kept to remove.
      }
    },
  };
}
