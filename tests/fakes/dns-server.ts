// A DNS server on loopback speaking the real protocol (UDP, RFC 1035), answering like a recursive
// resolver from a zone the test sets: A, AAAA and CNAME records (a CNAME chain is followed into the
// answer), NXDOMAIN for unknown names, an empty answer (NODATA) for a type a known name lacks.
// For the domain test (server/modules/domains/domain-test.ts): point its resolver at `server`.
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import dnsPacket from "dns-packet";

export type FakeRecords = {
  a?: string[];
  aaaa?: string[];
  cname?: string;
  servfail?: boolean;
  /**
   * A CNAME question gets the CNAME, but A and AAAA questions get the name's own a/aaaa and no CNAME
   * (as a provider that flattens CNAMEs, or a zone that lies, answers).
   */
  flattened?: boolean;
};

export type FakeDnsServer = {
  /** "127.0.0.1:port", as Resolver.setServers() takes it. */
  server: string;
  port: number;
  /** Sets (replaces) a name's records; lowercased, no trailing dot. */
  set(name: string, records: FakeRecords): void;
  remove(name: string): void;
  /** The questions received, "name TYPE", oldest first. */
  queries: string[];
  close(): Promise<void>;
};

const NOERROR = 0;
const SERVFAIL = 2;
const NXDOMAIN = 3;
const TTL = 60;

const normalise = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** On 127.0.0.1:`port`; 0 (the default) takes an ephemeral one. */
export async function startFakeDnsServer(port = 0): Promise<FakeDnsServer> {
  const zone = new Map<string, FakeRecords>();
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");

  /** The answer section and rcode for one question, following CNAMEs within the zone. */
  function answer(name: string, type: string): { rcode: number; answers: dnsPacket.Answer[] } {
    const answers: dnsPacket.Answer[] = [];
    let current = normalise(name);
    for (let hops = 0; hops < 8; hops++) {
      const records = zone.get(current);
      if (!records) return { rcode: hops === 0 ? NXDOMAIN : NOERROR, answers };
      if (records.servfail) return { rcode: SERVFAIL, answers: [] };
      if (records.flattened && type !== "CNAME") {
        for (const address of (type === "A" ? records.a : type === "AAAA" ? records.aaaa : []) ?? []) {
          answers.push({ type: type as "A" | "AAAA", name: current, ttl: TTL, class: "IN", data: address });
        }
        return { rcode: NOERROR, answers };
      }
      if (records.cname) {
        answers.push({ type: "CNAME", name: current, ttl: TTL, class: "IN", data: records.cname });
        if (type === "CNAME") return { rcode: NOERROR, answers };
      }
      if (type === "A" || type === "AAAA") {
        for (const address of (type === "A" ? records.a : records.aaaa) ?? []) {
          answers.push({ type, name: current, ttl: TTL, class: "IN", data: address });
        }
      }
      if (!records.cname) return { rcode: NOERROR, answers };
      current = normalise(records.cname);
    }
    return { rcode: SERVFAIL, answers: [] };
  }

  socket.on("message", (message, remote) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${normalise(question.name)} ${question.type}`);
    const { rcode, answers } = answer(question.name, question.type);
    const response = dnsPacket.encode({
      type: "response",
      id: query.id,
      // RD echoed, RA set, the rcode in the low four bits.
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: [question],
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, "127.0.0.1", () => resolve());
  });
  const bound = (socket.address() as AddressInfo).port;
  return {
    server: `127.0.0.1:${bound}`,
    port: bound,
    queries,
    set: (name, records) => zone.set(normalise(name), records),
    remove: (name) => zone.delete(normalise(name)),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
