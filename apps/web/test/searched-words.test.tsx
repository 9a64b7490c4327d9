// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchedWords } from '../app/state/search-query';

afterEach(cleanup);

function Words() {
  return <output>{useSearchedWords()}</output>;
}

const wordsAt = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Words />
    </MemoryRouter>,
  ).container.querySelector('output')!.textContent;

describe('the words the header’s search field keeps (useSearchedWords)', () => {
  it.each([
    ['/search?q=šaldytuvas', 'šaldytuvas'],
    ['/en/search?q=sony%20wh-1000xm5', 'sony wh-1000xm5'],
    ['/ru/search?q=%D1%82%D0%B2&sort=price%3Aasc', 'тв'],
    ['/en/search', ''],
    // another page with a q in its address: not a search
    ['/en/c/laptops?q=sony', ''],
    ['/en/searching?q=sony', ''],
    ['/en/search?q=' + 'x'.repeat(300), 'x'.repeat(200)],
  ])('%s → %j', (entry, words) => {
    expect(wordsAt(entry)).toBe(words);
  });
});
