#!/usr/bin/env bash
# Builds the site when its sources changed since the last build (scripts/ensure-build.mjs) and runs Playwright against
# the real server. One run at a time per machine: a build replaces dist/ under a running server, and the test server's
# port is fixed.
set -euo pipefail
node scripts/check-chromium.mjs
exec flock /tmp/bsq-e2e.lock bash -c 'node scripts/ensure-build.mjs --log /tmp/bsq-astro-build.log && npx playwright test "$@"' _ "$@"
