// A full disk, played through the file-system interface the store writes with (FileOpener): the
// real files are written, but once the disk "fills" a write takes only what still fits (a short
// write, as the kernel returns it) and the next one fails with ENOSPC. The hostile suite does the
// same on a real, small tmpfs where the machine allows mounting one.
import { open } from 'node:fs/promises';
import type { FileOpener, WriteHandle } from '../../../../src/core/durableFs';

export interface FullDisk {
  readonly opener: FileOpener;
  /** Bytes that still fit; Infinity: the disk has room. */
  room: number;
  /** The disk fills when a write's text matches (before any of it is written): it then takes `keep` bytes of it. */
  fillAt(match: RegExp, keep?: number): void;
  /** How many writes were refused or cut short. */
  readonly refused: number;
}

function noSpace(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}

export function fullDisk(): FullDisk {
  let trigger: { match: RegExp; keep: number } | undefined;
  const disk = {
    room: Number.POSITIVE_INFINITY,
    refused: 0,
    fillAt(match: RegExp, keep = 10): void {
      trigger = { match, keep };
    },
    opener: (async (path: string, flags: string, mode?: number): Promise<WriteHandle> => {
      const handle = await open(path, flags, mode);
      return {
        async write(buffer: Uint8Array, offset: number, length: number, position: number | null) {
          if (trigger && trigger.match.test(Buffer.from(buffer.subarray(offset, offset + length)).toString('utf8'))) {
            disk.room = trigger.keep;
            trigger = undefined;
          }
          if (disk.room <= 0) {
            disk.refused++;
            throw noSpace();
          }
          const fits = Math.min(length, disk.room);
          if (fits < length) disk.refused++;
          const result = await handle.write(buffer, offset, fits, position);
          disk.room -= result.bytesWritten;
          return { bytesWritten: result.bytesWritten };
        },
        datasync: () => handle.datasync(),
        stat: () => handle.stat(),
        truncate: (length?: number) => handle.truncate(length),
        close: () => handle.close(),
      };
    }) as FileOpener,
  };
  return disk;
}
