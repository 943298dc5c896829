#!/bin/sh
# Re-vendor the page's third-party ES modules (make web-vendor): install the versions of
# package-lock.json with npm (no install scripts), copy their ES-module builds into
# modules/, which the web process serves as package data. No build step, no bundler.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --ignore-scripts
rm -rf modules
mkdir -p modules/fluent-bundle
cp node_modules/nats.ws/esm/nats.js modules/nats.js
cp node_modules/nats.ws/LICENSE modules/nats.LICENSE
cp node_modules/@fluent/bundle/esm/*.js modules/fluent-bundle/
cp node_modules/@fluent/bundle/package.json modules/fluent-bundle/package.json
# axe-core: the accessibility checks of the browser tests (tests/e2e/web), not served
rm -rf axe
mkdir -p axe
cp node_modules/axe-core/axe.min.js node_modules/axe-core/LICENSE axe/
rm -rf node_modules
node -e 'const p = require("./package-lock.json").packages;
  const v = (n) => p[`node_modules/${n}`].version;
  console.log(`vendored: nats.ws ${v("nats.ws")}, @fluent/bundle ${v("@fluent/bundle")} into modules/;`,
    `axe-core ${v("axe-core")} into axe/`);'
