/**
 * How busy the whole machine was over an interval, in cores (Linux /proc/stat: every process, the load generator
 * and the database included). A scaling ratio measured while the machine had no core left measures the machine,
 * not the instances (decision 092).
 */
import { readFile } from 'node:fs/promises';

interface CpuTimes {
  total: number;
  idle: number;
  /** The machine's cores (its `cpuN` lines). */
  cores: number;
}

async function cpuTimes(): Promise<CpuTimes | null> {
  try {
    const lines = (await readFile('/proc/stat', 'utf8')).split('\n');
    // user nice system idle iowait irq softirq steal (guest time is already counted in user and nice).
    const fields = lines[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const cores = lines.filter((line) => /^cpu\d/.test(line)).length;
    // Idle and iowait are the idle time.
    return { total: fields.reduce((s, x) => s + x, 0), idle: fields[3]! + (fields[4] ?? 0), cores };
  } catch {
    return null;
  }
}

export interface MachineBusy {
  /** Cores busy on average over the interval; null where /proc/stat cannot be read. */
  busy: number | null;
  /** The machine's cores; null with busy. */
  cores: number | null;
}

/** Starts measuring; the returned function ends the interval and answers how busy the machine was. */
export async function measureMachine(): Promise<() => Promise<MachineBusy>> {
  const start = await cpuTimes();
  return async () => {
    const end = await cpuTimes();
    if (!start || !end || end.total <= start.total) return { busy: null, cores: null };
    const idleShare = (end.idle - start.idle) / (end.total - start.total);
    return { busy: (1 - idleShare) * end.cores, cores: end.cores };
  };
}
