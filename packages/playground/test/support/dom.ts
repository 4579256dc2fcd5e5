import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `waitFor` and `findBy…` wait for what the app does, not for a time: Testing Library gives up after
// 1 s by default, which a busy machine (the suite runs beside a spinner per core) can take for one
// render. A ceiling against hangs, as the suite's test timeout is (vitest.config.ts).
configure({ asyncUtilTimeout: 120_000 });

/** jsdom has no layout: the virtualiser and the chart only need ResizeObserver to exist. */
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const scope = globalThis as { ResizeObserver?: unknown };
scope.ResizeObserver ??= NoLayoutResizeObserver;

// Node ≥ 25 has a Web Storage of its own on the global object, with no storage behind it unless the
// process is started with --localstorage-file, and Vitest's jsdom environment leaves a global the
// process already has in place: the tests get jsdom's storage, as a page in a browser has its own.
// (Defined, not compared: reading Node's getter warns about the missing file.)
const { jsdom } = globalThis as { jsdom?: { window: Pick<Window, 'localStorage' | 'sessionStorage'> } };
if (jsdom !== undefined) {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(globalThis, name, { configurable: true, value: jsdom.window[name] });
  }
}

// Every element measures 0×0 in jsdom, so a virtualised list would show no rows at all: give
// elements a fixed box (the rows then render as in a 400 px high list).
for (const [name, size] of [
  ['offsetHeight', 400],
  ['offsetWidth', 800],
  ['clientHeight', 400],
  ['clientWidth', 800],
] as const) {
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => size });
}

// Charts (recharts' ResponsiveContainer) size themselves from getBoundingClientRect, which is 0×0 in
// jsdom and makes them warn that they cannot draw: the same fixed box.
HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return {
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 800,
    bottom: 400,
    width: 800,
    height: 400,
    toJSON: () => ({}),
  };
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
