import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/** The balancer's configuration, kept in the repository: a template with {{bind}}, {{check_interval}} and {{servers}}. */
export const HAPROXY_TEMPLATE = path.join(REPO_ROOT, 'deploy', 'haproxy.cfg');

export interface BalancedServer {
  /** HAProxy's name for it, which X-Served-By repeats: the instance's INSTANCE_NAME. */
  readonly name: string;
  /** host:port */
  readonly address: string;
}

export interface HaproxySettings {
  /** Where players reach the store: host:port. */
  readonly bind: string;
  readonly servers: readonly BalancedServer[];
  /** How often each instance's /healthz is asked; two failures in a row take it out of rotation. */
  readonly checkIntervalMs: number;
}

/** The template with its fields filled in. */
export function renderHaproxyConfig(settings: HaproxySettings, template = fs.readFileSync(HAPROXY_TEMPLATE, 'utf8')): string {
  const fields: Record<string, string> = {
    bind: settings.bind,
    check_interval: `${settings.checkIntervalMs}ms`,
    servers: settings.servers.map((server) => `    server ${server.name} ${server.address}`).join('\n'),
  };
  const rendered = template.replace(/\{\{(\w+)\}\}/g, (field, name: string) => {
    const value = fields[name];
    if (value === undefined) throw new Error(`${HAPROXY_TEMPLATE} has an unknown field ${field}`);
    return value;
  });
  return rendered;
}

/** HAProxy's version line, or null when it is not installed. */
export function haproxyVersion(): string | null {
  const result = spawnSync('haproxy', ['-v'], { encoding: 'utf8', timeout: 5_000 });
  if (result.status !== 0) return null;
  return result.stdout.split('\n')[0]?.trim() || null;
}
