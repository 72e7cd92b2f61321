import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { runToEnd } from './processes.js';
import type { Samples } from './samples.js';
import { createRandom, pick } from './stats.js';

/** One load measurement: the rounds after a warm-up, and their median round. */
export interface LoadFigures {
  name: string;
  rounds: RoundFigures[];
  /** The round with the median requests per second. */
  median: RoundFigures;
}

export interface RoundFigures {
  requestsPerSecond: number;
  /** Requests per CPU second the server used: its capacity on one core, whatever else ran. */
  requestsPerServerCpuSecond: number;
  /** The share of one core the server got during the round. */
  serverCpuShare: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  /** Responses by status code, when any was not 2xx. */
  statusCodes?: Record<string, number>;
  errors: number;
}

/**
 * The read mix of the search screen: each keystroke is an autocomplete, opening a tag its related
 * list, refreshing the export list one info batch. 80% autocomplete (prefixes of 1-5 letters of real
 * tags), 10% info for 100 known names, 10% related tags of a tag among the 1,000 largest.
 */
export function mixedPaths(samples: Samples, size = 20_000): string[] {
  const random = createRandom(11);
  const encode = encodeURIComponent;
  return Array.from({ length: size }, () => {
    const roll = random();
    if (roll < 0.8) return `/api/autocomplete/hashtag/${encode(pick(samples.prefixes, random))}`;
    if (roll < 0.9) return `/api/info/hashtag/${encode(pick(samples.nameBatches, random))}`;
    return `/api/info/hashtag/${encode(pick(samples.popularTags, random))}?recommended=1`;
  });
}

export function standInPaths(samples: Samples): string[] {
  return samples.names.map((name) => `/tag/${encodeURIComponent(name)}`);
}

/** A warm-up round, then `rounds` rounds of autocannon in its own process on CPU 1. */
export async function measureLoad(options: {
  name: string;
  port: number;
  serverCpuSeconds: () => number;
  paths: string[];
  workDir: string;
  seconds: number;
  rounds: number;
  connections: number;
  warmupSeconds?: number;
}): Promise<LoadFigures> {
  const pathsFile = join(options.workDir, `paths-${options.name.replace(/\W+/g, '-')}.json`);
  writeFileSync(pathsFile, JSON.stringify(options.paths));
  const round = async (seconds: number): Promise<RoundFigures> => {
    const cpuBefore = options.serverCpuSeconds();
    const line = await runToEnd({
      file: 'bench/src/load-client.ts',
      args: [`http://127.0.0.1:${options.port}`, pathsFile, String(options.connections), String(seconds)],
      cpu: 1,
    });
    const result = JSON.parse(line) as Result;
    // Includes the load client's start-up (under a second), when the server idles.
    return figuresOf(result, options.serverCpuSeconds() - cpuBefore);
  };
  await round(options.warmupSeconds ?? 5);
  const rounds: RoundFigures[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const figures = await round(options.seconds);
    console.log(
      `  ${options.name}, round ${i + 1}: ${figures.requestsPerSecond.toLocaleString('en')} req/s, ` +
        `p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms; server used ${Math.round(figures.serverCpuShare * 100)}% ` +
        `of a core: ${figures.requestsPerServerCpuSecond.toLocaleString('en')} req per CPU-second; non-2xx ${figures.non2xx}` +
        `${figures.statusCodes ? ` ${JSON.stringify(figures.statusCodes)}` : ''}, errors ${figures.errors}`,
    );
    rounds.push(figures);
  }
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return { name: options.name, rounds, median: sorted[Math.floor(sorted.length / 2)]! };
}

function figuresOf(result: Result, serverCpuSeconds: number): RoundFigures {
  const requests = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + Number(count), 0);
  return {
    requestsPerSecond: Math.round(requests / result.duration),
    requestsPerServerCpuSecond: serverCpuSeconds > 0 ? Math.round(requests / serverCpuSeconds) : 0,
    serverCpuShare: Math.round((100 * serverCpuSeconds) / result.duration) / 100,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests,
    non2xx: result.non2xx,
    ...(result.non2xx > 0
      ? {
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
          ),
        }
      : {}),
    errors: result.errors,
  };
}
