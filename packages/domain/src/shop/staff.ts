/**
 * The back office's rules: who may do what, and the CSV that exports leave in.
 *
 * Three roles: `staff` runs the shop's day (orders, reviews, messages, stock alerts, newsletter
 * lists); `catalog` keeps the catalogue (products, their prices and stock; promotions and content
 * as they come to the back office) and never sees orders or customers; `admin` does all that,
 * manages the staff accounts and keeps the shop's settings. The overview (figures and to-dos) and
 * the customers belong to `staff` and `admin`. The table is the one place that says
 * so: the API's guards and the back office's menu both read it.
 */

export const STAFF_ROLES = ['staff', 'admin', 'catalog'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_AREAS = [
  'overview',
  'orders',
  'customers',
  'reviews',
  'messages',
  'subscribers',
  'accounts',
  'products',
  'promotions',
  'content',
  'settings',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

const AREAS_OF_ROLE: Record<StaffRole, readonly StaffArea[]> = {
  staff: ['overview', 'orders', 'customers', 'reviews', 'messages', 'subscribers'],
  admin: ['overview', 'orders', 'customers', 'reviews', 'messages', 'subscribers', 'accounts', 'products', 'promotions', 'content', 'settings'],
  catalog: ['products', 'promotions', 'content'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** true when `role` may open `area` */
export function staffCan(role: StaffRole, area: StaffArea): boolean {
  return AREAS_OF_ROLE[role].includes(area);
}

/** the areas of a role, in menu order */
export function staffAreas(role: StaffRole): readonly StaffArea[] {
  return AREAS_OF_ROLE[role];
}

/** the shortest staff password accepted (the command line refuses shorter ones) */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** a formula's first character (=, +, -, @, tab, CR) at the start or after a possible separator */
const FORMULA_AT = /(^|[;,\r\n])([=+\-@\t\r'])/g;
const ESCAPED_AT = /(^|[;,\r\n])'([=+\-@\t\r'])/g;

/**
 * A text a spreadsheet will not run (OWASP "CSV injection"): an apostrophe before every character
 * that would start a formula (and before an apostrophe, so that csvUnsafeText undoes it exactly),
 * at the start and after each `;`, `,` or line break. The separator
 * matters: a Lithuanian Excel splits on `;` whatever the file's own separator, so `a;=cmd()` would
 * otherwise open as a cell `=cmd()`.
 */
export function csvSafeText(text: string): string {
  return text.replace(FORMULA_AT, "$1'$2");
}

/**
 * The text csvSafeText was given, back from what it wrote (a file the shop exported, read again):
 * an apostrophe it put before a formula character (or before an apostrophe of the text's own, which
 * it escapes the same way so that this is exact) is taken out.
 */
export function csvUnsafeText(text: string): string {
  return text.replace(ESCAPED_AT, '$1$2');
}

/**
 * One CSV field (RFC 4180): a text always quoted (quotes doubled), so that its commas and
 * semicolons stay in one cell whichever separator the spreadsheet assumes, and made safe first
 * (csvSafeText), so an e-mail like `=HYPERLINK(...)` stays text. Numbers and booleans are written
 * as they are (a negative number is a number, not a formula).
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `"${csvSafeText(value).replace(/"/g, '""')}"`;
}

/** a CSV document: a header row and the rows, CRLF line ends (RFC 4180) */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
