import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const extension = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/extension');

/**
 * One export of an extension source file as a minified script for a page (`globalThis[name]`), so a bench can
 * inject it into a page of its own and time it there.
 */
export async function extensionBundle(file: string, exported: string, name: string): Promise<string> {
  const out = await esbuild.build({
    stdin: {
      contents: `import { ${exported} } from './${file}'; globalThis.${name} = ${exported};`,
      resolveDir: extension,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    platform: 'browser',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
