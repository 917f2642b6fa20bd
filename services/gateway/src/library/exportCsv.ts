import { stringify } from 'csv-stringify/sync'

// A spreadsheet runs a cell that starts with one of these as a formula, so a review such as
// `=HYPERLINK(…)` would become a live link or worse (OWASP, "CSV Injection"). A leading quote makes
// it text; the JSON export, which no spreadsheet runs, keeps the value as written.
const formulaStart = /^[=+\-@\t\r]/

const asText = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell)

/**
 * The rows of an export as CSV, one column per name, with a header row. It starts with a UTF-8 byte
 * order mark: without it Excel reads the file in the system's code page and garbles accents and emoji.
 */
export function exportCsv(rows: Record<string, unknown>[], columns: readonly string[]): string {
  return stringify(rows, {
    bom: true,
    header: true,
    columns: [...columns],
    // Yes and no written out: csv-stringify's default writes false as an empty cell, which reads as unknown.
    cast: { boolean: (value) => String(value), string: asText },
  })
}
