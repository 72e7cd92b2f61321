/** Formats made so far, by locale and options; only a handful of distinct ones ever exist. */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 200;

/**
 * An Intl.NumberFormat for the locale and options, made once and kept: making one takes Chromium
 * 10-50 µs, and a results table formats every row's count and trend on each draw (issue 33: 0.65 s
 * of 8.7 s in a profile of typing to results). An unknown locale throws, as the constructor does.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
