import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processLine } from '../src/cli.ts';
import { MODEL_VERSION } from '../src/index.ts';

describe('CLI', () => {
  it('answers each JSON line with the analysis fields, and bad lines with an error naming the id', () => {
    const ok = JSON.parse(processLine('{"id": 7, "text": "I love this calm morning."}')!) as Record<string, unknown>;
    expect(Object.keys(ok)).toEqual(['id', 'valence', 'verdict', 'drivers', 'confidence', 'overallScore', 'tokens', 'modelVersion', 'categoryScores', 'classificationAnalysis']);
    expect(ok.id).toBe(7);
    expect(ok.modelVersion).toBe(MODEL_VERSION);
    expect(JSON.parse(processLine('{"id": "x", "text": 3}')!)).toEqual({ id: 'x', error: '"text" must be a string' });
    expect(JSON.parse(processLine('{oops')!)).toMatchObject({ id: null });
    expect(processLine('   ')).toBeUndefined();
  });

  it('runs as the package bin and keeps going after a bad line', async () => {
    const bin = path.resolve(import.meta.dirname, '../bin/mediadiet-analyze.js');
    const child = spawn(process.execPath, [bin], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end('{"id":1,"text":"Good news!"}\nnot json\n{"id":3,"text":"Bad news."}\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { id: unknown; error?: string; valence?: number });
    expect(lines.map((l) => l.id)).toEqual([1, null, 3]);
    expect(lines[1]!.error).toMatch(/JSON/);
    expect(lines[0]!.valence).toBeGreaterThan(lines[2]!.valence!);
  }, 30_000);
});
