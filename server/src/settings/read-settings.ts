import Ajv2020 from 'ajv/dist/2020';
import { SETTINGS, type SettingName, type Settings } from './settings-schema';

/** Settings as text, by name: the process's environment, or what a test or a command passes. */
export type SettingTexts = Readonly<Record<string, string | undefined>>;

const NAMES = Object.keys(SETTINGS) as SettingName[];

/** The JSON Schema every setting's text must meet, built from the declarations. */
export const SETTINGS_JSON_SCHEMA = {
  $id: 'https://topup-store.invalid/schemas/settings.json',
  type: 'object',
  properties: Object.fromEntries(NAMES.map((name) => [name, { ...SETTINGS[name].kind.schema, description: SETTINGS[name].doc }])),
};

// coerceTypes: a number's text becomes the number (as Number() reads it) before its range is checked.
const ajv = new Ajv2020({ allErrors: true, coerceTypes: true, strict: true });
const checkTexts = ajv.compile(SETTINGS_JSON_SCHEMA);

/** Every wrong setting at once, one line each; a secret's value is never repeated. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'SettingsError';
  }
}

function refusal(name: SettingName, text: string): string {
  const declared = SETTINGS[name];
  const refused = 'refusal' in declared && declared.refusal ? declared.refusal : `${name} must be ${declared.kind.must}`;
  return 'secret' in declared && declared.secret ? refused : `${refused}, got "${text}"`;
}

/**
 * The settings from their texts, checked against the schema and typed; an unset (or empty) one takes
 * its default. Nothing else of the environment is read: a test gets the defaults and what it passes.
 */
export function readSettings(texts: SettingTexts): Settings {
  const given: Record<string, unknown> = {};
  const written: Partial<Record<SettingName, string>> = {};
  for (const name of NAMES) {
    const declared = SETTINGS[name];
    const text = 'trim' in declared && declared.trim ? texts[name]?.trim() : texts[name];
    if (text === undefined || text === '') continue;
    given[name] = text;
    written[name] = text;
  }
  const problems = new Map<SettingName, string>();
  if (!checkTexts(given)) {
    for (const error of checkTexts.errors ?? []) {
      const name = error.instancePath.slice(1) as SettingName;
      if (!problems.has(name)) problems.set(name, refusal(name, written[name] ?? ''));
    }
  }
  const values: Record<string, unknown> = {};
  for (const name of NAMES) {
    if (problems.has(name)) continue;
    const declared = SETTINGS[name];
    if (!(name in given)) {
      values[name] = 'default' in declared ? declared.default : undefined;
      continue;
    }
    try {
      values[name] = declared.kind.convert(given[name], name);
    } catch (error) {
      problems.set(name, error instanceof Error ? error.message : String(error));
    }
  }
  if (problems.size) throw new SettingsError(NAMES.flatMap((name) => problems.get(name) ?? []));
  return values as Settings;
}

/** Every setting at its default. */
export const DEFAULT_SETTINGS: Settings = readSettings({});
