/**
 * `npm run demo:remove` (root script, run with tsx): removes the demo data of a shop.
 * What counts as demo data: lifecycle.ts; database and running-shop rules: import/run-cli.ts.
 */
import { runDemoRemoveCli } from '../import/run-cli.ts';

const code = await runDemoRemoveCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
