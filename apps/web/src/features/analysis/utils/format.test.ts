import { describe, expect, it } from 'vitest';
import {
  formatAnalysisScore,
  formatDateTime,
  formatFigure,
  formatInsightScore,
  formatProbability,
  hostnameOf,
  toFixedDecimal,
} from '@/features/analysis/utils/format';

describe('dates', () => {
  it('in the account’s zone, named, when one is given', () => {
    // 03:00 UTC on 1 December is 7 PM on 30 November in Los Angeles, the month the insights file it under.
    expect(formatDateTime('2026-12-01T03:00:00.000Z', 'America/Los_Angeles')).toBe(
      'Nov 30, 2026, 7:00 PM PST',
    );
    expect(formatDateTime('2026-07-01T03:00:00.000Z', 'Asia/Tokyo')).toBe('Jul 1, 2026, 12:00 PM GMT+9');
    expect(formatDateTime('not a date', 'Asia/Tokyo')).toBe('not a date');
  });
});

describe('score formats (spec §3, §9)', () => {
  it('analysis scores: percent with 3 decimals', () => {
    expect(formatAnalysisScore(42.5)).toBe('42.500%');
    expect(formatAnalysisScore(33.33349)).toBe('33.333%');
    expect(formatAnalysisScore(0)).toBe('0.000%');
    expect(formatAnalysisScore(100)).toBe('100.000%');
    expect(formatProbability(0.76)).toBe('76.000%');
    expect(formatFigure(-0.4565)).toBe('-0.457');
  });

  it('insight scores: one decimal, rounding the written number half away from zero', () => {
    expect(formatInsightScore(55)).toBe('55.0%');
    expect(formatInsightScore(55.55)).toBe('55.6%');
    expect(formatInsightScore(69.95)).toBe('70.0%');
    expect(formatInsightScore(39.94)).toBe('39.9%');
    expect(toFixedDecimal(-0.04, 1)).toBe('0.0');
    expect(toFixedDecimal(1e-7, 3)).toBe('0.000');
  });

  it('hostnames drop www and fall back to the text', () => {
    expect(hostnameOf('https://www.news.example.com/a?b=1')).toBe('news.example.com');
    expect(hostnameOf('not a url')).toBe('not a url');
  });
});
