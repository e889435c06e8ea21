import { readSettings, type SettingTexts } from './read-settings';
import type { Settings } from './settings-schema';

/**
 * The one module that reads the process's environment (lint forbids `process.env` elsewhere in
 * server/src): the store's settings come from it through the schema, checked and typed.
 */

/** This process's settings, every one checked (a wrong one stops the start, all named at once). */
export function processSettings(): Settings {
  return readSettings(process.env);
}

/** This process's settings as text, for a command that adds its own before reading them. */
export function processSettingTexts(): SettingTexts {
  return { ...process.env };
}

/** A child process's environment: this process's, with `overrides` over it. */
export function childEnvironment(overrides: SettingTexts = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
