// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Breadcrumbs } from '../app/components/Breadcrumbs';
import type * as JsonLdModule from '../app/components/JsonLd';

/** renders of the trail's schema (rendered by the trail at each of its renders) */
const renders = vi.hoisted(() => ({ jsonLd: 0 }));
vi.mock('../app/components/JsonLd', async (importOriginal) => {
  const m = await importOriginal<typeof JsonLdModule>();
  return {
    ...m,
    JsonLd: (props: Parameters<typeof m.JsonLd>[0]) => {
      renders.jsonLd++;
      return <m.JsonLd {...props} />;
    },
  };
});

afterEach(cleanup);

describe('breadcrumbs', () => {
  it('home, the category path, the current page (not a link), and a matching BreadcrumbList', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/en/c/laptops']}>
        <Breadcrumbs
          trail={[
            { id: 10, name: 'Computers', path: '/en/c/computers' },
            { id: 11, name: 'Laptops', path: '/en/c/laptops' },
          ]}
          current={{ name: 'Laptops', path: '/en/c/laptops' }}
          origin="https://shop.example"
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Vitrina', '/en'],
      ['Computers', '/en/c/computers'],
    ]);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Laptops');
    const json = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(json['@type']).toBe('BreadcrumbList');
    expect(json.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Vitrina', item: 'https://shop.example/en' },
      { '@type': 'ListItem', position: 2, name: 'Computers', item: 'https://shop.example/en/c/computers' },
      { '@type': 'ListItem', position: 3, name: 'Laptops', item: 'https://shop.example/en/c/laptops' },
    ]);
  });

  it('escapes "<" in the JSON-LD so a name cannot close the script', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/en']}>
        <Breadcrumbs trail={[]} current={{ name: '</script><b>x', path: '/en/p/x/y' }} origin="" />
      </MemoryRouter>,
    );
    const script = container.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('</script>');
    expect(JSON.parse(script.textContent!).itemListElement[1].name).toBe('</script><b>x');
  });

  it('is not rendered again with equal crumbs (a grade’s choice, a filter’s new answer), and is with others', () => {
    const trail = () => [{ id: 10, name: 'Computers', path: '/en/c/computers' }];
    const at = (name: string) => (
      <MemoryRouter initialEntries={['/en/c/laptops']}>
        <Breadcrumbs
          trail={trail()}
          current={{ name, path: '/en/c/laptops' }}
          origin="https://shop.example"
        />
      </MemoryRouter>
    );
    const { rerender } = render(at('Laptops'));
    const first = renders.jsonLd;
    rerender(at('Laptops'));
    expect(renders.jsonLd).toBe(first);
    rerender(at('Notebooks'));
    expect(renders.jsonLd).toBe(first + 1);
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' }).textContent).toContain('Notebooks');
  });
});
