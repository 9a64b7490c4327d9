/** Small text helpers of the demo generator. */
import type { LocalizedText, Text } from './types.ts';

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
