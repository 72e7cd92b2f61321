import { closeSync, openSync, readSync } from 'node:fs';

export interface ProcessTime {
  /** The process's own time, ms (from an arbitrary origin: only differences mean anything). */
  now(): number;
  close(): void;
}

/**
 * A process's own time: wall time less the time its main thread was ready to run but waited for a
 * CPU (Linux's run-queue delay, the second field of /proc/<pid>/task/<pid>/schedstat). On a quiet
 * machine it is wall time; on a busy one it leaves out the time other processes held the CPU the
 * process wanted, so a timing taken on it measures the process, not the machine: the time a request
 * waits for the server, in the server's time, is the same at load average 1 and 8. Time the process
 * spends idle (waiting for a connection, a timer, the database) counts, as on a quiet machine.
 *
 * Read by the process itself (`pid` its own), the delay is exact. Read by another process, a wait in
 * progress is not counted until the process runs again (a few ms on a loaded machine: the scheduler's
 * latency). Where there is no schedstat (not Linux), it is wall time.
 */
export function processTime(pid: number = process.pid): ProcessTime {
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/task/${pid}/schedstat`, 'r');
  } catch {
    fd = undefined;
  }
  const buffer = Buffer.alloc(96);
  /** Nanoseconds the main thread has waited for a CPU, read again on each call (pread at 0). */
  const runDelayMs = () => {
    if (fd === undefined) return 0;
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const fields = buffer.toString('latin1', 0, length).split(' ');
    return Number(fields[1]) / 1e6;
  };
  return {
    now: () => performance.now() - runDelayMs(),
    close: () => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
