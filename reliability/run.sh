#!/usr/bin/env bash
# npm run test:reliability: the whole reliability battery (docs/reliability.md).
#  1. the server's in-process battery (apps/server/test/reliability) at the issue's figures, SQLite;
#  2. the process-level battery (reliability/*.test.ts): kill -9, data-dir lock, load, login timing,
#     on SQLite and, when one answers, PostgreSQL;
#  3. with PostgreSQL: double spend, access control and sessions at full size, fuzzing reduced.
# RELIABILITY_FULL=1 also runs 50 kill -9 rounds per database and the full fuzzing on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n=== reliability: %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

pg_url="${TEST_DATABASE_URL:-}"
if [ -z "$pg_url" ] && node -e "const s=require('net').connect(5432,'127.0.0.1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)"; then
  pg_url="postgres://postgres@127.0.0.1:5432/postgres"
fi

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
  step "no PostgreSQL on 127.0.0.1:5432 and no TEST_DATABASE_URL: SQLite only"
fi

step "done"
