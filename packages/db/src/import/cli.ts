/**
 * The import command: `npm run catalog:import -- FILE.json` (root script, run with tsx).
 * Behaviour, environment and exit codes: see run-cli.ts.
 */
import { runImportCli } from './run-cli.ts';

const code = await runImportCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
