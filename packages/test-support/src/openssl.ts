// TPP certificates made at test time by the openssl command line, an implementation independent of
// the engine's kit, with the fixture CA and configuration of make-fixtures.sh (fixtures/security).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importTppIdentity, type TppIdentity } from '@sandbank/engine/tpp';
import { SECURITY_FIXTURES as fixtures } from './fixtures.js';

export interface OpensslTpp {
  certificatePem: string;
  privateKeyPem: string;
  identity: TppIdentity;
}

/**
 * An RSA key of `bits` and a certificate for it from the fixture CA, with the PSD2 roles PSP_AI and
 * PSP_PI (the `tpp_ext` section), valid 2024–2049 whatever the machine's clock says.
 */
export async function opensslTpp(bits: number, organisationId: string): Promise<OpensslTpp> {
  const work = mkdtempSync(join(tmpdir(), 'sandbank-openssl-'));
  try {
    mkdirSync(join(work, 'newcerts'));
    writeFileSync(join(work, 'index.txt'), '');
    writeFileSync(join(work, 'serial'), '5A17\n');
    const env = { ...process.env, FIXTURE_WORK: work };
    const run = (args: string[]) => execFileSync('openssl', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const key = join(work, 'tpp.key.pem');
    const csr = join(work, 'tpp.csr');
    const cert = join(work, 'tpp.cert.pem');
    run(['genpkey', '-algorithm', 'RSA', '-pkeyopt', `rsa_keygen_bits:${bits}`, '-out', key]);
    run([
      'req',
      '-new',
      '-config',
      join(fixtures, 'openssl.cnf'),
      '-key',
      key,
      '-subj',
      `/C=NO/O=Svak Nøkkel AS/organizationIdentifier=${organisationId}/CN=Svak Nokkel AS`,
      '-out',
      csr,
    ]);
    run([
      'ca',
      '-batch',
      '-config',
      join(fixtures, 'openssl.cnf'),
      '-cert',
      join(fixtures, 'fixture-ca.cert.pem'),
      '-keyfile',
      join(fixtures, 'fixture-ca.key.pem'),
      '-in',
      csr,
      '-startdate',
      '20240101000000Z',
      '-enddate',
      '20491231235959Z',
      '-extensions',
      'tpp_ext',
      '-notext',
      '-out',
      cert,
    ]);
    const certificatePem = readFileSync(cert, 'utf8');
    const privateKeyPem = readFileSync(key, 'utf8');
    return {
      certificatePem,
      privateKeyPem,
      identity: await importTppIdentity({ certificatePem, privateKeyPem }),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
