/**
 * Second-level labels under which countries' registries sell names (co.uk, com.br, ac.jp): a name
 * there is three labels long. A short list, not the Public Suffix List: where it misses a suffix it
 * joins more addresses into one domain (stricter), and it splits one owner's addresses only for the
 * owner of such a label itself (co.xx in a country where co is no registry's).
 */
const REGISTRY_SECOND_LEVELS = new Set([
  'ac',
  'co',
  'com',
  'edu',
  'go',
  'gob',
  'gov',
  'govt',
  'ltd',
  'mil',
  'ne',
  'net',
  'nic',
  'nom',
  'or',
  'org',
  'plc',
  'sch',
]);

/**
 * The domain of an email address as someone registers it, its subdomains left out: one owner of a
 * catch-all domain gets endless addresses, and endless subdomains, but one mail domain (decision 025).
 * Empty for text that is no address.
 */
export function mailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '';
  const host = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const [secondLevel = '', topLevel = ''] = labels.slice(-2);
  const kept = topLevel.length === 2 && REGISTRY_SECOND_LEVELS.has(secondLevel) ? 3 : 2;
  return labels.slice(-kept).join('.');
}
