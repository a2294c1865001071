import { describe, expect, it } from "vitest";
import { ABUSE_MESSAGES } from "../../common/contract/abuse";
import { httpUrlSchema, LINK_TARGET_MESSAGES } from "../../common/contract/urls";
import { hostIsIn } from "../modules/abuse/blocked-domain-list";
import { isOtherShortener, OTHER_SHORTENERS } from "../modules/abuse/shorteners";
import { HttpError } from "./http-error";
import { assertLinkTarget, linkTargetProblem } from "./link-targets";

const hosts = ["atalho.com.br", "localhost:3000", "links.exemplo.com.br"];

describe("linkTargetProblem", () => {
  it.each([
    // Ours: any path on PUBLIC_URL's host or a domain of ours, any case, trailing dots, default port.
    ["https://atalho.com.br/s/abc", "own"],
    ["https://ATALHO.com.br./s/abc", "own"],
    ["https://atalho.com.br../s/abc", "own"],
    ["https://atalho.com.br:443/p/minha-pagina", "own"],
    ["https://atalho.com.br:8443/s/abc", "own"],
    ["http://localhost:3000/%73/abc", "own"],
    ["https://links.exemplo.com.br/", "own"],
    // localhost by name.
    ["http://localhost:4000/s/abc", "internal"],
    ["http://localhost./", "internal"],
    ["http://localhost.../", "internal"],
    ["http://api.LOCALHOST/", "internal"],
    // Private, loopback, link-local, unspecified and shared IPv4.
    ["http://10.1.2.3/", "internal"],
    ["http://172.16.0.1/", "internal"],
    ["http://172.31.255.255/", "internal"],
    ["http://192.168.0.10:8080/admin", "internal"],
    ["http://127.0.0.1/", "internal"],
    ["http://127.0.0.1../", "internal"],
    ["http://127.8.9.10/", "internal"],
    ["http://169.254.169.254/latest/meta-data/", "internal"],
    ["http://0.0.0.0/", "internal"],
    ["http://100.64.0.1/", "internal"],
    // IPv6: loopback, unspecified, unique-local, link-local and IPv4-mapped forms.
    ["http://[::1]/", "internal"],
    ["http://[::]/", "internal"],
    ["http://[fc00::1]/", "internal"],
    ["http://[fd12:3456::1]/", "internal"],
    ["http://[fe80::1]/", "internal"],
    ["http://[febf::1]/", "internal"],
    ["http://[::ffff:127.0.0.1]/", "internal"],
    ["http://[::ffff:10.0.0.1]/", "internal"],
    ["http://[::ffff:a9fe:a9fe]/", "internal"],
    // IPv6 forms that carry an internal IPv4 for a gateway: NAT64, 6to4, IPv4-compatible; multicast.
    ["http://[64:ff9b::a9fe:a9fe]/", "internal"],
    ["http://[64:ff9b::10.0.0.5]/", "internal"],
    ["http://[64:ff9b:1::a00:5]/", "internal"],
    ["http://[2002:7f00:1::1]/", "internal"],
    ["http://[::7f00:1]/", "internal"],
    ["http://[ff02::1]/", "internal"],
    // Reserved IPv4: protocol assignments, benchmarking, multicast, reserved, broadcast.
    ["http://192.0.0.1/", "internal"],
    ["http://198.18.0.1/", "internal"],
    ["http://224.0.0.1/", "internal"],
    ["http://240.0.0.1/", "internal"],
    ["http://255.255.255.255/", "internal"],
    // Odd IPv4 spellings the WHATWG parser turns into 127.0.0.1 / 0.0.0.0 / 10.0.0.1.
    ["http://2130706433/", "internal"],
    ["http://0x7f.1/", "internal"],
    ["http://0x7f000001/", "internal"],
    ["http://017700000001/", "internal"],
    ["http://127.1/", "internal"],
    ["http://0/", "internal"],
    ["http://10.0.0.1./", "internal"],
    // Public addresses and names are fine.
    ["https://exemplo.com.br/s/abc", null],
    ["https://outro.com.br/", null],
    ["https://atalho.com.br.exemplo.com/", null],
    ["https://localhost.exemplo.com/", null],
    ["http://8.8.8.8/", null],
    ["http://172.32.0.1/", null],
    ["http://192.169.0.1/", null],
    ["http://[2001:4860:4860::8888]/", null],
    ["http://[::ffff:8.8.8.8]/", null],
    ["http://[fec0::1]/", null],
    ["http://[64:ff9b::808:808]/", null],
    ["http://[2002:808:808::1]/", null],
  ])("%s -> %s", (url, expected) => {
    expect(linkTargetProblem(url, hosts)).toBe(expected);
  });

  it("sees what the URL parser sees: odd spellings are normalised before the check", () => {
    expect(new URL("http://2130706433/").hostname).toBe("127.0.0.1");
    expect(new URL("http://0x7f.1/").hostname).toBe("127.0.0.1");
    expect(new URL("http://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
    // The contract accepts these, so the server check is what refuses them.
    for (const url of ["http://2130706433/", "http://0x7f.1/", "10.0.0.1", "http://localhost/"]) {
      const parsed = httpUrlSchema.parse(url);
      expect(linkTargetProblem(parsed, hosts)).toBe("internal");
    }
  });
});

describe("linkTargetProblem with the administrator's rules", () => {
  const blocked = new Set(["golpe.com", "xn--caf-dma.com.br"]);
  const policy = { blocked: (host: string) => hostIsIn(blocked, host), shortenersRefused: true };

  it.each([
    // The block list covers the domain and every subdomain, not look-alikes.
    ["https://golpe.com/login", "blocked"],
    ["https://GOLPE.com./x", "blocked"],
    ["https://golpe.com../x", "blocked"],
    ["https://pix.golpe.com...:443/", "blocked"],
    ["https://www.golpe.com/", "blocked"],
    ["https://a.b.golpe.com:8443/", "blocked"],
    ["https://café.com.br/", "blocked"],
    ["https://loja.xn--caf-dma.com.br/", "blocked"],
    ["https://naogolpe.com/", null],
    ["https://golpe.com.br/", null],
    ["https://golpe.co/", null],
    // Other shorteners, with their subdomains.
    ["https://bit.ly/abc", "shortener"],
    ["https://www.bit.ly/abc", "shortener"],
    ["https://tinyurl.com/y3abc", "shortener"],
    ["https://t.co/x", "shortener"],
    ["https://s.id/x", "shortener"],
    ["https://bitly.com.br.exemplo.com/", null],
    ["https://nbit.ly/x", null],
    // Our own and internal hosts keep their own answers first.
    ["https://atalho.com.br/s/x", "own"],
    ["http://10.0.0.1/", "internal"],
  ])("%s -> %s", (url, expected) => {
    expect(linkTargetProblem(httpUrlSchema.parse(url), hosts, policy)).toBe(expected);
  });

  it("lets other shorteners through while the setting is off", () => {
    expect(linkTargetProblem("https://bit.ly/abc", hosts, { shortenersRefused: false })).toBeNull();
    expect(linkTargetProblem("https://bit.ly/abc", hosts)).toBeNull();
  });

  it("keeps the shortener list to hosts, each a real domain name", () => {
    for (const name of OTHER_SHORTENERS) expect(name).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    for (const name of ["bit.ly", "tinyurl.com", "t.co", "goo.gl", "ow.ly", "is.gd", "lnkd.in", "rb.gy"])
      expect(isOtherShortener(name)).toBe(true);
  });
});

describe("assertLinkTarget", () => {
  const blockList = new Set<string>();
  const settings = { block_other_shorteners: false };
  const app = {
    config: { publicUrl: "https://atalho.com.br" },
    domains: { hosts: () => ["links.exemplo.com.br"] },
    blockedDomains: { blocks: (host: string) => hostIsIn(blockList, host) },
    settings: { get: () => settings },
  };

  it("throws a 400 naming the field, with the message for the problem", () => {
    const own = catchError(() => assertLinkTarget(app, "https://atalho.com.br/s/x", "url", "próprio"));
    expect(own.statusCode).toBe(400);
    expect(own.message).toBe("próprio");
    expect(own.details).toEqual({ url: "próprio" });
    const domain = catchError(() => assertLinkTarget(app, "https://links.exemplo.com.br/", "f", "próprio"));
    expect(domain.details).toEqual({ f: "próprio" });
    const internal = catchError(() => assertLinkTarget(app, "http://192.168.1.1/", "url", "próprio"));
    expect(internal.message).toBe(LINK_TARGET_MESSAGES.internal);
    expect(internal.details).toEqual({ url: LINK_TARGET_MESSAGES.internal });
  });

  it("lets a public target through", () => {
    expect(() => assertLinkTarget(app, "https://exemplo.com.br/s/x", "url", "próprio")).not.toThrow();
  });

  it("refuses a blocked domain and, with the setting on, another shortener, in pt-BR on the field", () => {
    blockList.add("golpe.com");
    settings.block_other_shorteners = true;
    try {
      const blocked = catchError(() => assertLinkTarget(app, "https://m.golpe.com/x", "original_url", "p"));
      expect(blocked.statusCode).toBe(400);
      expect(blocked.message).toBe("Este domínio está bloqueado por violar os termos de uso.");
      expect(blocked.details).toEqual({ original_url: ABUSE_MESSAGES.blockedTarget });
      const shortener = catchError(() => assertLinkTarget(app, "https://bit.ly/x", "rules.0.url", "p"));
      expect(shortener.message).toBe(ABUSE_MESSAGES.shortenerTarget);
      expect(shortener.details).toEqual({ "rules.0.url": ABUSE_MESSAGES.shortenerTarget });
      settings.block_other_shorteners = false;
      expect(() => assertLinkTarget(app, "https://bit.ly/x", "url", "p")).not.toThrow();
    } finally {
      blockList.clear();
      settings.block_other_shorteners = false;
    }
  });
});

function catchError(run: () => void): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("nothing thrown");
}
