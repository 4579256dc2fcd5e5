import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/** jsdom has no layout: the virtualiser and the chart only need ResizeObserver to exist. */
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const scope = globalThis as { ResizeObserver?: unknown };
scope.ResizeObserver ??= NoLayoutResizeObserver;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
