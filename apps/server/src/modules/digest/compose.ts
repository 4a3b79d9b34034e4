import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import type { Goal } from '@mediadiet/contract/goals';
import {
  periodLeaning,
  verdictChangeSentence,
  verdictTally,
  wholePercents,
} from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { isHostCovered } from '@mediadiet/contract/urls';
import type { WeekReading } from '../analysis/service.ts';
import { MIN_PAGES_TO_JUDGE_SHARE } from '../goals/progress.ts';
import { weekLabel, type LetterWeek } from './weeks.ts';

/**
 * The weekly letter's words (decision 158), pure: a week's figures in, the subject, the plain text and the HTML
 * out. Both versions say the same sentences in the same order (they are made from one list of sections). The
 * HTML is for mail clients: tables for layout, inline styles, no script, no image, no web font, real headings
 * and lists, 16 px text in colours that pass WCAG AA, and it reads well from 320 px up. Titles and hosts are the
 * person's own reading and go only to them; every one is escaped. Never a page's text.
 */

/** Everything one letter says and links to. */
export interface LetterFacts {
  serviceName: string;
  week: LetterWeek;
  reading: WeekReading;
  goals: readonly Goal[];
  /** How many weeks the uplifting suggestion looks back. */
  upliftWeeks: number;
  dashboardUrl: string;
  settingsUrl: string;
  /** The one-click unsubscribe address (also the List-Unsubscribe header's). */
  unsubscribeUrl: string;
}

export interface LetterContent {
  subject: string;
  text: string;
  html: string;
  /** No page was analysed that week: the short letter (the schedule sends none). */
  quiet: boolean;
}

/** A title longer than this is cut with an ellipsis. */
export const TITLE_MAX = 120;

/** One section of the letter: a heading, its paragraphs, then a list when it has one. */
interface Section {
  title: string;
  paragraphs: string[];
  items?: string[];
  ordered?: boolean;
  /** The week's shares, drawn as a bar above the paragraphs in the HTML (the text says them in words). */
  shares?: Record<Verdict, number>;
}

/** How each verdict is drawn in the bar: the web trend's colours (Okabe–Ito, Tol). */
const VERDICT_COLOURS: Record<Verdict, string> = {
  uplifting: '#0072b2',
  neutral: '#b8c0bd',
  mixed: '#e69f00',
  draining: '#882255',
};

const cut = (title: string) => {
  const flat = title.replace(/\s+/g, ' ').trim();
  return flat.length > TITLE_MAX ? `${flat.slice(0, TITLE_MAX - 1).trimEnd()}…` : flat;
};

/** How a goal went over the week, in one sentence. */
export function goalWeekSentence(goal: Goal, reading: WeekReading): string {
  switch (goal.kind) {
    case 'draining_share': {
      const scored = VERDICTS.reduce((n, v) => n + reading.verdicts[v], 0);
      const draining = reading.verdicts.draining;
      if (scored < MIN_PAGES_TO_JUDGE_SHARE) return messages.letter.goalDrainingTooFew(scored, goal.target);
      // Floored and compared exactly, as the goals card does (decision 152).
      const share = Math.floor((100 * draining) / scored);
      return 100 * draining < goal.target * scored
        ? messages.letter.goalDrainingKept(share, goal.target)
        : messages.letter.goalDrainingBroken(share, goal.target);
    }
    case 'site_daily': {
      const perDay = new Map<string, number>();
      for (const row of reading.dayHosts) {
        if (isHostCovered(row.host, goal.site)) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.pages);
      }
      const over = [...perDay.values()].filter((pages) => pages > goal.target);
      return over.length === 0
        ? messages.letter.goalSiteKept(goal.site, goal.target)
        : messages.letter.goalSiteBroken(goal.site, goal.target, over.length, Math.max(...over));
    }
    case 'uplifting_weekly': {
      const uplifting = reading.verdicts.uplifting;
      return uplifting >= goal.target
        ? messages.letter.goalUpliftingMet(uplifting, goal.target)
        : messages.letter.goalUpliftingShort(uplifting, goal.target);
    }
  }
}

