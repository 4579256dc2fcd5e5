// Part 1: "non-personal mailboxes are recommended" for a TPP's contact e-mail. The heuristic flags
// free-mail domains and firstname.lastname local parts; role mailboxes pass.
import { describe, expect, it } from 'vitest';
import { looksLikePersonalMailbox } from '../../src/security/index.js';

describe('looksLikePersonalMailbox', () => {
  it.each([
    'kari.nordmann@fjordtest.no',
    'Kari.Nordmann@Fjordtest.no',
    'ola-nordmann@fjordtest.no',
    'ola_nordmann@fjordtest.no',
    'k.nordmann@fjordtest.no',
    'kari.m.nordmann@fjordtest.no',
    'bjørn.dæhlie@fjordtest.no',
    'psd2@gmail.com',
    'api@outlook.com',
    'anything@hotmail.com',
    'someone@yahoo.com',
    'someone@icloud.com',
    'someone@online.no',
  ])('flags %s', (email) => {
    expect(looksLikePersonalMailbox(email)).toBe(true);
  });

  it.each([
    'api@fjordtest.no',
    'support@fjordtest.no',
    'psd2@fjordtest.no',
    'tech@fjordtest.no',
    'ops@fjordtest.no',
    'psd2-support@fjordtest.no',
    'api.team@fjordtest.no',
    'open.banking@fjordtest.no',
    'drift@fjordtest.no',
    'ops+alerts@fjordtest.no',
    'kari@fjordtest.no',
    'not an e-mail',
    '@fjordtest.no',
  ])('does not flag %s', (email) => {
    expect(looksLikePersonalMailbox(email)).toBe(false);
  });
});
