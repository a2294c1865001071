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
