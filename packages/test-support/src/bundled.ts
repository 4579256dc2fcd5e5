// A module's source bundled with esbuild plugins and loaded: how the tests of the build plugins
// (`@sandbank/engine/bundling`, the service worker's bundle-plugins.ts) see what a bundle does.
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Plugin } from 'esbuild';

export interface Bundled<T> {
  module: T;
  code: string;
}

/** Where the engine's sources import their packages from: the resolve folder of every bundle here. */
const ENGINE_SOURCES = fileURLToPath(new URL('../../engine/src/', import.meta.url));

/** The build of `source` as an ES module with `plugins`, its packages resolved as the engine's sources resolve them. */
export function esmBundleOf(source: string, plugins: Plugin[]): BuildOptions {
  return {
    stdin: { contents: source, resolveDir: ENGINE_SOURCES, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins,
  };
}

/**
 * `source` bundled as an ES module with `plugins`, its packages resolved as the engine's sources
 * resolve them, and imported. Node keeps a data: URL's module, so the same code is evaluated once.
 */
export async function bundled<T>(source: string, plugins: Plugin[]): Promise<Bundled<T>> {
  const result = await build({ ...esmBundleOf(source, plugins), write: false });
  const code = result.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as T;
  return { module, code };
}
