import fs from 'node:fs';
import net from 'node:net';

/** Where the kernel picks the local ports of outgoing connections and of `listen(0)`. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high && low < high) return [low, high];
  } catch {
    // not Linux: the IANA range
  }
  return [49152, 65535];
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on at the moment, on 127.0.0.1, for a process started a few seconds later
 * (a store instance of the cluster, a store of the tests). Chosen at random below the kernel's
 * ephemeral range: a `listen(0)` port lies in that range, where any outgoing connection (of this or
 * another process) may take it before the store binds it (CI once failed so, with EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const [low, high] = [Math.max(1024, ephemeralLow - 10_000), ephemeralLow];
  for (let attempt = 0; attempt < 50 && high > low; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await listensOn(port)) return port;
  }
  throw new Error(`no free port found in ${low}-${high - 1}`);
}
