#!/usr/bin/env bash
# Builds the site and runs Playwright against the real server. One run at a time per machine:
# a build replaces dist/ under a running server, and the test server's port is fixed.
set -euo pipefail
node scripts/check-chromium.mjs
exec flock /tmp/bsq-e2e.lock bash -c 'ASTRO_TELEMETRY_DISABLED=1 npx astro build >/tmp/bsq-astro-build.log 2>&1 || { cat /tmp/bsq-astro-build.log; exit 1; }; touch dist/.build-stamp; npx playwright test "$@"' _ "$@"
