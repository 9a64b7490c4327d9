/** `npm run staff -- ...` (root script, run with tsx): see cli.ts. */
import { readPassword, runStaffCli } from './cli.ts';

process.exitCode = await runStaffCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readPassword,
});
