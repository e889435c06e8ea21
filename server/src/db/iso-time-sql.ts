/** A timestamptz column as the catalogue file writes a time: ISO 8601 in UTC, to the millisecond; NULL stays NULL. */
export function isoTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
