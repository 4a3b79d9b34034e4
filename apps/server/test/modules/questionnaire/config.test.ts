import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';

describe('questionnaire configuration', () => {
  it('runs the worker with a 15 s delay by default, neither in tests, and reads both variables', () => {
    expect(loadConfig({}).questionnaire).toEqual({ workerEnabled: true, delayMs: 15_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).questionnaire).toEqual({ workerEnabled: false, delayMs: 0 });
    expect(loadConfig({ QUESTIONNAIRE_WORKER: 'off', QUESTIONNAIRE_DELAY_MS: '2500' }).questionnaire).toEqual(
      {
        workerEnabled: false,
        delayMs: 2_500,
      },
    );
  });

  it('names a bad value', () => {
    for (const [name, value] of [
      ['QUESTIONNAIRE_WORKER', 'sometimes'],
      ['QUESTIONNAIRE_DELAY_MS', '-1'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        expect((error as ConfigError).variables).toEqual([name]);
      }
    }
  });
});
