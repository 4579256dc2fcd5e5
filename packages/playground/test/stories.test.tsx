// @vitest-environment jsdom
/// <reference types="vite/client" />
import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './support/dom.js';

type StoriesModule = Parameters<typeof composeStories>[0];
type RenderableStory = (() => React.ReactNode) & {
  play?: (context: { canvasElement: HTMLElement }) => Promise<void>;
};

const modules = import.meta.glob<StoriesModule>('../src/**/*.stories.tsx', { eager: true });

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('every story renders without errors', () => {
  it('finds the stories', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(20);
  });
  for (const [file, module] of Object.entries(modules)) {
    const stories = composeStories(module);
    for (const [name, Story] of Object.entries(stories) as [string, RenderableStory][]) {
      it(`${file.replace('../src/components/', '')} › ${name}`, async () => {
        const { container } = render(<Story />);
        await Story.play?.({ canvasElement: container });
        expect(container.firstChild).not.toBeNull();
        expect(errors).toEqual([]);
        // jsdom has no layout, so contrast and scrolling are checked in Chromium (e2e.test.ts); names, labels and
        // ARIA use are checked here on every story.
        const { violations } = await axe.run(container, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
          rules: { 'color-contrast': { enabled: false } },
        });
        expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      });
    }
  }
});
