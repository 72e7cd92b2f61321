const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const HIGH_LATIN1 = /[\u0080-\u00ff]/;
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * Meta's exports write each UTF-8 byte of a character as its own \u00XX escape, so "café" reads as
 * "cafÃ©". Text made only of such characters is read again as the UTF-8 bytes it spells; text that
 * does not spell valid UTF-8 (a real "Ã" next to plain letters) stays as it was.
 */
export function repairMetaText(text: string): string {
  if (!HIGH_LATIN1.test(text) || BEYOND_LATIN1.test(text)) return text;
  try {
    return strictUtf8.decode(Buffer.from(text, 'latin1'));
  } catch {
    return text;
  }
}
