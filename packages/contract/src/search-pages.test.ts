import { describe, expect, it } from 'vitest';
import { cleanCaptureUrl } from './capture';
import { isSearchPage, searchPageKind, type SearchPageKind } from './search-pages';

describe('searchPageKind: the search engines’ results pages', () => {
  it.each<[string, SearchPageKind]>([
    ['https://www.google.com/search?q=divorce+lawyer+near+me&oq=divorce&sourceid=chrome&ie=UTF-8', 'google'],
    ['https://www.google.com/search?q=news&tbm=nws', 'google'],
    ['https://www.google.com/search?q=cats&udm=2', 'google'],
    ['https://www.google.de/search?q=nachrichten', 'google'],
    ['https://www.google.co.uk/search?q=weather', 'google'],
    ['https://www.google.com.au/search?q=weather', 'google'],
    ['https://www.google.co.jp/search?q=tenki', 'google'],
    ['https://google.fr/search?q=m%C3%A9t%C3%A9o', 'google'],
    ['https://WWW.GOOGLE.COM./search?q=x', 'google'],
    ['https://www.bing.com/search?q=news&form=QBLH', 'bing'],
    ['https://www.bing.com/news/search?q=election', 'bing'],
    ['https://www.bing.com/images/search?q=puppies', 'bing'],
    ['https://cn.bing.com/search?q=x', 'bing'],
    ['https://duckduckgo.com/?q=news&t=h_&ia=web', 'duckduckgo'],
    ['https://duckduckgo.com/?t=h_&q=news&ia=news&iar=news', 'duckduckgo'],
    ['https://html.duckduckgo.com/html/?q=news', 'duckduckgo'],
    ['https://html.duckduckgo.com/html/', 'duckduckgo'],
    ['https://lite.duckduckgo.com/lite/?q=news', 'duckduckgo'],
    ['https://duckduckgo.com/html?q=news', 'duckduckgo'],
    ['https://search.yahoo.com/search?p=news&fr=yfp-t', 'yahoo'],
    ['https://search.yahoo.com/search;_ylt=AwrFQ4x;_ylc=X1MDMjc?p=news&fr2=sb-top', 'yahoo'],
    ['https://uk.search.yahoo.com/search?p=weather', 'yahoo'],
    ['https://news.search.yahoo.com/search?p=election', 'yahoo'],
    ['https://images.search.yahoo.com/search/images?p=cats', 'yahoo'],
    ['https://search.yahoo.co.jp/search?p=tenki', 'yahoo'],
    ['https://search.yahoo.co.jp/image/search?p=neko', 'yahoo'],
    ['https://www.ecosia.org/search?method=index&q=news', 'ecosia'],
    ['https://www.ecosia.org/news?q=election', 'ecosia'],
    ['https://www.startpage.com/sp/search', 'startpage'],
    ['https://www.startpage.com/sp/search?query=news&cat=web', 'startpage'],
    ['https://www.startpage.com/do/dsearch?query=news', 'startpage'],
    ['https://www.startpage.com/do/search?q=news', 'startpage'],
    ['https://search.brave.com/search?q=news&source=web', 'brave'],
    ['https://search.brave.com/news?q=election', 'brave'],
    ['https://www.qwant.com/?q=news&t=web', 'qwant'],
    ['https://www.qwant.com/?l=fr&q=actualit%C3%A9s&t=news', 'qwant'],
    ['https://lite.qwant.com/?q=news', 'qwant'],
    ['https://yandex.ru/search/?text=%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8&lr=213', 'yandex'],
    ['https://yandex.com/search/?text=news', 'yandex'],
    ['https://yandex.com.tr/search/?text=haber', 'yandex'],
    ['https://ya.ru/search/?text=news', 'yandex'],
    ['https://yandex.ru/images/search?text=cats', 'yandex'],
    ['https://yandex.ru/search/touch/?text=news', 'yandex'],
    ['https://www.baidu.com/s?wd=%E6%96%B0%E9%97%BB', 'baidu'],
    ['https://www.baidu.com/s?ie=utf-8&f=8&wd=news', 'baidu'],
    ['https://m.baidu.com/s?word=news', 'baidu'],
    ['https://kagi.com/search?q=news', 'kagi'],
    ['https://kagi.com/html/search?q=news', 'kagi'],
    ['https://kagi.com/news?q=election', 'kagi'],
  ])('%s → %s', (url, kind) => {
    expect(searchPageKind(url)).toBe(kind);
  });

  it('recognises an engine’s results page by its address as kept (without the query), so the server can too', () => {
    for (const url of [
      'https://www.google.com/search?q=divorce+lawyer',
      'https://www.bing.com/search?q=x',
      'https://duckduckgo.com/?q=x&ia=web',
      'https://search.yahoo.com/search;_ylt=AwrFQ?p=x',
      'https://www.ecosia.org/search?q=x',
      'https://www.startpage.com/sp/search?query=x',
      'https://search.brave.com/search?q=x',
      'https://www.qwant.com/?q=x',
      'https://yandex.ru/search/?text=x',
      'https://www.baidu.com/s?wd=x',
      'https://kagi.com/search?q=x',
    ]) {
      expect(isSearchPage(cleanCaptureUrl(url)), cleanCaptureUrl(url)).toBe(true);
    }
  });
});

