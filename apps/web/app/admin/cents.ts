/** euros as staff type them ("12,34", "12.34", "12") -> cents; -1 when unreadable (the API names the field) */
export function centsOf(text: string | undefined): number | undefined {
  const s = (text ?? '').trim().replace(/\s/g, '').replace(',', '.');
  if (!s) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(s) ? Math.round(Number(s) * 100) : -1;
}
