import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestCa, type TestCertificate } from "../tests/fakes/tls-server";

// The loopback DNS server and TLS listener the admin journey's 'Testar' talks to
// (tests/fakes/dns-server.ts, tls-server.ts). The e2e server is configured with their fixed ports
// (derived from E2E_PORT, so parallel runs do not clash) and reads the test CA when it starts, so
// playwright.config.ts writes the CA and a certificate before starting it; the spec starts the
// servers and sets the zone.

/** Names under this zone get the fixture's certificate (a wildcard). */
export const FIXTURE_ZONE = "exemplo.com.br";

export type DomainFixtures = { dnsPort: number; tlsPort: number; dir: string; caFile: string };

export function domainFixtures(appPort: number): DomainFixtures {
  // Outside test-results/: Playwright empties its output directory after reading the config.
  const dir = path.join(os.tmpdir(), `atalho-e2e-domain-test-${appPort}`);
  return { dnsPort: appPort + 1000, tlsPort: appPort + 1001, dir, caFile: path.join(dir, "ca.pem") };
}

const certificateFile = (fixtures: DomainFixtures) => path.join(fixtures.dir, "certificate.json");

/** A fresh test CA (the file the server trusts) and a certificate it issued for *.FIXTURE_ZONE. */
export async function writeFixtureCertificates(fixtures: DomainFixtures): Promise<void> {
  const ca = await createTestCa("Atalho E2E CA");
  const certificate = await ca.issue([`*.${FIXTURE_ZONE}`]);
  mkdirSync(fixtures.dir, { recursive: true });
  writeFileSync(fixtures.caFile, ca.ca);
  writeFileSync(certificateFile(fixtures), JSON.stringify(certificate));
}

export function readFixtureCertificate(fixtures: DomainFixtures): TestCertificate {
  return JSON.parse(readFileSync(certificateFile(fixtures), "utf8")) as TestCertificate;
}
