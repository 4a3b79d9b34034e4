import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteError } from '@/app/routes/route-error';
import { expectConsoleError } from '@/testing/setup-tests';

function Broken(): never {
  throw new Error('boom');
}

describe('RouteError', () => {
  it("shows 'Unexpected Application Error!' when a route's loader throws", async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          loader: () => {
            throw new Error('loader failed');
          },
          hydrateFallbackElement: <p>loading</p>,
          element: <p>never shown</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error!' when a route's component throws while rendering", async () => {
    expectConsoleError(); // React reports errors caught by a boundary on console.error.
    const router = createMemoryRouter([{ path: '/', errorElement: <RouteError />, element: <Broken /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});
