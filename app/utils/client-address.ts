/**
 * The part of a client's IP address that per-address limits count. One IPv6
 * subscriber usually holds a whole /64 and can pick a new address in it for
 * every request, so IPv6 is counted by its /64; IPv4 (also written as
 * ::ffff:a.b.c.d by dual-stack servers) by the whole address.
 */
export function addressKey(ip: string): string {
  const raw = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped) return mapped[1]!;
  if (!raw.includes(":")) return raw;
  const groups = expandIpv6(raw.split("%")[0]!);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : raw;
}

/** The eight groups of an IPv6 address without leading zeros, or null if it is not one. */
function expandIpv6(ip: string): string[] | null {
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  // An embedded IPv4 tail (e.g. 64:ff9b::192.0.2.1) stands for the last two groups.
  const last = tail.length ? tail : head;
  const v4 = last.length ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last[last.length - 1]!) : null;
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ""));
}
