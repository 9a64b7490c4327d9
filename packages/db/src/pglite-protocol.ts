import type { MessagePort } from 'node:worker_threads';

/** The messages between the shop and its embedded database's thread (pglite-thread.ts). */

export interface PgliteThreadData {
  /** the data folder; undefined keeps the database in memory */
  dataDir?: string | undefined;
  /** a data folder dump to start from (PGlite's loadDataDir) */
  loadDataDir?: ArrayBuffer | undefined;
  sharedBuffersMb: number;
  /**
   * the answers to a transaction's statements: posted on `syncPort`, and `signal[0]` counted up after
   * each, so that the shop's thread waits for them with Atomics.wait and takes them at once
   * (receiveMessageOnPort) instead of behind its event loop's queue; `signal[1]` set when the thread ends
   */
  syncPort: MessagePort;
  signal: SharedArrayBuffer;
}

export type ToPgliteThread =
  | {
      op: 'query';
      id: number;
      text: string;
      params: readonly unknown[];
      /** the transaction it belongs to (its begin's id) */
      tx?: number | undefined;
      /** a drizzle statement: rows in that mode, dates and timestamps left as text as drizzle maps them */
      drizzle?: 'array' | 'object' | undefined;
      /** answered on the sync port (a statement of an open transaction) */
      sync?: boolean | undefined;
    }
  | { op: 'exec'; id: number; text: string; tx?: number | undefined; sync?: boolean | undefined }
  /** answered once the transaction holds the connection; its id names it, and answers again when it ended */
  | { op: 'begin'; id: number; setTransaction?: string | undefined; sync?: boolean | undefined }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

export type FromPgliteThread =
  | { id: number; rows: unknown[]; error?: undefined; ended?: undefined; dump?: undefined }
  | { id: number; error: Record<string, unknown>; ended?: boolean; rows?: undefined; dump?: undefined }
  | { id: number; ended: true; error?: undefined; rows?: undefined; dump?: undefined }
  | { id: number; dump: ArrayBuffer; rows?: undefined; error?: undefined; ended?: undefined };
