export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The mailbox an address delivers to: name+anything@host is name@host (one email trial per mailbox). */
export function mailboxOf(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return local ? `${local}${address.slice(at)}` : address;
}
