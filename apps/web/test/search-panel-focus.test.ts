// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { closeSearchPanelOnFocusOut } from '../app/components/search-panel-focus';
import { ui } from '../app/state/ui';

afterEach(() => {
  ui.closeAll();
  document.body.innerHTML = '';
});

describe('the search panel closes when the focus moves on', () => {
  it.each([
    ['the next header control', 'a.account-link', false],
    ['the search button', '.search-form button', true],
    ['a link in the panel', '#search-panel a', true],
    ['nothing (a click on the panel’s text)', null, true],
  ])('to %s: open %s', (_name, selector, open) => {
    document.body.innerHTML = `
      <form class="search-form"><input id="search-q"><button>Search</button></form>
      <a class="account-link" href="/my-account">Account</a>
      <section id="search-panel"><a href="/c/x">X</a></section>`;
    ui.open('searchpanel');
    closeSearchPanelOnFocusOut({ relatedTarget: selector ? document.querySelector(selector) : null });
    expect(ui.store.get().searchpanel).toBe(open);
  });
});
