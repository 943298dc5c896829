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
rm -rf node_modules
echo "vendored: nats.ws $(sed -n 's/.*"version": "\(.*\)",/\1/p' package-lock.json | sed -n 2p)," \
  "@fluent/bundle into $(pwd)/modules"
