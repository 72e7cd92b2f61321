/**
 * How long to wait, as a person says it in `locale`: "45 seconds", "8 minutes", "2 hours". Rounded up,
 * so the visitor never tries again too soon (473 s is "8 minutes").
 */
export function formatWait(seconds: number, locale = 'en'): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [value, unit] =
    whole < 60
      ? [whole, 'second']
      : whole < 3600
        ? [Math.ceil(whole / 60), 'minute']
        : [Math.ceil(whole / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