describe('searchPageKind: a site’s own search results', () => {
  it.each([
    'https://www.bbc.co.uk/search?q=election&d=NEWS_PS',
    'https://www.nytimes.com/search?query=climate&sort=best',
    'https://github.com/search?q=readability&type=repositories',
    'https://x.com/search?q=%23news&src=typed_query',
    'https://www.reddit.com/search/?q=news',
    'https://news.google.com/search?q=climate&hl=en-GB&gl=GB&ceid=GB%3Aen',
    'https://www.theguardian.com/uk/search?q=housing',
    'https://stackoverflow.com/search?q=vitest',
    'https://forum.example.org/search.php?keywords=firmware',
    'https://shop.example.com/en/Search.aspx?term=kettle',
    'https://en.wikipedia.org/wiki/Special:Search?search=media+diet&fulltext=1',
    'https://blog.example.com/search/?s=gardening',
  ])('%s', (url) => {
    expect(searchPageKind(url)).toBe('site');
  });
});

describe('searchPageKind: what is not a search page', () => {
  it.each([
    // The engines' other pages.
    'https://www.google.com/',
    'https://www.google.com/maps/search/pizza/@51.5,-0.1,14z',
    'https://www.google.com/maps/search/?api=1&query=pizza',
    'https://www.google.com/maps/place/Big+Ben',
    'https://www.google.com/search/howsearchworks/our-approach/',
    'https://www.google.com/url?q=https://news.example.com/a&sa=U',
    'https://www.google.com/webhp?hl=en',
    'https://news.google.com/articles/CBMiSGh0dHBzOi8vd3d3LmJiYy5jby51ay9uZXdz?hl=en-GB',
    'https://news.google.com/read/CBMiSGh0dHBz?hl=en-GB&gl=GB',
    'https://news.google.com/home?hl=en-GB',
    'https://mail.google.com/mail/u/0/#search/invoice',
    'https://support.google.com/websearch/answer/134479?hl=en',
    'https://blog.google/products/search/ai-mode-update/',
    'https://www.bing.com/',
    'https://www.bing.com/news?q=World+news',
    'https://www.bing.com/ck/a?!&&p=abc&u=a1aHR0cHM6Ly9uZXdzLmV4YW1wbGUuY29tL2E',
    'https://duckduckgo.com/about',
    'https://duckduckgo.com/l/?uddg=https%3A%2F%2Fnews.example.com%2Fa',
    'https://spreadprivacy.com/search-leakage/',
    'https://www.yahoo.com/',
    'https://news.yahoo.com/search-and-rescue-teams-reach-village-101500123.html',
    'https://finance.yahoo.com/quote/AAPL/',
    'https://blog.ecosia.org/search-engine-trees/',
    'https://www.ecosia.org/',
    'https://www.ecosia.org/news',
    'https://www.startpage.com/en/privacy-policy/',
    'https://brave.com/search/',
    'https://search.brave.com/',
    'https://search.brave.com/news',
    'https://www.qwant.com/maps/',
    'https://about.qwant.com/en/',
    'https://yandex.ru/maps/213/moscow/',
    'https://yandex.ru/video/preview/123456',
    'https://dzen.ru/news/story/abc',
    'https://baike.baidu.com/item/%E6%96%B0%E9%97%BB',
    'https://www.baidu.com/',
    'https://blog.kagi.com/search-without-ads',
    'https://help.kagi.com/kagi/search-details/search-sources.html',
    'https://kagi.com/',
    // Not a search engine, not a site's search with the search in it.
    'https://www.bbc.co.uk/search',
    'https://news.example.com/search',
    'https://news.example.com/search?q=',
    'https://news.example.com/search?page=2',
    'https://news.example.com/search/about',
    'https://news.example.com/2026/11/the-search-for-the-missing-climbers',
    'https://news.example.com/world/search?utm_source=newsletter',
    'https://news.example.com/?s=climate',
    'https://www.google.com.evil.example/search',
    'https://notgoogle.com/search',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://en.wikipedia.org/wiki/Web_search_engine',
  ])('%s is not a search page', (url) => {
    expect(searchPageKind(url)).toBeNull();
  });

  it('is null for addresses that are not http(s) pages', () => {
    expect(searchPageKind('not a url')).toBeNull();
    expect(searchPageKind('ftp://www.google.com/search?q=x')).toBeNull();
    expect(searchPageKind(new URL('chrome://history/?q=divorce'))).toBeNull();
  });
});
