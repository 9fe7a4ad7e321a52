import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** CPU time sampled while not idle, ms */
  busyMs: number;
  /** Self time by where the code lives (an npm package, a folder of this repo, node's internals, GC). */
  byPlace: { place: string; ms: number; share: number }[];
  /** The functions with the most self time. */
  topFunctions: { name: string; place: string; ms: number; share: number }[];
}

/** `pg`, `@nats-io/nats-core`, `services/forum/src`, `node internals`, `(garbage collector)` */
export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const repo = /\/((?:services\/[^/]+|gateway|proto)\/src)\//.exec(url);
  return repo ? repo[1]! : url.replace(/^file:\/\//, '');
}

/** Self time by place and by function of one profile; `(idle)` is left out. */
export function summarizeProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const places = new Map<string, number>();
  const functions = new Map<string, { name: string; place: string; us: number }>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busyUs += us;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + us);
    const name = `${functionName || '(anonymous)'}${url ? ` ${url.split('/').at(-1)}:${lineNumber + 1}` : ''}`;
    const entry = functions.get(name) ?? { name, place, us: 0 };
    entry.us += us;
    functions.set(name, entry);
  }
  const share = (us: number) => (busyUs ? us / busyUs : 0);
  return {
    busyMs: busyUs / 1000,
    byPlace: [...places].map(([place, us]) => ({ place, ms: us / 1000, share: share(us) })).sort((a, b) => b.ms - a.ms),
    topFunctions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((entry) => ({ name: entry.name, place: entry.place, ms: entry.us / 1000, share: share(entry.us) })),
  };
}

/** Summaries of the `.cpuprofile` files in a folder (one per process that wrote there). */
export async function summarizeProfiles(dir: string, top = 15): Promise<{ file: string; summary: ProfileSummary }[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.cpuprofile'));
  return Promise.all(
    files.map(async (file) => ({
      file,
      summary: summarizeProfile(JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile, top),
    })),
  );
}

/** The summary as lines for a terminal or a README. */
export function describeProfile(summary: ProfileSummary, places = 12): string[] {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`.padStart(6);
  return [
    `busy ${summary.busyMs.toFixed(0)} ms of CPU sampled; self time by place:`,
    ...summary.byPlace.slice(0, places).map((entry) => `  ${percent(entry.share)}  ${entry.place}`),
    'top functions by self time:',
    ...summary.topFunctions.map((entry) => `  ${percent(entry.share)}  ${entry.name}  [${entry.place}]`),
  ];
}