/** The sections of a week with pages, in the order the letter reads. */
function sections(facts: LetterFacts): { leaning: string; sections: Section[] } {
  const { reading } = facts;
  const m = messages.letter;
  const tally = verdictTally(reading.verdicts);
  const previous = verdictTally(reading.previousVerdicts);
  const lead = periodLeaning(tally);
  const percents = wholePercents(tally.shares);

  const verdict: Section = lead
    ? {
        title: m.verdictTitle,
        paragraphs: [
          m.verdictSentence(m.leaningWords[lead.verdict], lead.percent, tally.classified),
          VERDICTS.map((v) => m.shareLine(messages.trend.verdicts[v], percents![v])).join(' · '),
        ],
        shares: percents!,
      }
    : { title: m.verdictTitle, paragraphs: [m.noVerdicts(reading.pages)] };

  const change = verdictChangeSentence('draining', tally, previous, m.trendWhen);
  const upliftChange = verdictChangeSentence('uplifting', tally, previous, m.trendWhen);
  // Without a verdict this week there is nothing to compare: the section is left out.
  const trend: Section | null = lead
    ? {
        title: m.trendTitle,
        paragraphs: change && upliftChange ? [`${change}.`, `${upliftChange}.`] : [m.noPrevious],
      }
    : null;

  const goals: Section =
    facts.goals.length === 0
      ? { title: m.goalsTitle, paragraphs: [m.noGoals] }
      : {
          title: m.goalsTitle,
          paragraphs: [],
          items: facts.goals.map((goal) => goalWeekSentence(goal, reading)),
        };

  const draining: Section =
    reading.drainingHosts.length === 0
      ? { title: m.drainingTitle, paragraphs: [m.noDraining] }
      : {
          title: m.drainingTitle,
          paragraphs: [],
          items: reading.drainingHosts.map((h) => m.drainingSite(h.host, h.pages)),
          ordered: true,
        };

  const { uplift } = reading;
  const lifted: Section = uplift
    ? {
        title: m.upliftTitle,
        paragraphs: [
          m.upliftSite(uplift.host, uplift.pages, facts.upliftWeeks),
          ...(uplift.title ? [m.upliftTitleLine(cut(uplift.title))] : []),
        ],
      }
    : { title: m.upliftTitle, paragraphs: [m.noUplift(facts.upliftWeeks)] };

  return {
    leaning: lead ? m.leaningWords[lead.verdict] : m.quietLeaning,
    sections: [verdict, ...(trend ? [trend] : []), goals, draining, lifted],
  };
}

export function composeLetter(facts: LetterFacts): LetterContent {
  const m = messages.letter;
  const range = weekLabel(facts.week);
  const quiet = facts.reading.pages === 0;
  const body = quiet ? { leaning: m.quietLeaning, sections: [] as Section[] } : sections(facts);
  const subject = m.subject(range, body.leaning);
  const heading = m.heading(range);
  const intro = quiet ? m.quietText : m.intro;
  return {
    subject,
    quiet,
    text: letterText(facts, heading, intro, body.sections),
    html: letterHtml(facts, subject, heading, intro, body.sections),
  };
}

// ── Plain text ───────────────────────────────────────────────────────────────────────────────────────

function letterText(facts: LetterFacts, heading: string, intro: string, parts: Section[]): string {
  const m = messages.letter;
  const lines = [heading, '='.repeat(heading.length), '', m.greeting, '', intro, ''];
  for (const section of parts) {
    lines.push(section.title, '-'.repeat(section.title.length));
    for (const paragraph of section.paragraphs) lines.push(paragraph);
    (section.items ?? []).forEach((item, i) =>
      lines.push(section.ordered ? `${i + 1}. ${item}` : `- ${item}`),
    );
    lines.push('');
  }
  lines.push(
    `${m.openDashboard}: ${facts.dashboardUrl}`,
    '',
    '--',
    m.why(facts.serviceName),
    m.textManage(facts.settingsUrl),
    m.textUnsubscribe(facts.unsubscribeUrl),
    '',
  );
  return lines.join('\n');
}

