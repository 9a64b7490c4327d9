/** Values of the import file as the tables keep them. */
import { toCents, toDate } from '@vitrina/domain';

/** an instant of the file as ISO text, or null */
export const isoDate = (s: string | null | undefined): string | null => (s ? toDate(s).toISOString() : null);
/** euros of the file (net of VAT) → cents, or null */
export const cents = (euros: number | null | undefined): number | null =>
  euros == null ? null : toCents(euros);
