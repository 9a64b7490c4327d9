/** THIRD-PARTY-NOTICES.md from package-lock.json (scripts/notices.mjs says how). */
export type ProductionPackage = {
  key: string;
  name: string;
  version: string;
  license: string;
  optional: boolean;
};
export const PERMISSIVE: string[];
export function productionPackages(lock?: unknown): ProductionPackage[];
export function incompatible(packages?: ProductionPackage[]): string[];
export function renderNotices(packages?: ProductionPackage[]): string;
export function missingFromNotices(text?: string, packages?: ProductionPackage[]): string[];
