import type { SettingKind } from './setting-kinds';

/** Where a setting belongs in docs/operations.md's table. */
export type SettingGroup = 'store' | 'database' | 'payments and games' | 'mail' | 'publisher' | 'back office' | 'orders and delivery' | 'limits' | 'release health' | 'commands';

interface SettingSpec<T> {
  readonly group: SettingGroup;
  /** One line for the settings table: what it does. */
  readonly doc: string;
  /** The value when unset; without one the setting is `undefined` when unset. */
  readonly default?: T;
  /** The default as the table says it, when it depends on other settings or on the machine. */
  readonly shownDefault?: string;
  /** What a production store (`NODE_ENV=production`) refuses or requires of it (production-rules.ts enforces it). */
  readonly production?: string;
  /** A secret: a refusal never repeats its value. */
  readonly secret?: boolean;
  /** Surrounding spaces are dropped (and a setting of spaces only is unset). */
  readonly trim?: boolean;
  /** The whole refusal when the text does not meet the kind's schema (by default "NAME must be …, got …"). */
  readonly refusal?: string;
}

/** One setting: its kind, default, production rule and doc line. `V` is its value's type. */
export interface Setting<T, V extends T | undefined = T | undefined> extends SettingSpec<T> {
  readonly kind: SettingKind<T>;
  /** Never set: carries the value's type (T, or T | undefined without a default). */
  readonly valueType?: V;
}

export function setting<T>(kind: SettingKind<T>, spec: SettingSpec<NoInfer<T>> & { readonly default: NoInfer<T> }): Setting<T, T>;
export function setting<T>(kind: SettingKind<T>, spec: SettingSpec<NoInfer<T>>): Setting<T, T | undefined>;
export function setting<T>(kind: SettingKind<T>, spec: SettingSpec<T>): Setting<T> {
  return { kind, ...spec };
}

/** The value type of a declared setting. */
export type SettingValue<S> = S extends Setting<infer _T, infer V> ? V : never;
