// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { GradeFactsBox, GradeHomeBlock, HowWeGrade } from '../app/components/GradeGuide';
import { TEST_STORE_INFO } from './support/shop-info';

afterEach(cleanup);

/** settings an owner changed: C+ carries 18 months, every grade 45 days to return */
const shop = {
  ...TEST_STORE_INFO.shop,
  money_back_days: 45,
  warranty_months: { ...TEST_STORE_INFO.shop.warranty_months, c_plus: 18 },
};

function at(path: string, node: React.ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);
}

describe('grades explained', () => {
  it('the page: every grade of the ladder with its checks, battery, box and the settings’ terms', () => {
    at('/en/how-we-grade', <HowWeGrade shop={shop} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('id'))).toEqual([
      'grade-new',
      'grade-a_plus',
      'grade-a',
      'grade-b',
      'grade-c_plus',
      'grade-c',
    ]);
    const cPlus = within(document.getElementById('grade-c_plus')!);
    expect(cPlus.getByRole('heading').textContent).toBe('C+Fair');
    const text = document.getElementById('grade-c_plus')!.textContent;
    expect(text).toContain('at least 80% of its original capacity');
    expect(text).toContain('18 months');
    expect(text).toContain('45 days, no reason needed');
    expect(document.getElementById('grade-a')!.textContent).toContain('12 months');
    expect(document.getElementById('grade-new')!.textContent).toContain('24 months');
  });

  it('without the settings, no warranty or return period is promised', () => {
    at('/en/how-we-grade', <HowWeGrade shop={null} />);
    expect(document.body.textContent).not.toContain('Warranty');
    expect(document.body.textContent).toContain('What we check');
  });

  it('in Lithuanian and Russian, from the same facts', () => {
    at('/kaip-vertiname-bukle', <HowWeGrade shop={shop} />);
    expect(document.getElementById('grade-c_plus')!.textContent).toContain('Vidutinė būklė');
    expect(document.getElementById('grade-c_plus')!.textContent).toContain('18 mėn.');
    cleanup();
    at('/ru/how-we-grade', <HowWeGrade shop={shop} />);
    expect(document.getElementById('grade-c_plus')!.textContent).toContain('Удовлетворительное состояние');
  });

  it('the home block: a tile per grade linking to its part of the page', () => {
    at('/en', <GradeHomeBlock shop={shop} />);
    const tile = screen.getByRole('link', { name: /C\+\s*Fair/ });
    expect(tile.getAttribute('href')).toBe('/en/how-we-grade#grade-c_plus');
    expect(tile.textContent).toContain('18-month warranty');
    expect(tile.textContent).toContain('Battery ≥\u00a080%');
    expect(screen.getByRole('link', { name: 'How we grade →' }).getAttribute('href')).toBe(
      '/en/how-we-grade',
    );
  });

  it('the product page’s box: the chosen grade’s look, battery, terms and the link', () => {
    at('/p/X/x', <GradeFactsBox grade="c_plus" shop={shop} />);
    const box = screen.getByRole('complementary', { name: 'C+ · Vidutinė būklė' });
    expect(box.textContent).toContain('Matomi įbrėžimai');
    expect(box.textContent).toContain('Baterija ≥\u00a080\u00a0%');
    expect(box.textContent).toContain('18 mėn. garantija');
    expect(box.textContent).toContain('45 d. grąžinimui');
    expect(within(box).getByRole('link', { name: 'Kaip vertiname būklę' }).getAttribute('href')).toBe(
      '/kaip-vertiname-bukle#grade-c_plus',
    );
  });
});
