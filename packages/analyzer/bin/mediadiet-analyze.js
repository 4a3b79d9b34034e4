#!/usr/bin/env node
// Launcher: runs the TypeScript CLI through tsx's loader (tsx is a dev dependency at the repository root).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
await runCli(process.stdin, process.stdout);
