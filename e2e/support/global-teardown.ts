import { stopStarted } from './global-setup';

/** After the browser suite: the stores and the Chromium of the global set-up, and their folders. */
export default async function globalTeardown(): Promise<void> {
  await stopStarted();
}
