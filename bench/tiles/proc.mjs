// What the benches read of the portal's processes from /proc (Linux): their trees, RSS, CPU, and
// each thread's time running and waiting for a core.
import { readdirSync, readFileSync } from 'node:fs';

export function childrenOf(pid) {
  const out = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const c of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean)) out.push(Number(c));
    }
  } catch {
    // ended
  }
  return out;
}
export function treeOf(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]));
  return all;
}
export function rssOf(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}
export function cpuTicksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** The machine's busy and total CPU ticks since boot (/proc/stat). */
export function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

/**
 * Each thread of these processes (by `pid/tid`): its group (the process's label and the
 * thread's niceness: the web process's tile threads run at 5, its preparation thread at 15), and
 * from its schedstat the nanoseconds it ran and those it waited, runnable, for a core.
 */
export function threadTimes(pids) {
  const out = new Map();
  for (const pid of pids) {
    const label = labelOf(pid);
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
        // BENCH_EACH_THREAD=1: each thread apart, by its id (Node names them all `node`; the main
        // thread's id is the process's, V8's four helpers follow it), to tell which ran.
        const each = process.env.BENCH_EACH_THREAD === '1' ? ` ${tid}` : '';
        out.set(`${pid}/${tid}`, { group: `${label} nice ${nice}${each}`, run, wait });
      } catch {
        // ended
      }
    }
  }
  return out;
}

/** Per group of threads, what they ran and waited for a core between two `threadTimes()`, in ms per `per`. */
export function cpuBetween(before, after, machine0, machine1, per) {
  const groups = {};
  for (const [key, t] of after) {
    const b = before.get(key) ?? { run: 0, wait: 0 };
    const g = (groups[t.group] ??= { run: 0, wait: 0 });
    g.run += (t.run - b.run) / 1e6;
    g.wait += (t.wait - b.wait) / 1e6;
  }
  const busy = ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 100;
  return (
    Object.entries(groups)
      .filter(([, g]) => g.run + g.wait >= 0.05 * per)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, g]) => `${group} ${(g.run / per).toFixed(1)} / ${(g.wait / per).toFixed(1)} ms`)
      .join('; ') + `; the machine ${busy.toFixed(0)} % busy`
  );
}

/** What a process of the portal is: the web process, the worker, the embedded database's process. */
export function labelOf(pid) {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('embedded-process') ? 'database' : cmd.includes('--worker') ? 'worker' : cmd.includes('main.js') ? 'web' : 'other';
  } catch {
    return 'other';
  }
}
