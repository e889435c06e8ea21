/**
 * Where a load's time goes on this machine, for `npm run bench:sale`:
 *
 * - `cpuShares`: every second, the CPU each kind of process used (from /proc: the store's instances,
 *   the load's own client process, PostgreSQL, Redis, HAProxy, everything else), and the machine's idle
 *   time;
 * - `probe`: a process of its own, idle but for this, asks `GET /healthz` every 250 ms of one instance
 *   directly and of the balancer: how long a request waits in the store and in HAProxy when the
 *   loaded client is not the one measuring;
 * - the client's own event-loop delay (`monitorEventLoopDelay`): how long a finished answer waits in the
 *   client before the client notices it, which its timings include.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const TICKS_PER_SECOND = 100; // Linux's USER_HZ, as /proc counts CPU time

type Kind = 'store instances' | 'the players\' client' | 'PostgreSQL' | 'Redis' | 'HAProxy' | 'everything else';

function cpuTicks(pid: string): { comm: string; ticks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[11], [12]: utime and stime (the 14th and 15th fields of /proc/<pid>/stat)
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // gone since the listing
  }
}

function machineTicks(): { idle: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: (cpu[3] ?? 0) + (cpu[4] ?? 0), total: cpu.reduce((sum, value) => sum + value, 0) };
}

export interface CpuShares {
  /** Seconds of CPU each kind used per second of the load, averaged; 2.0 would be both cores. */
  readonly meanCores: ReadonlyMap<Kind, number>;
  /** The machine's idle share over the load (0–1), and in its busiest 10 s. */
  readonly idle: number;
  readonly idleBusiest10s: number;
  readonly seconds: number;
}

/** Samples until stopped; `instancePids` are the store instances' process ids. */
export function cpuShares(instancePids: () => readonly number[]): { stop(): CpuShares } {
  const self = String(process.pid);
  const totals = new Map<Kind, number>();
  let last = new Map<string, number>();
  let lastMachine = machineTicks();
  const idlePerSecond: number[] = [];
  const startedAt = performance.now();
  const sample = () => {
    const instances = new Set(instancePids().map(String));
    const now = new Map<string, number>();
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const seen = cpuTicks(pid);
      if (!seen) continue;
      now.set(pid, seen.ticks);
      const used = seen.ticks - (last.get(pid) ?? seen.ticks);
      if (used <= 0) continue;
      const kind: Kind = instances.has(pid)
        ? 'store instances'
        : pid === self
          ? 'the players\' client'
          : seen.comm === 'postgres'
            ? 'PostgreSQL'
            : seen.comm.startsWith('redis')
              ? 'Redis'
              : seen.comm === 'haproxy'
                ? 'HAProxy'
                : 'everything else';
      totals.set(kind, (totals.get(kind) ?? 0) + used);
    }
    last = now;
    const machine = machineTicks();
    idlePerSecond.push((machine.idle - lastMachine.idle) / Math.max(1, machine.total - lastMachine.total));
    lastMachine = machine;
  };
  sample();
  idlePerSecond.length = 0;
  const timer = setInterval(sample, 1000);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - startedAt) / 1000;
      let busiest = 1;
      for (let start = 0; start + 10 <= idlePerSecond.length; start += 1) {
        const window = idlePerSecond.slice(start, start + 10);
        busiest = Math.min(busiest, window.reduce((sum, value) => sum + value, 0) / window.length);
      }
      const idle = idlePerSecond.reduce((sum, value) => sum + value, 0) / Math.max(1, idlePerSecond.length);
      return {
        meanCores: new Map([...totals].map(([kind, ticks]) => [kind, ticks / TICKS_PER_SECOND / seconds])),
        idle,
        idleBusiest10s: busiest,
        seconds,
      };
    },
  };
}

/** The client's event-loop delay while it runs the load, in ms. */
export function clientDelay(): { stop(): { p50: number; p99: number; max: number } } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      return { p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
    },
  };
}

export interface ProbeFigures {
  readonly direct: { readonly p50: number; readonly p99: number; readonly count: number; readonly failed: number };
  readonly balancer: { readonly p50: number; readonly p99: number; readonly count: number; readonly failed: number };
}

const PROBE = `
const http = require('node:http');
const [direct, balancer] = process.argv.slice(1);
const times = { direct: [], balancer: [] };
const failed = { direct: 0, balancer: 0 };
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
function ask(name, url) {
  const started = performance.now();
  const request = http.get(url + '/healthz', { agent, timeout: 30000 }, (response) => {
    response.resume();
    response.on('end', () => (response.statusCode === 200 ? times[name].push(performance.now() - started) : failed[name]++));
  });
  request.on('timeout', () => request.destroy(new Error('timeout')));
  request.on('error', () => failed[name]++);
}
const timer = setInterval(() => { ask('direct', direct); ask('balancer', balancer); }, 250);
process.on('message', () => {
  clearInterval(timer);
  setTimeout(() => process.send({ times, failed }, () => process.exit(0)), 500);
});
`;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Starts the probe in a process of its own; `stop` ends it and answers what it measured. */
export function probe(instanceUrl: string, balancerUrl: string): { stop(): Promise<ProbeFigures> } {
  const child = spawn(process.execPath, ['-e', PROBE, instanceUrl, balancerUrl], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('message', (message) => {
          const { times, failed } = message as { times: Record<'direct' | 'balancer', number[]>; failed: Record<'direct' | 'balancer', number> };
          const figures = (name: 'direct' | 'balancer') => ({ p50: percentile(times[name], 50), p99: percentile(times[name], 99), count: times[name].length, failed: failed[name] });
          resolve({ direct: figures('direct'), balancer: figures('balancer') });
        });
        child.once('exit', (code) => reject(new Error(`the probe ended (${code}) before it answered`)));
        child.send('stop');
      }),
  };
}
