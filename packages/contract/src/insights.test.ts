import { describe, expect, it } from 'vitest';
import { modelBaseVersion, modelBaseVersions } from './insights';

describe('model versions of stored analyses', () => {
  it('reads the base version of the offline analyzer and keeps anything else as it is', () => {
    expect(modelBaseVersion('mediadiet-affect-2.0.0+69303f2f')).toBe('2.0.0');
    expect(modelBaseVersion('mediadiet-affect-1.3.0')).toBe('1.3.0');
    expect(modelBaseVersion('llm:gpt-4o-mini')).toBe('llm:gpt-4o-mini');
  });

  it('lists each base once, in version order (10 after 9)', () => {
    expect(
      modelBaseVersions([
        'mediadiet-affect-10.0.0+aa',
        'mediadiet-affect-2.0.0+bb',
        'mediadiet-affect-2.0.0+cc',
        'mediadiet-affect-1.3.0+dd',
      ]),
    ).toEqual(['1.3.0', '2.0.0', '10.0.0']);
  });
});
