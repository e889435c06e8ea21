import { formatDuration, parseDuration, parseDurationList } from './durations';

/**
 * The kinds of value a setting holds. Each says what JSON Schema its text must meet (checked by ajv,
 * which turns numbers' text into numbers) and how the checked value becomes the setting's value;
 * what JSON Schema cannot say (a URL that parses, a list of hosts) the conversion checks, naming the setting.
 */
export interface SettingKind<T> {
  /** The type column of the settings table. */
  readonly type: string;
  /** JSON Schema of the value once ajv has coerced the text (numbers). */
  readonly schema: Readonly<Record<string, unknown>>;
  /** What a valid value is: "PORT must be <must>, got …". */
  readonly must: string;
  /** The checked value → the setting's value; throws an Error naming the setting when it is wrong. */
  readonly convert: (checked: unknown, name: string) => T;
  /** A value as the settings table shows it. */
  readonly show: (value: T) => string;
}

const asText = (checked: unknown) => String(checked);

export const text: SettingKind<string> = { type: 'text', schema: { type: 'string' }, must: 'text', convert: asText, show: (value) => `\`${value}\`` };

/** A text that must match a pattern (JSON Schema's, ECMAScript syntax). */
export function pattern(source: string, must: string, type = 'text'): SettingKind<string> {
  return { ...text, type, schema: { type: 'string', pattern: source }, must };
}

export const positiveInteger: SettingKind<number> = {
  type: 'integer ≥ 1',
  schema: { type: 'integer', minimum: 1 },
  must: 'a positive integer',
  convert: (checked) => checked as number,
  show: String,
};

export const wholeNumber: SettingKind<number> = { ...positiveInteger, type: 'integer ≥ 0', schema: { type: 'integer', minimum: 0 }, must: 'a whole number of 0 or more' };

/** At least `minimum`, with why in the refusal. */
export const integerFrom = (minimum: number, why: string): SettingKind<number> => ({
  ...positiveInteger,
  type: `integer ≥ ${minimum}`,
  schema: { type: 'integer', minimum },
  must: `at least ${minimum} (${why})`,
});

export const port: SettingKind<number> = { ...positiveInteger, type: 'port (0–65535)', schema: { type: 'integer', minimum: 0, maximum: 65535 }, must: 'an integer between 0 and 65535' };

export const fraction: SettingKind<number> = { ...positiveInteger, type: 'number 0–1', schema: { type: 'number', minimum: 0, maximum: 1 }, must: 'a number from 0 to 1' };

const ON = ['on', 'true', '1'];

/** on / off (true / false, 1 / 0), in any case. */
export const onOff: SettingKind<boolean> = {
  type: 'on / off',
  schema: { type: 'string', pattern: '^(?:[Oo][Nn]|[Oo][Ff][Ff]|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)$' },
  must: 'on or off',
  convert: (checked) => ON.includes(String(checked).toLowerCase()),
  show: (value) => (value ? 'on' : 'off'),
};

/** Any text; only `off` turns it off (what `LOG` and `DELIVERY_WORKER` always took). */
export const unlessOff = (ignoreCase: boolean): SettingKind<boolean> => ({
  type: '`off` or on',
  schema: { type: 'string' },
  must: 'off or anything else',
  convert: (checked) => (ignoreCase ? String(checked).toLowerCase() : String(checked)) !== 'off',
  show: onOff.show,
});

/** One of a few words. */
export function oneOf<T extends string>(values: readonly T[], must = `one of: ${values.join(', ')}`): SettingKind<T> {
  return { type: values.map((value) => `\`${value}\``).join(' / '), schema: { type: 'string', enum: values }, must, convert: (checked) => checked as T, show: (value) => `\`${value}\`` };
}

const DURATION = '\\s*\\d+(?:\\.\\d+)?\\s*(?:ms|s|m|min|h)?\\s*';

/** "250ms", "10s", "2m", "1h" (a bare number: milliseconds), in milliseconds. */
export const duration: SettingKind<number> = {
  type: 'duration (500ms, 10s, 2m, 1h)',
  schema: { type: 'string', pattern: `^${DURATION}$` },
  must: 'a duration such as 500ms, 10s, 2m or 1h',
  convert: (checked, name) => parseDuration(String(checked), name),
  show: (value) => formatDuration(value).replace(/ /g, ''),
};

/** "10s,30s,2m", in milliseconds. */
export const durationList: SettingKind<readonly number[]> = {
  type: 'durations, comma-separated',
  schema: { type: 'string', pattern: `^${DURATION}(?:,${DURATION})*$` },
  must: 'durations such as 10s,30s,2m',
  convert: (checked, name) => parseDurationList(String(checked), name),
  show: (value) => value.map((ms) => formatDuration(ms).replace(/ /g, '')).join(','),
};

/** A comma-separated list checked and cleaned by `parse`, which throws naming the setting. */
export function list(type: string, parse: (name: string, value: string) => string[]): SettingKind<readonly string[]> {
  return {
    type,
    schema: { type: 'string' },
    must: type,
    convert: (checked, name) => parse(name, String(checked)),
    show: (value) => (value.length ? value.join(',') : 'none'),
  };
}

/** A text turned into a value by `parse`, which throws naming the setting. */
export function parsed<T>(type: string, parse: (name: string, value: string) => T, show: (value: T) => string = String): SettingKind<T> {
  return { type, schema: { type: 'string' }, must: type, convert: (checked, name) => parse(name, String(checked)), show };
}
