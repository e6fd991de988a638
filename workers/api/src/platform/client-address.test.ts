// The rate-limit key of a client address: IPv6 by its /64, IPv4 whole, every spelling of one
// address alike, and nothing unreadable able to open a bucket of its own.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { UNKNOWN_ADDRESS, addressKey } from "./client-address";

const hextet = fc.integer({ min: 0, max: 0xffff });
const ipv6Groups = fc.array(hextet, { minLength: 8, maxLength: 8 });
const ipv4Octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 });

/** One address, spelled the ways clients and proxies write it. */
function spellings(groups: number[]): string[] {
  const plain = groups.map((g) => g.toString(16));
  const padded = groups.map((g) => g.toString(16).padStart(4, "0"));
  const forms = [plain.join(":"), padded.join(":"), padded.join(":").toUpperCase(), `[${plain.join(":")}]`, `${plain.join(":")}%eth0`];
  // "::" for the longest run of zero groups (any run is valid; the longest is the canonical one).
  let best = { at: -1, length: 0 };
  for (let at = 0; at < 8; at++) {
    let length = 0;
    while (at + length < 8 && groups[at + length] === 0) length++;
    if (length > best.length) best = { at, length };
  }
  if (best.length > 0) forms.push(`${plain.slice(0, best.at).join(":")}::${plain.slice(best.at + best.length).join(":")}`);
  return forms;
}

describe("addressKey", () => {
  test("IPv6: every spelling of an address gives one key, the same for its whole /64", () => {
    fc.assert(
      fc.property(ipv6Groups, fc.array(hextet, { minLength: 4, maxLength: 4 }), (groups, otherInterface) => {
        // Not an IPv4-mapped address (those are IPv4 clients; tested below).
        fc.pre(!(groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff));
        const keys = new Set([...spellings(groups), ...spellings([...groups.slice(0, 4), ...otherInterface])].map(addressKey));
        expect([...keys]).toEqual([
          `ip6:${groups
            .slice(0, 4)
            .map((g) => g.toString(16))
            .join(":")}::/64`,
        ]);
      }),
    );
  });

  test("IPv6: another /64 is another key", () => {
    fc.assert(
      fc.property(ipv6Groups, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 0xffff }), (groups, which, delta) => {
        const other = [...groups];
        other[which] = (other[which]! + delta) % 0x10000;
        fc.pre(other[which] !== groups[which]);
        expect(addressKey(spellings(groups)[0])).not.toBe(addressKey(spellings(other)[0]));
      }),
    );
  });

  test("IPv4: the address itself, also when written IPv4-mapped (::ffff:a.b.c.d, or in hex)", () => {
    fc.assert(
      fc.property(ipv4Octets, (octets) => {
        const dotted = octets.join(".");
        const high = ((octets[0]! << 8) | octets[1]!).toString(16);
        const low = ((octets[2]! << 8) | octets[3]!).toString(16);
        for (const form of [
          dotted,
          ` ${dotted} `,
          `::ffff:${dotted}`,
          `::FFFF:${dotted}`,
          `0:0:0:0:0:ffff:${dotted}`,
          `::ffff:${high}:${low}`,
          `[::ffff:${dotted}]`,
        ]) {
          expect(addressKey(form), form).toBe(`ip4:${dotted}`);
        }
      }),
    );
  });

  test("IPv4 addresses differ from each other", () => {
    fc.assert(
      fc.property(ipv4Octets, ipv4Octets, (a, b) => {
        fc.pre(a.join(".") !== b.join("."));
        expect(addressKey(a.join("."))).not.toBe(addressKey(b.join(".")));
      }),
    );
  });

  test("anything unreadable shares the one 'unknown' key", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "  ",
      "unknown",
      "1.2.3",
      "1.2.3.256",
      "1.2.3.4.5",
      "::ffff:1.2.3.999",
      "1::2::3",
      "12345::1",
      "g::1",
      ":::",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "localhost",
    ]) {
      expect(addressKey(raw), String(raw)).toBe(UNKNOWN_ADDRESS);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const key = addressKey(text);
        expect(key === UNKNOWN_ADDRESS || key.startsWith("ip4:") || key.startsWith("ip6:")).toBe(true);
      }),
    );
  });
});
