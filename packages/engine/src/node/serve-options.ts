import { randomBytes } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import type { Profile } from '../core/context.js';
import { parseMount } from '../core/mount.js';
import type { ControlAccess } from '../gateway/control-owner.js';
import { isLoopbackName } from '../gateway/http-rules.js';

// How `sandbank serve` decides who owns the control plane and which hosts it answers
// (docs/security.md, "The control plane's owner"; ARCHITECTURE.md, public contract).

export interface OwnerFlags {
  profile: Profile;
  host: string;
  /** `--control-plane on|off`; undefined: on in the sandbox profile, off in production. */
  controlPlane: string | undefined;
  /** `--control-token`, else SANDBANK_CONTROL_TOKEN. */
  token: string | undefined;
}

export interface Owner {
  access: ControlAccess;
  /** The token when sandbank generated it (it is printed at start). */
  generated: string | null;
}

/** The owner's choice, or the message for a bad flag. */
export function decideOwner(flags: OwnerFlags): Owner | string {
  const on = flags.controlPlane ?? (flags.profile === 'production' ? 'off' : 'on');
  if (on !== 'on' && on !== 'off') return `--control-plane must be on or off, got ${on}`;
  if (on === 'off') return { access: { kind: 'off' }, generated: null };
  if (flags.token !== undefined) {
    if (!/^[A-Za-z0-9\-._~+/]{16,}=*$/.test(flags.token)) {
      return 'the control token must be at least 16 characters of A-Z a-z 0-9 - . _ ~ + / (a Bearer token)';
    }
    return { access: { kind: 'token', token: flags.token }, generated: null };
  }
  // A loopback server is reachable from this machine only: its control plane stays open, as before.
  if (isLoopbackName(flags.host)) return { access: { kind: 'open' }, generated: null };
  const token = randomBytes(32).toString('base64url');
  return { access: { kind: 'token', token }, generated: token };
}

const WILDCARDS = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0', '']);

/**
 * The names the server answers besides loopback names: the bound address (every interface's address
 * and the machine's name when it is a wildcard) and the public URL's host.
 */
export function servedHosts(host: string, publicUrl: string | undefined): Set<string> {
  const names = new Set<string>([host.toLowerCase().replace(/^\[|\]$/g, '')]);
  if (WILDCARDS.has(host)) {
    names.add(hostname().toLowerCase());
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.add(address.address.toLowerCase());
    }
  }
  if (publicUrl !== undefined && !publicUrl.startsWith('/'))
    names.add(new URL(publicUrl).hostname.replace(/^\[|\]$/g, ''));
  return names;
}

/**
 * Where the bank answers on the bound address (`http://127.0.0.1:8731`): requests carry the path
 * prefix of `--public-url` (`http://localhost:8731/bank` serves `/bank/v1`, `/bank/_sandbank/`), so
 * the start lines print it.
 */
export function localBase(boundUrl: string, publicUrl: string | undefined): string {
  return `${boundUrl}${parseMount(publicUrl).prefix}`;
}

/** The start line that says who may use the control plane (`url`: localBase). */
export function describeOwner(owner: Owner, url: string, source: string): string[] {
  const where = `${url}/_sandbank/`;
  switch (owner.access.kind) {
    case 'off':
      return ['control plane: off (production profile; --control-plane on turns it on)'];
    case 'open':
      return [`control plane: open to loopback callers at ${where}`];
    case 'token':
      return [
        `control plane: needs Authorization: Bearer <control token> at ${where}`,
        owner.generated === null
          ? `control token: from ${source}`
          : `control token (generated; set SANDBANK_CONTROL_TOKEN or --control-token to choose it): ${owner.generated}`,
      ];
  }
}
