import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser loads one language's dictionary: a fresh copy of i18n/index.ts, without
 * the three the test setup registers (test/support/dictionaries.ts), as entry.client.tsx sees it.
 */
describe('loadDictionary: one language at a time', () => {
  beforeEach(() => vi.resetModules());

  it('loads only the language asked for, and the translator works once it has arrived', async () => {
    const i18n = await import('../app/i18n/index');
    expect(i18n.isDictionaryLoaded('ru')).toBe(false);
    const t = i18n.getT('ru');
    // a translator asked for before its dictionary is never silently showing keys
    expect(() => t('site.name')).toThrow(/ru dictionary is not loaded/);
    await i18n.loadDictionary('ru');
    expect(i18n.isDictionaryLoaded('ru')).toBe(true);
    expect(i18n.isDictionaryLoaded('en')).toBe(false);
    expect(i18n.isDictionaryLoaded('lt')).toBe(false);
    expect(t('header.account')).toBe('Личный кабинет');
  });

  it('loads a dictionary once however many ask at the same time', async () => {
    const i18n = await import('../app/i18n/index');
    await Promise.all([i18n.loadDictionary('lt'), i18n.loadDictionary('lt')]);
    expect(i18n.getT('lt')('header.account')).toBe('Mano paskyra');
    expect(i18n.isDictionaryLoaded('en')).toBe(false);
  });
});
