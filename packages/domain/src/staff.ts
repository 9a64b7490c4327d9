/**
 * The back office's rules: who may do what, and the CSV that exports leave in.
 *
 * Three roles: `staff` runs the shop's day (orders, reviews, messages, stock alerts, newsletter
 * lists); `catalog` keeps the catalogue (products, their prices and stock; promotions and content
 * as they come to the back office) and never sees orders or customers; `admin` does all that,
 * manages the staff accounts and keeps the shop's settings. The table is the one place that says
 * so: the API's guards and the back office's menu both read it.
 */

export const STAFF_ROLES = ['staff', 'admin', 'catalog'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_AREAS = ['orders', 'reviews', 'messages', 'subscribers', 'accounts', 'products', 'settings', 'content'] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

const AREAS_OF_ROLE: Record<StaffRole, readonly StaffArea[]> = {
  staff: ['orders', 'reviews', 'messages', 'subscribers'],
  admin: ['orders', 'reviews', 'messages', 'subscribers', 'accounts', 'products', 'content', 'settings'],
  catalog: ['products', 'content'],
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

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A text
 * that a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe first (OWASP "CSV injection"), so an e-mail like `=HYPERLINK(...)` stays text.
 * Numbers are written as they are (a negative number is a number, not a formula).
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** a CSV document: a header row and the rows, CRLF line ends (RFC 4180) */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
