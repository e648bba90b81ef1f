import { MESSAGES } from '@kontor/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { RouteErrorElement } from './route-error-element';

describe('RouteErrorElement', () => {
  it("shows 'Unexpected Application Error!' with the error's message", async () => {
    renderWithApp(null, {
      route: '/broken',
      routes: [
        {
          path: '/broken',
          loader: () => {
            throw new Error('The chunk could not be loaded');
          },
          element: null,
          HydrateFallback: () => null,
          ErrorBoundary: RouteErrorElement,
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: MESSAGES.unexpectedApplicationError })).toBeInTheDocument();
    expect(screen.getByText('The chunk could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.goToHome })).toHaveAttribute('href', '/');
  });
});
