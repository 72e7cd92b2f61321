import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeLocalStorage, safeSessionStorage } from './safe-storage';

describe('safe storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('reads and writes the browser storage areas', () => {
    safeLocalStorage.setItem('a', '1');
    safeSessionStorage.setItem('b', '2');
    expect(localStorage.getItem('a')).toBe('1');
    expect(safeSessionStorage.getItem('b')).toBe('2');
    safeLocalStorage.removeItem('a');
    expect(safeLocalStorage.getItem('a')).toBeNull();
  });

  it('finds nothing and keeps nothing when the browser refuses storage, without throwing', () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(() => safeLocalStorage.setItem('a', '1')).not.toThrow();
    expect(() => safeLocalStorage.removeItem('a')).not.toThrow();
    expect(safeLocalStorage.getItem('a')).toBeNull();
  });
});
