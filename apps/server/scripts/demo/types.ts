/** One article of the demo seed's bundled reading (apps/server/scripts/demo). */
export interface DemoArticle {
  host: string;
  /** How the URL is shaped: news and opinion carry the visit's date, forums a thread number. */
  kind: 'news' | 'opinion' | 'blog' | 'recipe' | 'forum' | 'science';
  section: string;
  slug: string;
  title: string;
  /** 3–5 paragraphs of original prose (a few hundred words in all). */
  paragraphs: string[];
}
