// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BannerGrid, HeadImage, Slider } from '../app/components/Banners';
import type { Banner } from '../app/lib/types';

afterEach(cleanup);

const banner = (id: number, position: number, title: string): Banner => ({
  id,
  position,
  image: `/media/b/${id}.png`,
  title,
  link: `/en/${title.toLowerCase()}`,
});

// accounts-checkout-routes.md §3 "Shop data": mainBanners, smallBanners, head image
describe('home banners', () => {
  it('the first main banner by position is main; the other main banners and the small ones are small', () => {
    render(
      <MemoryRouter>
        <BannerGrid
          banners={[banner(2, 5, 'Second'), banner(1, 1, 'Main')]}
          small={[banner(4, 2, 'SmallB'), banner(3, 1, 'SmallA')]}
          label="Offers"
        />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Offers' });
    // below the slider's first slide, the page's largest image: lazy and at low priority
    expect(
      [...region.querySelectorAll('img')].map((i) => [
        i.getAttribute('loading'),
        i.getAttribute('fetchpriority'),
      ]),
    ).toEqual(Array(4).fill(['lazy', 'low']));
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => [li.className, li.textContent])).toEqual([
      ['banner-main', 'Main'],
      ['banner-small', 'Second'],
      ['banner-small', 'SmallA'],
      ['banner-small', 'SmallB'],
    ]);
  });

  it('small banners alone: no main banner', () => {
    render(
      <MemoryRouter>
        <BannerGrid banners={[]} small={[banner(3, 1, 'SmallA')]} label="Offers" />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('region', { name: 'Offers' })).getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual(['banner-small']);
  });

  it('the head image is the first by position, decorative; none without images', () => {
    const { container, rerender } = render(
      <HeadImage images={[banner(8, 3, 'Later'), banner(7, 0, 'Head')]} />,
    );
    const img = container.querySelector('img.head-image');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('src')).toContain('/media/b/7.png');
    rerender(<HeadImage images={[]} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('the slider asks for its first slide eagerly at high priority, the slides out of sight lazily at low', () => {
    const { container } = render(
      <MemoryRouter>
        <Slider slides={[banner(2, 2, 'Two'), banner(1, 1, 'One'), banner(3, 3, 'Three')]} />
      </MemoryRouter>,
    );
    const images = [...container.querySelectorAll('.slider img')];
    expect(
      images.map((i) => [i.getAttribute('src'), i.getAttribute('loading'), i.getAttribute('fetchpriority')]),
    ).toEqual([
      [expect.stringContaining('/media/b/1.png'), 'eager', 'high'],
      [expect.stringContaining('/media/b/2.png'), 'lazy', 'low'],
      [expect.stringContaining('/media/b/3.png'), 'lazy', 'low'],
    ]);
  });
  it('a slider lower on the page asks for none of its slides eagerly', () => {
    const { container } = render(
      <MemoryRouter>
        <Slider slides={[banner(1, 1, 'One'), banner(2, 2, 'Two')]} eagerFirst={false} />
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('.slider img')].map((i) => i.getAttribute('loading'))).toEqual([
      'lazy',
      'lazy',
    ]);
  });

  it('every banner carries its words on the art: the title, the call to action where given, a demo one labelled', () => {
    render(
      <MemoryRouter initialEntries={['/en']}>
        <BannerGrid
          banners={[
            { ...banner(1, 1, 'Refurbished phones'), image: '/demo/banners/4.png', cta: 'See the phones' },
            banner(2, 2, 'Own'),
          ]}
          label="Offers"
        />
      </MemoryRouter>,
    );
    const [demo, own] = [...document.querySelectorAll('.banner')];
    const words = demo!.querySelector('.banner-words');
    expect([...words!.children].map((c) => [c.className, c.textContent])).toEqual([
      ['banner-demo', 'Demo'],
      ['banner-title', 'Refurbished phones'],
      ['banner-cta', 'See the phones'],
    ]);
    // a staff banner: its title on the art, no label, no empty button
    expect([...own!.querySelector('.banner-words')!.children].map((c) => c.className)).toEqual([
      'banner-title',
    ]);
  });
});
