/** Writes an import file as JSON in chunks, so a 100k-product catalogue never becomes one huge string. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ImportFileInput } from '@vitrina/domain';

export async function writeImportFile(file: string, data: ImportFileInput, chunkSize = 1000): Promise<number> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const entries = Object.entries(data) as [keyof ImportFileInput, unknown][];
  await write('{');
  let first = true;
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    await write(`${first ? '' : ','}\n${JSON.stringify(key)}:`);
    first = false;
    if (Array.isArray(value) && value.length > chunkSize) {
      await write('[');
      for (let i = 0; i < value.length; i += chunkSize) {
        const part = value.slice(i, i + chunkSize).map((v) => JSON.stringify(v));
        await write(`${i === 0 ? '' : ','}\n${part.join(',\n')}`);
      }
      await write('\n]');
    } else {
      await write(JSON.stringify(value));
    }
  }
  await write('\n}\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}
