/**
 * Whether an address leads to the machine that opens it: `localhost` (and `localhost.`, any
 * `*.localhost`), 127.0.0.0/8 in any spelling the URL parser reads (`127.1`, `0x7f.1`), `0.0.0.0`,
 * `[::1]` written out or not, `[::]`, and IPv4-mapped forms of these.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) {
    // The URL parser writes IPv6 in its shortest form: [0:0:0:0:0:0:0:1] is [::1], [::ffff:127.0.0.1] is [::ffff:7f00:1].
    const inner = host.slice(1, -1);
    if (inner === '::1' || inner === '::') return true;
    const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(inner);
    if (!mapped) return false;
    const high = parseInt(mapped[1]!, 16);
    return high >> 8 === 127 || (high === 0 && parseInt(mapped[2]!, 16) === 0);
  }
  // The URL parser writes IPv4 as four decimal parts: 127.1 and 0x7f.0.0.1 are 127.0.0.1.
  return /^127\.\d+\.\d+\.\d+$/.test(host) || /^0\.\d+\.\d+\.\d+$/.test(host);
}
