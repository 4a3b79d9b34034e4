import { describe, expect, it } from 'vitest';
import { captureUrlProblem, cleanCaptureUrl, isPrivateHost } from './capture';

describe('isPrivateHost', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    'localhost',
    'app.localhost',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.10.1',
    '100.64.0.1',
    '0.0.0.0',
    '[::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
    '[::ffff:10.0.0.1]',
    'printer.local',
    'hr.corp.internal',
    'nas.lan',
    'router.home.arpa',
    'wiki',
    'intranet',
    'PAYROLL.',
  ])('%s is private', (host) => {
    expect(isPrivateHost(host)).toBe(true);
  });

  it.each(['bbc.co.uk', 'x.com', 'news.ycombinator.com', '8.8.8.8', '172.32.0.1', '[2606:4700::1111]', 'calm-garden.test', 'localhost.example.com'])(
    '%s is public',
    (host) => {
      expect(isPrivateHost(host)).toBe(false);
    },
  );
});

describe('captureUrlProblem', () => {
  it('refuses what is never captured, naming why', () => {
    expect(captureUrlProblem('http://127.0.0.1/account.html?session=abc123')).toBe('private-network');
    expect(captureUrlProblem('http://[::ffff:a00:1]/')).toBe('private-network');
    expect(captureUrlProblem('https://user:pass@news.example.org/a')).toBe('credentials');
    expect(captureUrlProblem('https://user@news.example.org/a')).toBe('credentials');
    expect(captureUrlProblem('ftp://files.example.org/a')).toBe('not-http');
    expect(captureUrlProblem('not a url')).toBe('not-http');
  });

  it('refuses search pages (decision 165), with the query or as kept without it', () => {
    expect(captureUrlProblem('https://www.google.com/search?q=divorce+lawyer')).toBe('search');
    expect(captureUrlProblem(cleanCaptureUrl('https://www.google.co.uk/search?q=divorce+lawyer'))).toBe('search');
    expect(captureUrlProblem('https://duckduckgo.com/')).toBe('search');
    expect(captureUrlProblem('https://www.bbc.co.uk/search?q=election')).toBe('search');
    // The more fundamental problems first.
    expect(captureUrlProblem('https://user:pass@www.google.com/search?q=x')).toBe('credentials');
    // An engine's other pages, and a site's search page without the search in its address, are pages like any.
    expect(captureUrlProblem('https://news.google.com/articles/CBMiSGh0dHBz')).toBeNull();
    expect(captureUrlProblem('https://www.google.com/maps/place/Big+Ben')).toBeNull();
    expect(captureUrlProblem('https://www.bbc.co.uk/search')).toBeNull();
  });

  it('lets ordinary public pages through', () => {
    expect(captureUrlProblem('https://www.bbc.co.uk/news/articles/c1')).toBeNull();
    expect(captureUrlProblem(new URL('http://calm-garden.test:8080/morning'))).toBeNull();
  });
});

describe('cleanCaptureUrl', () => {
  it('drops the query and the fragment', () => {
    expect(cleanCaptureUrl('https://news.example.org/a?session=abc123&email=a%40b.c#comments')).toBe(
      'https://news.example.org/a',
    );
    expect(cleanCaptureUrl('https://news.example.org/?')).toBe('https://news.example.org/');
  });

  it('keeps only the allow-listed content parameters of the site', () => {
    expect(cleanCaptureUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42&si=tracking#x')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(cleanCaptureUrl('https://news.ycombinator.com/item?id=123&utm_source=x')).toBe(
      'https://news.ycombinator.com/item?id=123',
    );
    // The allow-list is per site: `v` elsewhere is dropped.
    expect(cleanCaptureUrl('https://example.com/watch?v=1')).toBe('https://example.com/watch');
  });

  it('never keeps a user name or password', () => {
    expect(cleanCaptureUrl('https://user:pass@news.example.org/a')).toBe('https://news.example.org/a');
  });
});
