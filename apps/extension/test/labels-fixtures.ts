/**
 * Result and front pages of the sites the labels content script reads, modelled on their real markup (class
 * names, nesting, click-through wrappers, ads) and trimmed to what matters. Each builder returns the page's
 * address and its body; `results(n)` makes n distinct results.
 */

export interface Result {
  url: string;
  title: string;
  snippet: string;
}

const BASE: Result[] = [
  {
    url: 'https://www.bbc.com/news/world-massacre-village',
    title: 'Dozens killed in massacre at village market, officials say',
    snippet: 'Gunmen opened fire on a crowded market on Sunday, killing at least 40 people and wounding many more.',
  },
  {
    url: 'https://www.thedodo.com/rescued-puppy-storm-drain',
    title: 'Firefighters rescue puppy trapped in storm drain',
    snippet: 'The little dog was found safe and well after a four-hour rescue, and has already been adopted by one of the crew.',
  },
  {
    url: 'https://shop.example.com/kettles/steel-1-7l',
    title: 'Stainless steel electric kettle, 1.7 litre, 3000 W',
    snippet: 'Boil-dry protection, removable limescale filter, 360° base. Free delivery on orders over £20.',
  },
  {
    url: 'https://en.wikipedia.org/wiki/Rain',
    title: 'Rain - Wikipedia',
    snippet: 'Rain is water droplets that have condensed from atmospheric water vapor and then fall under gravity.',
  },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** n distinct results: the four above first, then numbered variations of them. */
export function results(n = BASE.length): Result[] {
  return Array.from({ length: n }, (_, i) => {
    const r = BASE[i % BASE.length]!;
    if (i < BASE.length) return r;
    const k = Math.floor(i / BASE.length);
    return { url: `${r.url}-${k}`, title: `${r.title} (${k})`, snippet: r.snippet };
  });
}

export interface Fixture {
  url: string;
  head?: string;
  body: string;
}

// ---------------------------------------------------------------------------------------------------------------

function googleResult(r: Result, i: number, href = r.url): string {
  const host = new URL(r.url).host;
  return `<div class="MjjYud"><div jscontroller="SC7lYd" class="g Ww4FFb vt6azd tF2Cxc asEBEc" lang="en" data-hveid="CA${i}QAA" data-ved="2ahUKEw${i}">
<div class="N54PNb BToiNc cvP2Ce" data-snc="ih6Jnb_Hb2kPb"><div class="kb0PBd cvP2Ce jGGQ5e" data-snf="x5WNvb" data-snhf="0">
<div class="yuRUbf"><div><span jscontroller="msmzHf" jsaction="rcuQ6b:npT2md;PYDNKe:bLV6Bd;mLt3mc"><a jsname="UWckNb" href="${esc(href)}" data-ved="2ahUKEw${i}QFnoE" ping="/url?sa=t&amp;source=web&amp;rct=j"><br><h3 class="LC20lb MBeuO DKV0Md">${esc(r.title)}</h3>
<div class="notranslate HGLrXd NJjxre iUh30 ojE3Fb"><div class="q0vns"><span class="H9lube"><div class="eqA2re NjwKYd Vwoesf" aria-hidden="true"><img class="XNo5Ab" src="data:image/png;base64,iVBORw0KGgo=" alt=""></div></span>
<div><span class="VuuXrf">${esc(host)}</span><div class="byrV5b"><cite class="qLRx3b tjvcx GvPZzd cHaqb" role="text">https://${esc(host)}<span class="ylgVCe ob9lvb" role="text"> › news</span></cite></div></div></div></div></a></span></div></div>
<div class="B6fmyf byrV5b Mg1HEd"><div class="TbwUpd iUh30 ojE3Fb"><span class="H9lube"></span></div><div class="csDOgf BCF2pd ezY6nb L48a4c"><div jscontroller="exgaYe" data-isdesktop="true" role="button" tabindex="0" aria-label="About this result"><span class="D6lY4c"></span></div></div></div></div>
<div class="kb0PBd cvP2Ce" data-sncf="1" data-snf="nke7rc"><div class="VwiC3b yXK7lf p4wth r025kc hJNv6b Hdw6tb" style="-webkit-line-clamp:2"><span class="YrbPuc"><span>2 days ago</span> — </span><span>${esc(r.snippet)}</span></div></div>
</div></div></div>`;
}

/** Google Search: an ad above, results in #rso (one through Google's /url wrapper, one inline sponsored), "People also ask". */
export function googlePage(list: Result[] = results()): Fixture {
  const body = list.map((r, i) => (i === 3 ? googleResult(r, i, `/url?q=${encodeURIComponent(r.url)}&sa=U&ved=2ahUKE`) : googleResult(r, i))).join('\n');
  return {
    url: 'https://www.google.com/search?q=news&hl=en',
    body: `<div id="searchform"><form action="/search" role="search"><textarea name="q" aria-label="Search">news</textarea></form></div>
<div id="appbar"><div id="hdtb-sc"><a href="/search?q=news&amp;tbm=isch">Images</a><a href="/search?q=news&amp;tbm=nws">News</a></div></div>
<div id="center_col"><div id="taw"><div id="tvcap"><div id="tads" aria-label="Ads"><div class="uEierd"><div class="v5yQqb"><a class="sVXRqc" href="https://www.googleadservices.com/pagead/aclk?sa=L&amp;ai=DChc"><h3 class="LC20lb">Cheap flights to anywhere - book today and save</h3></a><div class="MUxGbd">Sponsored</div></div></div></div></div></div>
<div id="res" role="main"><div id="search"><div data-hveid="CAEQAA"><h1 class="Uo8X3b OhScic zsYMMe">Search Results</h1><div id="rso" data-async-context="query:news">
${body}
<div class="MjjYud"><div data-text-ad="1" class="uEierd"><a href="https://www.googleadservices.com/pagead/aclk?sa=L&amp;ai=X"><h3>Sponsored: the best kettles of the year, compared</h3></a><div class="VwiC3b">Shop now.</div></div></div>
<div class="MjjYud"><div class="related-question-pair" data-q="What is the news today?"><div role="button" aria-expanded="false"><span>What is the news today?</span></div></div></div>
</div></div></div></div></div>
<div id="botstuff"><div id="bres"><a href="/search?q=news+today">news today</a></div><table class="AaVjTc"><tr><td><a href="/search?q=news&amp;start=10" aria-label="Page 2">2</a></td></tr></table></div>`,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** Bing wraps result links in /ck/a with the target as `u=a1` + base64url. */
export const bingWrap = (url: string) =>
  `https://www.bing.com/ck/a?!&&p=5a1b2c&ptn=3&ver=2&hsh=4&fclid=1f&u=a1${Buffer.from(url).toString('base64url')}&ntb=1`;

export function bingPage(list: Result[] = results()): Fixture {
  const items = list
    .map(
      (r, i) => `<li class="b_algo" data-tag="" data-partnertag="" data-id="" data-bm="${6 + i}"><div class="b_tpcn"><a class="tilk" aria-label="${esc(new URL(r.url).host)}" href="${esc(r.url)}" h="ID=SERP,5112.1"><div class="tpic"><div class="wr_fav"><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></div></div><div class="tptxt"><div class="tptt">${esc(new URL(r.url).host)}</div><div class="b_attribution" tabindex="0"><cite>${esc(r.url)}</cite></div></div></a></div>
<h2><a target="_blank" href="${esc(i === 0 ? bingWrap(r.url) : r.url)}" h="ID=SERP,5112.2">${esc(r.title)}</a></h2>
<div class="b_caption" role="contentinfo"><p class="b_lineclamp2 b_algoSlug"><span class="algoSlug_icon" data-priority="2">Web</span>${esc(r.snippet)}</p></div></li>`,
    )
    .join('\n');
  return {
    url: 'https://www.bing.com/search?q=news&form=QBLH',
    body: `<header id="b_header" role="banner"><form action="/search" id="sb_form"><input id="sb_form_q" name="q" value="news"></form><nav aria-label="Search Filter"><ul><li><a href="/images/search?q=news">Images</a></li></ul></nav></header>
<main aria-label="Search Results"><div id="b_content"><ol id="b_results" class="">
<li class="b_ad b_adTop"><ul><li><div class="sb_add sb_adTA"><h2><a href="https://www.bing.com/aclk?ld=e8&amp;u=aHR0cHM">Cheap flights to anywhere - book today and save</a></h2><div class="b_caption"><div class="b_attribution"><cite>flights.example</cite><span class="b_adSlug b_opttxt b_divdef">Ad</span></div><p>Compare 1000 airlines.</p></div></div></li></ul></li>
${items}
<li class="b_pag"><nav role="navigation" aria-label="More results"><ul class="sb_pagF"><li><a class="sb_pagS" aria-label="Page 1">1</a></li><li><a href="/search?q=news&amp;first=11" aria-label="Page 2">2</a></li></ul></nav></li>
</ol></div></main>`,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** duckduckgo.com (the script page): results are articles in a list, an ad first. */
export function duckduckgoPage(list: Result[] = results()): Fixture {
  const items = list
    .map(
      (r, i) => `<li data-layout="organic" class="wLL07_0Xnd1QZpzpfR4W"><article id="r1-${i}" data-testid="result" data-nrn="result" class="yQDlj3B5DI5YO8c8Ulio CpkrTDP54mqzpuCSn1Fa"><div class="OHr0VX9IuNcv6iakvT6A"><div class="mwuQiMOjmFJ5vmN6Vcqw"><span class="DpVR46dTZaePK29PDkz8"><a href="${esc(r.url)}" rel="noopener" tabindex="-1" class="Rn_JXVtoPVAFyGkcaXyK">${esc(new URL(r.url).host)}</a></span></div></div>
<div class="ikg2IXiCD14iVX7AdZo1"><h2 class="LnpumSThxEWMIsDdAT17 CXMyPcQ6nDv47DKFeywM"><a href="${esc(r.url)}" rel="noopener" target="_self" data-testid="result-title-a" data-handled-by-react="true" class="eVNpHGjtxRBq_gLOfGDr LQNqh2U1kzYxREs65IJu"><span class="EKtkFWMYpwzMKOYr0GYm LQVY1Jpkk8nyJ6HBWKAk">${esc(r.title)}</span></a></h2></div>
<div class="E2eLOJr8HctVnDOTM8fs"><div data-result="snippet" class="OgdwYG6KE2qthn9XQWFC"><div><span class="kY2IgmnCmOGjharHErah">${esc(r.snippet)}</span></div></div></div></article></li>`,
    )
    .join('\n');
  return {
    url: 'https://duckduckgo.com/?q=news&t=h_&ia=web',
    body: `<div id="react-layout"><div class="results--main"><section data-testid="mainline" data-area="mainline"><ol class="react-results--main">
<li data-layout="ad"><article data-testid="ad" class="yQDlj3B5DI5YO8c8Ulio"><h2><a href="https://duckduckgo.com/y.js?ad_domain=flights.example" data-testid="result-title-a">Cheap flights to anywhere - book today and save</a></h2><div data-result="snippet">Compare 1000 airlines.</div></article></li>
${items}
<li><div class="more-results"><button id="more-results" type="button">More results</button></div></li>
</ol></section></div></div>`,
  };
}

/** html.duckduckgo.com/html/ (no script): `.result` blocks with `.result__a` through DuckDuckGo's /l/ redirect. */
export function duckduckgoHtmlPage(list: Result[] = results()): Fixture {
  const l = (url: string) => `//duckduckgo.com/l/?uddg=${encodeURIComponent(url)}&amp;rut=8a7b6c`;
  const items = list
    .map(
      (r) => `<div class="result results_links results_links_deep web-result "><div class="links_main links_deep result__body">
<h2 class="result__title"><a rel="nofollow" class="result__a" href="${l(r.url)}">${esc(r.title)}</a></h2>
<div class="result__extras"><div class="result__extras__url"><span class="result__icon"><a rel="nofollow" href="${l(r.url)}"><img class="result__icon__img" width="16" height="16" alt="" src="//external-content.duckduckgo.com/ip3/x.ico" name="i15"></a></span><a class="result__url" href="${l(r.url)}">${esc(new URL(r.url).host)}</a></div></div>
<a class="result__snippet" href="${l(r.url)}">${esc(r.snippet)}</a><div class="clear"></div></div></div>`,
    )
    .join('\n');
  return {
    url: 'https://html.duckduckgo.com/html/?q=news',
    body: `<div id="header"><form id="search_form" action="/html/" method="post"><input type="text" name="q" value="news"></form></div>
<div id="links" class="results">
<div class="result results_links results_links_deep result--ad result--ad--small"><div class="links_main links_deep result__body"><h2 class="result__title"><a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=flights.example">Cheap flights to anywhere - book today and save</a><a class="badge--ad">Ad</a></h2><a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=flights.example">Compare 1000 airlines.</a></div></div>
${items}
<div class="nav-link"><form action="/html/" method="post"><input type="submit" class="btn btn--alt" value="Next"></form></div></div>`,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** news.google.com: articles with an empty link over the card, the source, the headline link and the time. */
export function googleNewsPage(list: Result[] = results()): Fixture {
  const article = (r: Result, i: number) =>
    `<article class="IFHyqb DeXSAc" jscontroller="HyhIue" jsaction="click:KjsqPd" jslog="85008"><div class="XlKvRb"><a class="WwrzSb" tabindex="-1" href="./read/CBMi${i}AAA?hl=en-US&amp;gl=US&amp;ceid=US%3Aen" aria-label="${esc(r.title)}"></a></div>
<figure class="K0q4G P22Vib"><img class="Quavad vwBmvb" src="/api/attachments/CC8iK${i}" alt=""></figure>
<div class="m5k28"><div class="B6pJDd"><div class="oovtQ"><img class="qEdqNd y3G2Ed" src="/api/attachments/src${i}" alt=""><div class="vr1PYe">${esc(new URL(r.url).host)}</div></div></div></div>
<div class="IL9Cne"><a class="JtKRv" tabindex="0" href="./read/CBMi${i}AAA?hl=en-US&amp;gl=US&amp;ceid=US%3Aen">${esc(r.title)}</a></div>
<div class="UOVeFe"><time class="hvbAAd" datetime="2026-11-28T10:00:00Z">2 hours ago</time><div class="Q3fvrf"><button aria-label="More - ${esc(r.title)}" class="VfPpkd-Bz112c-LgbsSe"></button></div></div></article>`;
  return {
    url: 'https://news.google.com/home?hl=en-US&gl=US&ceid=US:en',
    body: `<header class="gb_Ea" role="banner"><a href="./home?hl=en-US" aria-label="Google News">Google News</a><nav><a href="./topics/CAAqJggKIiBDQkFTRWdvSUwyMHZNRGx1YlY4U0FtVnVHZ0pWVXlnQVAB">World news from around the globe</a></nav></header>
<main class="HKt8rc"><c-wiz class="D9SJMe"><div class="Ccj79 kUVvS">${list.map(article).join('\n')}</div></c-wiz></main>`,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** Hacker News: three table rows per story (title, subtext, spacer), a header with its own links. */
export function hackerNewsPage(list: Result[] = results()): Fixture {
  const rows = list
    .map((r, i) => {
      const id = 42000000 + i;
      const host = new URL(r.url).host.replace(/^www\./, '');
      return `<tr class="athing submission" id="${id}"><td align="right" valign="top" class="title"><span class="rank">${i + 1}.</span></td><td valign="top" class="votelinks"><center><a id="up_${id}" href="vote?id=${id}&amp;how=up&amp;goto=news"><div class="votearrow" title="upvote"></div></a></center></td><td class="title"><span class="titleline"><a href="${esc(r.url)}">${esc(r.title)}</a><span class="sitebit comhead"> (<a href="from?site=${host}"><span class="sitestr">${host}</span></a>)</span></span></td></tr>
<tr><td colspan="2"></td><td class="subtext"><span class="subline"><span class="score" id="score_${id}">${100 + i} points</span> by <a href="user?id=someone" class="hnuser">someone</a> <span class="age" title="2026-11-28T10:00:00"><a href="item?id=${id}">3 hours ago</a></span> <span id="unv_${id}"></span> | <a href="hide?id=${id}&amp;goto=news">hide</a> | <a href="item?id=${id}">${i}&nbsp;comments</a></span></td></tr>
<tr class="spacer" style="height:5px"></tr>`;
    })
    .join('\n');
  return {
    url: 'https://news.ycombinator.com/',
    head: '<style>body { background: #fff } #hnmain { background-color: #f6f6ef }</style>',
    body: `<center><table id="hnmain" border="0" cellpadding="0" cellspacing="0" width="85%"><tr><td bgcolor="#ff6600"><table border="0" cellpadding="0" cellspacing="0" width="100%" style="padding:2px"><tr><td style="line-height:12pt; height:10px;"><span class="pagetop"><b class="hnname"><a href="news">Hacker News</a></b> <a href="newest">new</a> | <a href="front">past</a> | <a href="newcomments">comments</a> | <a href="ask">ask</a></span></td></tr></table></td></tr>
<tr id="pagespace" title="" style="height:10px"></tr><tr><td><table border="0" cellpadding="0" cellspacing="0" class="itemlist">
${rows}
<tr class="morespace" style="height:10px"></tr><tr><td colspan="2"></td><td class="title"><a href="?p=2" class="morelink" rel="next">More</a></td></tr>
</table></td></tr></table></center>`,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** New Reddit: `shreddit-post` elements in the feed, each in an article, one promoted post between them. */
export function redditPage(list: Result[] = results()): Fixture {
  const post = (r: Result, i: number) => {
    const permalink = `/r/news/comments/a${i}bc/${r.title.toLowerCase().replace(/[^a-z]+/g, '_').slice(0, 40)}/`;
    return `<article class="w-full m-0" aria-label="${esc(r.title)}"><shreddit-post id="t3_a${i}bc" permalink="${permalink}" content-href="${esc(r.url)}" post-title="${esc(r.title)}" post-type="link" subreddit-prefixed-name="r/news" comment-count="${i}" score="${100 + i}" view-context="AggregateFeed" feedindex="${i}">
<a slot="full-post-link" class="absolute inset-0" href="${permalink}"><faceplate-screen-reader-content>${esc(r.title)}</faceplate-screen-reader-content></a>
<span slot="credit-bar"><a href="/r/news/" class="flex items-center">r/news</a></span>
<a id="post-title-t3_a${i}bc" slot="title" href="${permalink}" class="block font-semibold text-neutral-content-strong m-0 visited:text-neutral-content-weak text-16 xs:text-18 mb-2xs xs:mb-xs">${esc(r.title)}</a>
<div slot="text-body"><div class="md feed-card-text-preview text-ellipsis line-clamp-3 text-14"><p>${esc(r.snippet)}</p></div></div>
</shreddit-post></article><hr class="border-0 border-b-sm border-solid border-b-neutral-border-weak">`;
  };
  const ad = `<shreddit-ad-post promoted="" class="block relative" post-title="Cheap flights to anywhere - book today and save"><a slot="title" href="https://alb.reddit.com/cr?z=flights">Cheap flights to anywhere - book today and save</a></shreddit-ad-post><hr>`;
  return {
    url: 'https://www.reddit.com/r/news/',
    body: `<reddit-header-large><header class="v2"><nav aria-label="Primary"><a href="/" aria-label="Home">Reddit</a></nav></header></reddit-header-large>
<shreddit-app><div class="main-container"><main class="main w-full"><shreddit-feed>
${list.slice(0, 1).map(post).join('\n')}
${ad}
${list.slice(1).map((r, i) => post(r, i + 1)).join('\n')}
</shreddit-feed></main></div></shreddit-app>`,
  };
}

/** old.reddit.com: `.thing.link` rows in #siteTable, a promoted link first. */
export function oldRedditPage(list: Result[] = results()): Fixture {
  const thing = (r: Result, i: number) => `<div class=" thing id-t3_o${i} odd link " id="thing_t3_o${i}" data-fullname="t3_o${i}" data-url="${esc(r.url)}" data-domain="${esc(new URL(r.url).host)}" data-rank="${i + 1}" data-promoted="false" data-nsfw="false"><p class="parent"></p><span class="rank">${i + 1}</span><div class="midcol unvoted"><div class="arrow up login-required" role="button" aria-label="upvote" tabindex="0"></div><div class="score unvoted">${100 + i}</div></div>
<a class="thumbnail invisible-when-pinned may-blank outbound" href="${esc(r.url)}"><img src="//b.thumbs.redditmedia.com/x.jpg" width="70" height="52" alt=""></a>
<div class="entry unvoted"><div class="top-matter"><p class="title"><a class="title may-blank outbound" data-event-action="title" href="${esc(r.url)}" tabindex="1" rel="">${esc(r.title)}</a> <span class="domain">(<a href="/domain/${esc(new URL(r.url).host)}/">${esc(new URL(r.url).host)}</a>)</span></p>
<p class="tagline">submitted 3 hours ago by <a href="https://old.reddit.com/user/someone" class="author may-blank">someone</a></p><ul class="flat-list buttons"><li class="first"><a href="https://old.reddit.com/r/news/comments/o${i}/x/" class="bylink comments may-blank">${i} comments</a></li></ul></div></div><div class="child"></div><div class="clearleft"></div></div><div class="clearleft"></div>`;
  return {
    url: 'https://old.reddit.com/r/news/',
    body: `<div id="header" role="banner"><a href="/" id="header-img" class="default-header">reddit.com</a><div id="header-bottom-left"><ul class="tabmenu"><li class="selected"><a href="https://old.reddit.com/r/news/">hot</a></li></ul></div></div>
<div class="content" role="main"><div class="sitetable linklisting" id="siteTable">
<div class=" thing id-t3_promo promotedlink promoted link " data-fullname="t3_promo" data-promoted="true"><div class="entry"><p class="title"><a class="title may-blank" href="https://alb.reddit.com/c?flights">Cheap flights to anywhere - book today and save</a></p></div></div><div class="clearleft"></div>
${list.map(thing).join('\n')}
<div class="nav-buttons"><span class="nextprev">view more: <span class="next-button"><a href="https://old.reddit.com/r/news/?count=25&amp;after=t3_x" rel="nofollow next">next ›</a></span></span></div></div></div>`,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** A news site's front page (any other site): banner header and nav, stories, a teaser card, a sidebar, a footer. */
export function newsFrontPage(): Fixture {
  return {
    url: 'https://gazette.example/',
    body: `<header class="site-header"><a href="/" class="logo">The Daily Gazette</a>
<h1 class="masthead"><a href="/about/the-gazette">The Daily Gazette of Everything and Elsewhere</a></h1>
<nav class="menu"><ul><li><a href="/world">World news and more from everywhere</a></li><li><h3><a href="/politics">Politics news and analysis from here</a></h3></li></ul></nav></header>
<main><section class="top-stories">
<article class="story lead"><header><h2 class="headline"><a href="/2026/11/28/flood-waters-recede">Flood waters recede as the town begins a long clean-up</a></h2></header><p class="dek">Residents returned to their homes on Saturday to find mud, ruined furniture and a lot of work ahead.</p><footer><span class="byline">By A. Writer</span></footer></article>
<article class="teaser"><a href="/2026/11/28/puppy-rescued"><img src="/img/puppy.jpg" alt=""><span class="title">Firefighters rescue a puppy trapped in a storm drain</span></a><p>The crew spent four hours freeing the dog.</p></article>
<div class="card"><h3><a href="https://sport.gazette.example/local-team-wins-cup">Local team wins the regional cup after extra time</a></h3></div>
<h2 class="section-title"><a href="/opinion">Opinion</a></h2>
<h3><a href="javascript:void(0)">Load more stories from the archive</a></h3>
<h3><a href="#comments">Jump to the comments below this piece</a></h3>
<h3><a href="https://gazette.example/">The front page of the Daily Gazette</a></h3>
</section></main>
<aside class="most-read"><h2>Most read</h2><ol><li><h3><a href="/2026/11/27/council-budget">Council approves the new budget after a long debate</a></h3></li></ol></aside>
<footer class="site-footer"><h3><a href="/about/company">About the Daily Gazette company and staff</a></h3></footer>
<div role="dialog" aria-label="Subscribe"><h2><a href="/subscribe">Subscribe now for only one dollar a week</a></h2></div>`,
  };
}
