export type Advisory = { name: string; range: string; severity: string; title: string; url: string };
export type LockedPackage = { name: string; version: string; where: string; dev: boolean };
export const ADVISORIES_FILE: string;
export function inRange(version: string, range: string): boolean;
export function lockedPackages(lock: unknown): LockedPackage[];
export function findings(lock: unknown, advisories: Advisory[]): (LockedPackage & { advisory: Advisory })[];
export function advisoriesOfAuditReport(report: unknown): Advisory[];
export function tsxInProductionStart(files?: string[]): string[];
