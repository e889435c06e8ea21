import fs from 'node:fs';
import path from 'node:path';

/** A running server announces itself next to the embedded database it holds. */
export const SERVER_FILE_NAME = 'topup-server.json';

export interface ServerAnnouncement {
  readonly pid: number;
  readonly url: string;
}

export function announceServer(dataDir: string, url: string): () => void {
  const file = path.join(dataDir, SERVER_FILE_NAME);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, url } satisfies ServerAnnouncement));
  return () => {
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerAnnouncement;
      if (current.pid === process.pid) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

export function readAnnouncement(dataDir: string): ServerAnnouncement | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE_NAME), 'utf8')) as ServerAnnouncement;
  } catch {
    return null;
  }
}
