// Part 1: a TPP may register a contact e-mail; "non-personal mailboxes are recommended". A heuristic
// that flags addresses that look personal, for a warning (never a rejection). docs/security.md
// describes the rule.

/** Free-mail and consumer ISP domains: a mailbox there belongs to a person, whatever its name. */
const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.no',
  'outlook.com',
  'live.com',
  'live.no',
  'msn.com',
  'yahoo.com',
  'yahoo.no',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'proton.me',
  'protonmail.com',
  'online.no',
  'getmail.no',
  'broadpark.no',
  'frisurf.no',
  'start.no',
  'c2i.net',
]);

/** Local-part words of shared, role-based mailboxes (English and Norwegian). */
const SHARED_WORDS = new Set([
  'api',
  'support',
  'psd2',
  'tech',
  'ops',
  'it',
  'admin',
  'post',
  'postmaster',
  'contact',
  'kontakt',
  'info',
  'dev',
  'developer',
  'developers',
  'integration',
  'integrations',
  'security',
  'noreply',
  'openbanking',
  'helpdesk',
  'servicedesk',
  'service',
  'drift',
  'teknisk',
  'kundeservice',
  'team',
  'operations',
  'compliance',
  'alerts',
  'monitoring',
  'notifications',
  'hostmaster',
  'webmaster',
  'no',
  'reply',
  'open',
  'banking',
  'bank',
  'payments',
  'billing',
  'finance',
  'accounts',
  'office',
  'mail',
  'hello',
  'legal',
  'privacy',
  'abuse',
]);

export function looksLikePersonalMailbox(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  const local = email.slice(0, at).trim().toLowerCase().replace(/\+.*$/, '');
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (PERSONAL_DOMAINS.has(domain)) return true;
  const words = local.split(/[._-]+/).filter((w) => w !== '');
  if (words.some((w) => SHARED_WORDS.has(w.replace(/\d+$/, '')))) return false;
  // firstname.lastname, f.lastname, firstname.m.lastname, firstname_lastname, firstname-lastname
  return /^\p{L}+(?:[._-]\p{L}+){1,2}\d*$/u.test(local) && words.some((w) => w.length >= 2);
}
