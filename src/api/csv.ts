/**
 * One CSV cell of the console's exports (RFC 4180 quoting), shared by the audit export of the console
 * server and the browser's reaction export. Text comes from end users, so a cell a spreadsheet could
 * run as a formula is neutralised with a leading apostrophe, and a cell holding `;` is quoted too:
 * spreadsheets in locales whose list separator is `;` would otherwise split it and run what follows.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
