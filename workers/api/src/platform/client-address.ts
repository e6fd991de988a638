/**
 * The key a client address is rate-limited under. One person on IPv6 usually holds a whole /64 (a
 * home or a VPS gets at least that), so counting single IPv6 addresses would give an attacker 2^64
 * fresh buckets: IPv6 addresses are keyed by their /64 prefix. IPv4 addresses are keyed whole. The
 * same address written differently (compressed or not, upper or lower case, a zone id, IPv4-mapped
 * `::ffff:1.2.3.4`) gets the same key. Anything unreadable shares one "unknown" bucket, so it can
 * never be used to escape a limit.
 */

export const UNKNOWN_ADDRESS = "unknown";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The four octets of a dotted IPv4 address, or null. */
function parseIpv4(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail allowed), or null. */
function parseIpv6(text: string): number[] | null {
  let rest = text.toLowerCase();
  const tail: number[] = [];
  const lastColon = rest.lastIndexOf(":");
  if (lastColon >= 0 && rest.slice(lastColon + 1).includes(".")) {
    const v4 = parseIpv4(rest.slice(lastColon + 1));
    if (!v4) return null;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    rest = rest.slice(0, lastColon);
    // "::1.2.3.4" and "a::1.2.3.4" leave ":" and "a:": the colon cut off was half of a "::".
    if (rest.endsWith(":")) rest += ":";
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const back = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...back].every((group) => HEXTET.test(group))) return null;
  const known = head.length + back.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...back.map((g) => parseInt(g, 16)), ...tail];
}

const hex = (group: number) => group.toString(16);

/**
 * "ip4:203.0.113.9" or "ip6:2001:db8:1:2::/64" (the first four groups, in lower-case hex without
 * leading zeros), or "unknown".
 */
export function addressKey(raw: string | null | undefined): string {
  if (!raw) return UNKNOWN_ADDRESS;
  // A zone id ("fe80::1%eth0") names the interface, not the address; brackets come from URL forms.
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const v4 = parseIpv4(text);
  if (v4) return `ip4:${v4.join(".")}`;
  const v6 = text.includes(":") ? parseIpv6(text) : null;
  if (!v6) return UNKNOWN_ADDRESS;
  // IPv4-mapped (::ffff:a.b.c.d) is an IPv4 client seen through a dual-stack socket.
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) {
    return `ip4:${[v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join(".")}`;
  }
  return `ip6:${v6.slice(0, 4).map(hex).join(":")}::/64`;
}
