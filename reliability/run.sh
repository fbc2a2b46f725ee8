#!/usr/bin/env bash
# npm run test:reliability: the whole reliability battery (docs/reliability.md).
#  1. the server's in-process battery (apps/server/test/reliability) at the issue's figures, SQLite;
#  2. the process-level battery (reliability/*.test.ts): kill -9, data-dir lock, load, login timing,
#     on SQLite and, when one answers, PostgreSQL (required under CI=true);
#  3. with PostgreSQL: double spend, access control and sessions at full size, fuzzing reduced.
# RELIABILITY_FULL=1 also runs 50 kill -9 rounds per database and the full fuzzing on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n=== reliability: %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

# One probe and one policy with .ci/run (tools/pg-probe.ts): under CI=true no PostgreSQL fails here.
pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
set +e
node --import tsx tools/pg-probe.ts "$pg_url"
probe=$?
set -e
case "$probe" in
  0) ;;
  1) pg_url="" ;;
  *) exit 1 ;;
esac

step "building the server bundle"
npm run build -w apps/server >/dev/null

step "in-process battery on SQLite (issue figures)"
env -u TEST_DATABASE_URL RELIABILITY_FULL=1 npx vitest run --project server apps/server/test/reliability

step "process battery: kill -9, data directory lock, load, login timing"
if [ -n "$pg_url" ]; then
  TEST_DATABASE_URL="$pg_url" npx vitest run -c reliability/vitest.config.ts
else
  npx vitest run -c reliability/vitest.config.ts
fi

if [ -n "$pg_url" ]; then
  step "in-process battery on PostgreSQL: double spend, access control, sessions"
  TEST_DATABASE_URL="$pg_url" RELIABILITY_FULL=1 npx vitest run --project server \
    apps/server/test/reliability/double-spend.test.ts apps/server/test/reliability/access-control.test.ts \
    apps/server/test/reliability/sessions.test.ts
  step "in-process battery on PostgreSQL: fuzzing"
  TEST_DATABASE_URL="$pg_url" npx vitest run --project server apps/server/test/reliability/fuzz.test.ts
else
  step "no PostgreSQL answered (see the probe above): SQLite only"
fi

step "done"
