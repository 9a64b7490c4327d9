import { describe, expect, it } from 'vitest';
import { withoutRepeatedTitle } from '../app/lib/text';

describe('withoutRepeatedTitle: the CMS layout shows the title once', () => {
  it.each([
    ['<h1>Apie mus</h1>\n<p>Tekstas</p>', 'Apie mus', '<p>Tekstas</p>'],
    ['  <H1 class="x">About  us</H1><p>Text</p>', 'About us', '<p>Text</p>'],
    ['<h1>О <em>нас</em></h1><p>Текст</p>', 'О нас', '<p>Текст</p>'],
    ['<h1>Our story</h1><p>Text</p>', 'About us', '<h1>Our story</h1><p>Text</p>'],
    ['<p>Intro</p><h1>About us</h1>', 'About us', '<p>Intro</p><h1>About us</h1>'],
    ['<h2>About us</h2><p>Text</p>', 'About us', '<h2>About us</h2><p>Text</p>'],
    ['', 'About us', ''],
  ])('%j with title %j → %j', (html, title, expected) => {
    expect(withoutRepeatedTitle(html, title)).toBe(expected);
  });
});
