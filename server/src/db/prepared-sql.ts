/**
 * Statements the store runs on every order or every read about a character, named once so that
 * PostgreSQL parses and plans them once per connection (a named prepared statement of the extended
 * protocol) instead of on every call. `prepared(name, sql)` registers the text and returns it
 * unchanged: code passes the text to `query` as any other, and the PostgreSQL Db sends it by name.
 * PGlite, in the process, runs the text as before.
 *
 * Only constant texts belong here (a text built per call would fill each connection's statement
 * cache): the registry refuses a second text under one name.
 */
const names = new Map<string, string>();
const texts = new Map<string, string>();

export function prepared(name: string, sql: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  const known = texts.get(name);
  if (known !== undefined && known !== sql) throw new Error(`prepared statement ${name} has another text already`);
  texts.set(name, sql);
  names.set(sql, `topup_${name}`);
  return sql;
}

/** The name a registered statement text is prepared under, or undefined for any other text. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}
