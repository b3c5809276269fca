// Jest transformer: strips TypeScript with esbuild (type checking is tsc's job in `npm test`).
const { transformSync } = require('esbuild');
module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: filename.endsWith('.tsx') ? 'tsx' : 'ts',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: filename,
    });
    return { code, map };
  },
};
