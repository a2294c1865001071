/**
 * A host name as every comparison reads it (block list, our own hosts, targets, DNS answers):
 * lower-case, with ALL trailing dots dropped. "Evil.example.." names the same host as
 * "evil.example" to a browser, so it must to a check too; one dot only would let two through.
 */
export function bareHostName(name: string): string {
  let end = name.length;
  while (end > 0 && name.charCodeAt(end - 1) === 46 /* . */) end--;
  return (end === name.length ? name : name.slice(0, end)).toLowerCase();
}

/**
 * The host of what a person pasted where a domain goes: "https://links.exemplo.com.br/p/ana" and
 * "links.exemplo.com.br/p/ana" give "links.exemplo.com.br" (scheme, path, query and fragment
 * dropped). Anything else comes back as it was typed, for the domain's own rules to judge: a port or
 * a user is a mistake to point out, not to guess about.
 */
export function pastedHost(typed: string): string {
  const text = typed.trim();
  const scheme = /^https?:\/\//i.exec(text);
  const rest = scheme ? text.slice(scheme[0].length) : text;
  const end = rest.search(/[/?#]/);
  // Nothing to drop: as typed (no scheme, no path).
  if (!scheme && end < 0) return text;
  const host = end < 0 ? rest : rest.slice(0, end);
  // A user, a port, a space or nothing at all: left for the domain's rules to refuse.
  if (host === "" || /[\s:@]/.test(host)) return text;
  // As typed (an IDN stays readable; the server stores it as punycode).
  return host;
}
