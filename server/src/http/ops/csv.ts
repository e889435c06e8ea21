/** One CSV field: quoted when needed, and never read by a spreadsheet as a formula (a leading =, +, -, @, tab or CR gets a '). */
export function csvField(value: unknown): string {
  let cell = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}
