import { safeLocalStorage } from '../../shell/safe-storage';

/** Local storage key of the device id (docs/product-rules.md#device-storage). */
export const DEVICE_ID_KEY = 'uuID';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Where the id lives when the browser refuses storage (some private modes).
let memoryId: string | null = null;

/** The device id (uuID) kept in the browser, made on first use. */
export function getDeviceId(): string {
  const stored = readStored();
  if (stored) return stored;
  const created = makeUuid();
  writeStored(created);
  return created;
}

/** The already-registered path: the account's own device id replaces this browser's. */
export function restoreDeviceId(uuID: string): void {
  if (UUID.test(uuID)) writeStored(uuID);
}

function readStored(): string | null {
  const value = safeLocalStorage.getItem(DEVICE_ID_KEY);
  // Storage refused: the id kept in memory, which lives for this page only.
  return value && UUID.test(value) ? value : memoryId;
}

function writeStored(value: string): void {
  memoryId = value;
  safeLocalStorage.setItem(DEVICE_ID_KEY, value);
}

/** A version-4 UUID; crypto.randomUUID exists only in secure contexts (https or localhost). */
function makeUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
