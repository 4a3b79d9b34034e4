/**
 * What the labels content script and the background say to each other (decision 159). The content script finds
 * the result and headline links of a page and asks for their labels; the background labels them on the device and
 * answers. Nothing of the links leaves the browser.
 */
import type { Verdict } from '@mediadiet/contract/analysis';

/** One link to label: where it goes, its visible headline and the snippet under it (may be empty). */
export interface LinkToLabel {
  url: string;
  headline: string;
  snippet: string;
}

/** A link's label. */
export interface LinkLabel {
  verdict: Verdict;
  /** The strongest category's display name ("Fear"), or null when nothing is strongly felt. */
  category: string | null;
  /** Where the verdict comes from: the analyzer on the headline, the person's own reading of the URL, or the site. */
  source: 'headline' | 'visited' | 'site';
  /** The label's accessible name and tooltip; starts with the verdict ("Likely draining: fear"). */
  text: string;
  /** Whether the result is to be folded away ("Hide draining results"). */
  hide: boolean;
}

/** The content script's batch: the page it is on (for the site's switch) and its links, at most LABEL_BATCH_MAX. */
export interface LabelRequest {
  pageUrl: string;
  links: LinkToLabel[];
}

/**
 * One label per link, in order (null: no label for that link: its verdict is switched off, or it has no text to
 * label); `off`: none here; `error`: the request was refused (not from the labels script, or malformed), in words.
 */
export type LabelReply = { labels: (LinkLabel | null)[] } | { off: true } | { error: string };

/** The most links one request carries. */
export const LABEL_BATCH_MAX = 100;

/** Labels shown and labelled links opened on a page since the last report, by verdict. Counts only. */
export interface LabelEvents {
  shown: Partial<Record<Verdict, number>>;
  opened: Partial<Record<Verdict, number>>;
}
