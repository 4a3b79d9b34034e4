/**
 * A CPU quota for a bench process (Linux cgroups), so that on a small machine each server instance stands for
 * one machine of the same size: one instance gets `cores` of CPU time, two instances get `cores` each. Without
 * it, two instances on a 2-core machine that one instance already fills (with the database and the load
 * generator beside it) measure the machine, not whether the instances scale.
 *
 * cgroup v2 (a `cpu` controller in /sys/fs/cgroup) or v1 (/sys/fs/cgroup/cpu); needs write access (root).
 * `limitCpu` answers null when neither is usable, and the bench says so.
 */
import { access, mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PERIOD_US = 100_000;

export interface CpuQuota {
  /** Where it was set (for the report). */
  describe: string;
  /** Removes the group (after the process has exited). */
  release(): Promise<void>;
}

async function writable(dir: string): Promise<boolean> {
  try {
    await access(dir, 2 /* W_OK */);
    return true;
  } catch {
    return false;
  }
}

/** Which cgroup hierarchy can hold a CPU quota here: v2's root, v1's cpu controller, or none. */
async function hierarchy(): Promise<{ version: 1 | 2; root: string } | null> {
  try {
    const controllers = await readFile('/sys/fs/cgroup/cgroup.controllers', 'utf8');
    if (controllers.split(/\s+/).includes('cpu') && (await writable('/sys/fs/cgroup')))
      return { version: 2, root: '/sys/fs/cgroup' };
  } catch {
    // not cgroup v2 at the root
  }
  try {
    await access('/sys/fs/cgroup/cpu/cpu.cfs_quota_us');
    if (await writable('/sys/fs/cgroup/cpu')) return { version: 1, root: '/sys/fs/cgroup/cpu' };
  } catch {
    // no v1 cpu controller
  }
  return null;
}

/** Puts process `pid` (all its threads) under a quota of `cores` CPUs; null when cgroups are not available. */
export async function limitCpu(pid: number, cores: number): Promise<CpuQuota | null> {
  const found = await hierarchy();
  if (!found) return null;
  const dir = path.join(found.root, `mediadiet-bench-${pid}`);
  const quota = Math.round(cores * PERIOD_US);
  try {
    await mkdir(dir);
    if (found.version === 2) {
      await writeFile(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    } else {
      await writeFile(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    }
    await writeFile(path.join(dir, 'cgroup.procs'), String(pid));
  } catch {
    await rmdir(dir).catch(() => {});
    return null;
  }
  return {
    describe: `cgroup v${found.version} quota ${cores} CPU`,
    // The group can be removed once it has no process left (the instance has been stopped).
    release: () => rmdir(dir).catch(() => {}),
  };
}
