/** Small text helpers of the demo generator. */
import type { LocalizedText, Text } from './types.ts';
import { slugify as localSlugify } from '@vitrina/domain';

export function slugify(text: string): string {
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text);
  return (ascii ? text : text.normalize('NFKD'))
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A product's slug in each store view, from its name there (a Russian page's URL
 * follows its Russian name, transliterated, as the category slugs do).
 */
export function storeSlugs(name: Text): LocalizedText {
  const of = (store: keyof LocalizedText) => {
    const text = textIn(name, store);
    return slugify(text) === '' || /[а-яё]/i.test(text) ? transliterated(text) : slugify(text);
  };
  const lt = of('lt');
  return { lt, en: of('en') || lt, ru: of('ru') || lt };
}

function transliterated(text: string): string {
  return localSlugify(text.replace(/\+/g, ' plus ').replace(/&/g, ' and '));
}

export function textIn(text: Text, store: keyof LocalizedText): string {
  return typeof text === 'string' ? text : text[store];
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `14"`, `15.6"` */
export function inches(size: number): string {
  return `${size}"`;
}