// ── HTML ─────────────────────────────────────────────────────────────────────────────────────────────

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const INK = '#1d2725';
const MUTED = '#4e5a57';
const ACCENT = '#0f6b63';
const LINE = '#e2dfd6';
const CANVAS = '#f6f5f1';
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const P = `margin:0 0 12px;font-size:16px;line-height:1.5;color:${INK}`;
const H2 = `margin:28px 0 10px;font-size:18px;line-height:1.3;font-weight:700;color:${INK}`;
const LI = `margin:0 0 8px;font-size:16px;line-height:1.5;color:${INK}`;

/** The shares as one bar of four coloured cells (decorative: the paragraph under it says the same). */
function shareBar(shares: Record<Verdict, number>): string {
  const cells = VERDICTS.filter((v) => shares[v] > 0)
    .map(
      (v) =>
        `<td width="${shares[v]}%" style="width:${shares[v]}%;height:12px;background:${VERDICT_COLOURS[v]};font-size:0;line-height:0">&nbsp;</td>`,
    )
    .join('');
  return `<table role="presentation" aria-hidden="true" width="100%" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 10px;border-radius:6px;overflow:hidden"><tr>${cells}</tr></table>`;
}

function sectionHtml(section: Section): string {
  const parts = [`<h2 style="${H2}">${escapeHtml(section.title)}</h2>`];
  if (section.shares) parts.push(shareBar(section.shares));
  section.paragraphs.forEach((paragraph, i) => {
    // The week's verdict (the first line of the first section) stands out.
    const strong = section.shares && i === 0;
    parts.push(
      `<p style="${P}${strong ? ';font-weight:700' : i > 0 && section.shares ? `;color:${MUTED};font-size:15px` : ''}">${escapeHtml(paragraph)}</p>`,
    );
  });
  if (section.items) {
    const tag = section.ordered ? 'ol' : 'ul';
    parts.push(
      `<${tag} style="margin:0 0 12px;padding:0 0 0 24px">${section.items
        .map((item) => `<li style="${LI}">${escapeHtml(item)}</li>`)
        .join('')}</${tag}>`,
    );
  }
  return parts.join('\n');
}

function letterHtml(
  facts: LetterFacts,
  subject: string,
  heading: string,
  intro: string,
  parts: Section[],
): string {
  const m = messages.letter;
  const service = escapeHtml(facts.serviceName);
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:${MUTED};text-decoration:underline">${escapeHtml(text)}</a>`;
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${CANVAS};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(subject)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;background:${CANVAS}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:12px">
<tr><td style="padding:28px 24px 8px;font-family:${FONT};color:${INK}">
<p style="margin:0 0 16px;font-size:14px;line-height:1.4;font-weight:600;color:${ACCENT}">${service} · ${escapeHtml(m.label)}</p>
<h1 style="margin:0 0 20px;font-size:24px;line-height:1.25;font-weight:700;color:${INK}">${escapeHtml(heading)}</h1>
<p style="${P}">${escapeHtml(m.greeting)}</p>
<p style="${P}">${escapeHtml(intro)}</p>
${parts.map(sectionHtml).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:28px 0 8px"><tr><td style="border-radius:8px;background:${ACCENT}">
<a href="${escapeHtml(facts.dashboardUrl)}" style="display:inline-block;padding:12px 20px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(m.openDashboard)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid ${LINE};font-family:${FONT}">
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${MUTED}">${escapeHtml(m.why(facts.serviceName))}</p>
<p style="margin:0;font-size:14px;line-height:1.5;color:${MUTED}">${link(facts.settingsUrl, m.manage)} · ${link(facts.unsubscribeUrl, m.unsubscribe)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
