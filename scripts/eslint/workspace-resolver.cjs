/* eslint-disable @typescript-eslint/no-require-imports -- eslint-plugin-import loads resolvers with require() */
// A resolver for eslint-plugin-import (resolver interface v2) that knows this repository's two aliases:
// `@/…` (apps/web/src) and `@compliance/shared/<name>` (packages/shared/src/<name>.ts). Everything
// else is resolved as Node resolves relative paths. Pure JavaScript: no native resolver binaries.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function existing(base) {
  for (const extension of extensions) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  let base = null;
  if (source.startsWith('@/')) base = path.join(root, 'apps/web/src', source.slice(2));
  else if (source.startsWith('@compliance/shared/')) {
    base = path.join(root, 'packages/shared/src', source.slice('@compliance/shared/'.length));
  } else if (source.startsWith('.')) base = path.resolve(path.dirname(file), source);
  if (base === null) return { found: false };
  const found = existing(base);
  return found ? { found: true, path: found } : { found: false };
};
