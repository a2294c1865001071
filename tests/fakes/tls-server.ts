// A TLS listener on loopback with certificates made at test time by a test CA: a real handshake
// with SNI, the certificate chosen by the name the client sends. Clients trust `ca` (PEM) to accept
// the certificates it issued.
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { generate } from "selfsigned";

export type TestCertificate = { key: string; cert: string };

export type TestCa = {
  /** The CA certificate (PEM), to trust. */
  ca: string;
  /** A certificate for these DNS names, valid from notBefore to notAfter (default: now, +90 days). */
  issue(names: string[], validity?: { notBefore?: Date; notAfter?: Date }): Promise<TestCertificate>;
};

const DAY = 86_400_000;

export async function createTestCa(name = "Atalho Test CA"): Promise<TestCa> {
  const root = await generate([{ name: "commonName", value: name }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate: new Date(Date.now() - DAY),
    notAfterDate: new Date(Date.now() + 365 * DAY),
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return {
    ca: root.cert,
    async issue(names, validity = {}) {
      const leaf = await generate([{ name: "commonName", value: names[0]! }], {
        keyType: "ec",
        algorithm: "sha256",
        notBeforeDate: validity.notBefore ?? new Date(Date.now() - 60_000),
        notAfterDate: validity.notAfter ?? new Date(Date.now() + 90 * DAY),
        ca: { key: root.private, cert: root.cert },
        extensions: [
          { name: "basicConstraints", cA: false },
          { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
          { name: "extKeyUsage", serverAuth: true },
          { name: "subjectAltName", altNames: names.map((value) => ({ type: 2 as const, value })) },
        ],
      });
      return { key: leaf.private, cert: leaf.cert };
    },
  };
}

export type FakeTlsServer = {
  port: number;
  /** The certificate served for a name (SNI); names without one get the default certificate. */
  serve(name: string, certificate: TestCertificate): void;
  /** SNI names received, oldest first. */
  names: string[];
  close(): Promise<void>;
};

/**
 * A TLS server on `host`:`port` (127.0.0.1 and 0, an ephemeral port, by default) that completes
 * handshakes and closes.
 */
export async function startFakeTlsServer(
  defaultCertificate: TestCertificate,
  port = 0,
  host = "127.0.0.1",
): Promise<FakeTlsServer> {
  const contexts = new Map<string, tls.SecureContext>();
  const names: string[] = [];
  const server = tls.createServer(
    {
      ...defaultCertificate,
      SNICallback: (servername, callback) => {
        names.push(servername);
        callback(null, contexts.get(servername.toLowerCase()));
      },
    },
    (socket) => socket.end("HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n"),
  );
  // A client that hangs up mid-handshake is not a test failure.
  server.on("tlsClientError", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    names,
    serve: (name, certificate) => contexts.set(name.toLowerCase(), tls.createSecureContext(certificate)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
