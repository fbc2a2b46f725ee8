/**
 * Screenshots of the operators' console (issue 23): the search page and an account page with its
 * audit log, at 1280 and 375 px, in French and English, for a human and an insectoid operator
 * (the two race themes). The operators are promoted with `npm run admin -- promote` through the
 * running server's socket (decision 221); one of them suspends, grants NMI to and reinstates a
 * player so that the pages have something to show. Output: e2e/.tmp/screenshots/admin/. Run after
 * `npm run build`:
 *   npx tsx e2e/screenshots/admin-screenshots.ts
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { call, eachView, outputDir, register, root, startServer, type ShotServer } from './support';

const run = promisify(execFile);

async function promote(server: ShotServer, email: string): Promise<void> {
  await run(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/admin.ts'), 'promote', email, '--reason=screenshots'],
    { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' } },
  );
}

const server = await startServer();
try {
  const operators = {
    human: await register(server.base, 'Op_Human', 1),
    robot: await register(server.base, 'Op_Hive', 2),
  };
  const victim = await register(server.base, 'Victim_One', 2);
  for (const operator of Object.values(operators)) await promote(server, operator.email);
  const account = `/admin/accounts/${victim.id}`;
  await call(server.base, operators.human, 'POST', `${account}/suspend`, { reason: 'bot farming' });
  await call(server.base, operators.human, 'POST', `${account}/nmi`, { amount: 50, reason: 'apology' });
  await call(server.base, operators.human, 'POST', `${account}/reinstate`, { reason: 'appeal accepted' });

  const out = outputDir('admin');
  await eachView(server.base, operators, out, async ({ page, shot }) => {
    await page.goto('/admin');
    await page.getByTestId('admin-search').waitFor();
    await page
      .getByTestId('admin-audit')
      .getByText('bot farming')
      .filter({ visible: true })
      .first()
      .waitFor();
    await shot('admin-list');
    await page.goto(account);
    await page.getByTestId('admin-account').waitFor();
    await page.waitForLoadState('networkidle');
    await shot('admin-account');
  });
  console.log(`Screenshots in ${out}`);
} finally {
  server.stop();
}
