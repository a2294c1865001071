import { hostIsIn } from "./blocked-domain-list";

/**
 * Other URL shorteners: with the administrator's `block_other_shorteners` setting on, a target on
 * one of these hosts (or a subdomain) is refused at save, since its destination can change at any
 * time behind our back. The one list of them.
 */
export const OTHER_SHORTENERS: ReadonlySet<string> = new Set([
  "bit.ly",
  "bitly.com",
  "bitly.is",
  "j.mp",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "g.co",
  "ow.ly",
  "is.gd",
  "v.gd",
  "buff.ly",
  "rebrand.ly",
  "rebrandly.com",
  "cutt.ly",
  "shorturl.at",
  "tiny.cc",
  "tiny.one",
  "rb.gy",
  "t.ly",
  "s.id",
  "bl.ink",
  "short.io",
  "short.gy",
  "lnkd.in",
  "adf.ly",
  "shorte.st",
  "bc.vc",
  "ouo.io",
  "soo.gd",
  "clck.ru",
  "qr.net",
  "1url.com",
  "tr.im",
  "x.co",
  "mcaf.ee",
  "su.pr",
  "po.st",
  "dlvr.it",
  "ift.tt",
  "fb.me",
  "trib.al",
  "snip.ly",
  "shorturl.com",
  "urlzs.com",
  "u.to",
  "encurtador.com.br",
  "encr.pw",
  "abre.ai",
  "l1nq.com",
  "kutt.it",
  "han.gl",
]);

/** Whether a host (lower-case, no port) is another shortener's, or a subdomain of one. */
export const isOtherShortener = (hostname: string) => hostIsIn(OTHER_SHORTENERS, hostname);
