// @vitest-environment jsdom
/**
 * Route data errors show their own message (accounts-checkout-routes.md §8), not
 * the generic 500 text; an error without a shopper's message (a bug) keeps the generic text.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, data } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerError } from '../app/components/ServerError';
import { getT } from '../app/i18n';
import { ApiError } from '../app/api-client/api';
import { routeErrorMessage } from '../app/api-client/route-error';

afterEach(cleanup);

/** what React Router hands the error boundary for a loader's `throw data(...)` */
async function thrownBy(loader: () => never): Promise<unknown> {
  try {
    loader();
  } catch (e) {
    const { UNSAFE_ErrorResponseImpl: ErrorResponse } = await import('react-router');
    const d = e as { data: unknown; init?: { status?: number } };
    return new ErrorResponse(d.init?.status ?? 500, '', d.data);
  }
  throw new Error('the loader did not throw');
}

describe('routeErrorMessage', () => {
  it("takes a route error answer's message, string or the API envelope's result", async () => {
    expect(
      routeErrorMessage(
        await thrownBy(() => {
          throw data({ message: 'Užsakymas nerastas' }, { status: 500 });
        }),
      ),
    ).toBe('Užsakymas nerastas');
    expect(
      routeErrorMessage(
        await thrownBy(() => {
          throw data('Paslauga laikinai neveikia', { status: 503 });
        }),
      ),
    ).toBe('Paslauga laikinai neveikia');
    expect(
      routeErrorMessage(
        await thrownBy(() => {
          throw data({ code: 502, result: 'Bad gateway' }, { status: 502 });
        }),
      ),
    ).toBe('Bad gateway');
    expect(routeErrorMessage(new ApiError(500, 'Kainų nepavyko gauti'))).toBe('Kainų nepavyko gauti');
  });

  it('a bug (TypeError) or an answer without a message has none: the generic text stays', async () => {
    expect(routeErrorMessage(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBeNull();
    expect(
      routeErrorMessage(
        await thrownBy(() => {
          throw data(null, { status: 500 });
        }),
      ),
    ).toBeNull();
  });
});

describe('the 500 page', () => {
  it('shows the route error message in place of the generic description', () => {
    render(
      <MemoryRouter>
        <ServerError message="Užsakymas nerastas" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Užsakymas nerastas')).toBeTruthy();
    expect(screen.queryByText(getT('lt')('error.pageDescription'))).toBeNull();
  });

  it('without a message shows the generic description', () => {
    render(
      <MemoryRouter>
        <ServerError />
      </MemoryRouter>,
    );
    expect(screen.getByText(getT('lt')('error.pageDescription'))).toBeTruthy();
  });
});
