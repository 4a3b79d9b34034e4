/**
 * Every user-visible string the spec quotes (spec §8 error catalogue, plus the headings, labels, confirms,
 * onboarding and empty-state texts of §2, §4 and §5), grouped by domain. Parameterised strings are
 * functions. Server errors come from here too, so client and server speak the same words.
 *
 * Keys under `http` and `routeError` are fixed: the web client's API layer codes against them.
 */
export const messages = {
  /** Client-side call failures (spec §7, §8). The server's `error`/`message` field is preferred when present. */
  http: {
    noData: 'No data received from server',
    network: 'Network error occurred',
    status: (code: number | string) => `Request failed with status ${code}`,
    unknown: 'An unknown error occurred',
    timeout: 'Request timeout after 10 seconds',
  },
  /** React Router's default error element text (spec §2). */
  routeError: 'Unexpected Application Error!',

  /** Loading failures (spec §8). */
  loading: {
    loading: 'Loading...',
    analysisHistory: 'Failed to load analysis history',
    analysisDetails: 'Failed to load analysis details',
    insights: 'Failed to load insights',
    insightsError: (error: string) => `Error loading insights: ${error}`,
    accountInfo: 'Failed to fetch account info',
    subscriptionDetails: 'Failed to load subscription details',
    subscriptionPlans: 'Failed to load subscription plans',
    subscriptionData: 'Failed to load subscription data',
    questionnaire: 'Failed to fetch questionnaire',
    questionnaireState: 'Failed to fetch questionnaire state',
    userConfiguration: 'Failed to load user configuration',
    defaultBlockedUrls: 'Failed to fetch default blocked URLs',
    paymentMethods: 'Failed to load payment methods',
    paymentInformation: 'Failed to load payment information',
    invoiceHistory: 'Failed to load invoice history',
    pricing: 'Failed to fetch pricing data',
    pricingPending: 'Loading pricing information...',
    fetchingData: 'Error fetching your data',
    notLoggedIn: 'User not logged in',
  },

  /** Sign-in and registration (spec §2, §5, §8). */
  auth: {
    continueWithGoogle: 'Continue with Google',
    continueWithEmail: 'Continue with Email',
    sendPin: 'Send PIN',
    resendPin: 'Resend PIN',
    verifyPin: 'Verify PIN',
    terms: 'Terms',
    privacy: 'Privacy',
    logout: 'Logout',
    nameRequired: 'Name is required for registration',
    emailRequired: 'Email is required for registration',
    enterEmail: 'Please enter your email',
    invalidEmail: 'Please enter a valid email address',
    pinFormat: 'PIN must be exactly 6 digits',
    registrationFailed: 'Registration failed',
    noResponse: 'No response from server',
    requestPinFailed: 'Failed to request PIN',
    duplicateEmail: 'This email is already registered. Please try logging in instead.',
    registrationFailedRetry: 'Registration failed. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again later.',
  },

  /** Success toasts (spec §8). */
  success: {
    registration: 'Registration successful! Please check your email for PIN.',
    pinSent: 'PIN sent! Check your email.',
    subscriptionReactivated: 'Subscription reactivated successfully!',
    subscriptionCancelled:
      'Subscription cancelled successfully. Your access will continue until the end of the current billing period.',
    defaultPaymentMethodUpdated: 'Default payment method updated successfully',
    paymentMethodDeleted: 'Payment method deleted successfully',
    paymentMethodAdded: 'Payment method added successfully',
    paymentMethodUpdated: 'Payment method updated successfully',
    subscriptionUpdated: 'Subscription updated successfully!',
    overageLimitUpdated: 'Overage limit updated successfully',
    extensionConnected: 'Extension connected successfully',
    extensionDisconnected: 'Extension disconnected successfully',
  },

  /** Header, navigation and dashboard (spec §2). */
  nav: {
    insights: 'Insights',
    settings: 'Settings',
    personality: 'Personality',
    loading: 'Loading...',
  },

  /** Extension status, wizard and connection (spec §2, §8). */
  extension: {
    ledConnected: 'Connected',
    ledSetupRequired: 'Setup Required',
    ledCreateSubscription: 'Create Subscription',
    manageProtectedSites: 'Manage Protected Sites',
    disconnect: 'Disconnect Extension',
    connectFailed: 'Failed to connect extension',
    verifyFailed: 'Failed to verify extension',
    verifyConnectionFailed: 'Failed to verify extension connection',
    establishFailed: 'Failed to establish connection. Please try again.',
    disconnectFailed: 'Failed to disconnect the extension. Please try again.',
    openUrlManagementFailed: 'Failed to open URL management',
    connectionLost:
      'Lost connection to the browser extension. Please reconnect it from the status indicator in the header.',
    installedNotConnected:
      'The browser extension is installed but not connected. Click the red indicator above to connect it.',
    notConnectedSetup: 'The browser extension is not set up yet. Click the red indicator above to set it up.',
    wizardNoSubscriptionTitle: 'Create a Subscription',
    wizardNoSubscriptionText: 'You must have a subscription to configure the browser extension',
    phaseInstall: 'Phase I: Install',
    phaseConnect: 'Phase II: Connect',
    connectNow: 'Connect Now',
    setupComplete: 'Setup Complete!',
    continueToDashboard: 'Continue to Dashboard',
    skipForNow: 'Skip for now',
    /** Server: an extension route called without a valid apiKey bearer. */
    invalidApiKey: 'Invalid or revoked extension key',
  },

  /** History view: onboarding, empty state, recent results, analysis detail (spec §2, §4). */
  history: {
    onboardingTitle: (steps: 1 | 2) =>
      `Almost there! ${steps === 1 ? 'One quick step' : 'Two quick steps'} before seeing your results`,
    stepWidget: 'Complete the widget setup',
    stepWidgetHint: 'Look for the red indicator above',
    stepSurvey: 'Quick survey',
    stepSurveyHint: 'Fill out or opt out',
    onboardingFooter: 'The analysis begins automatically once the steps are complete.',
    emptyTitle: "you're all set up",
    emptyText: 'Your data will populate here as you go about your routine.',
    touchpointsStat: 'Touchpoints (last 7 days)',
    tokensStat: 'Tokens Used (last 7 days)',
    patternStrength: 'Pattern Strength',
    strongPattern: 'Strong pattern detected. Good confidence in the analysis.',
    moderatePattern: 'Moderate pattern detected. Some trends are emerging.',
    weakPattern: 'Weak pattern detected. More data needed for confidence.',
    back: 'Back',
    score: 'Score',
    bayes: 'Bayes',
    probability: 'Probability',
    effectiveN: 'N',
    /** The detail's plain explanation of its figures, one sentence each (analyzer README, "Pattern strength"). */
    numbersHelpTitle: 'What do these numbers mean?',
    numbersHelpPatternStrength:
      'How closely the feelings this page stirs match the ones you tend to react to, and how strongly they come through: strong, moderate or weak.',
    numbersHelpBayesFactor:
      "How much the page's evidence favours a real pattern over chance: above 1 leans towards a pattern, below 1 towards chance, and the further from 1, the clearer.",
    numbersHelpProbability:
      'After weighing that evidence from even odds, how likely it is that the pattern is real, out of 100.',
  },

  /**
   * A page's verdict in words (analyzer 2.0.0, decision 125), shown above the spec's figures on the History
   * cards and the detail: the name, then what drives it ("Mostly draining — anger and fear").
   */
  verdict: {
    names: {
      uplifting: 'Uplifting',
      neutral: 'Neutral',
      mixed: 'Mixed',
      draining: 'Mostly draining',
    },
    nothingFelt: 'nothing strongly felt',
  },

  /** Insights screen (spec §2). */
  insights: {
    emptyTitle: 'No insights yet',
    emptyPeriod: 'No insights available for this period',
    exportPdf: 'Export PDF',
    trends: 'Trends',
    topDomains: 'Top Domains',
    totalScore: 'Total Score',
    /** Under the donut: what its centre figure means. */
    totalScoreHelp:
      'Total Score is the average of the 14 category scores: how strongly this period’s pages stirred feelings, not whether those feelings lift or drain you.',
    /** The donut's centre: the period's leaning, from the share of pages with each verdict. */
    leaning: {
      uplifting: 'Mostly uplifting',
      neutral: 'Mostly neutral',
      mixed: 'Mostly mixed',
      draining: 'Mostly draining',
    },
    leaningShare: (percent: number) => `${percent} % of pages`,
    legendTitle: 'Average score per category',
    legendPro: 'Pro: feelings that lift and steady you',
    legendMal: 'Mal: feelings that unsettle or drain you',
    /** The period's analysed pages (issue 29): one list, paged and filterable. */
    pagesTitle: 'Analysed pages',
    pagesLoadError: 'Failed to load the analysed pages',
    filterVerdict: 'Verdict',
    filterCategory: 'Category',
    filterSite: 'Site',
    allVerdicts: 'All verdicts',
    allCategories: 'All categories',
    allSites: 'All sites',
    clearFilters: 'Clear filters',
    noMatch: 'No pages of this period match these filters.',
    pagesRange: (from: string, to: string, total: string) => `${from}–${to} of ${total} pages`,
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
    previousPage: 'Previous',
    nextPage: 'Next',
    domain: 'Domain',
    score: 'Score',
    visits: 'Visits',
    overallImpact: 'Overall Impact',
    wholeYear: (yy: number | string) => `All of ${yy}`,
    /** `versions`: the analyzer versions of the period, e.g. "1.3.0, 2.0.0". */
    mixedModels: (versions: string) =>
      `This period mixes pages analysed by different versions of our analysis (${versions}). Their scores are on different scales, so compare them with care.`,
    unlockTitle: 'Unlock Your Personal Insights',
    startQuestionnaire: 'Start Questionnaire',
    continueQuestionnaire: 'Continue Questionnaire',
    finishQuestionnaire: 'Finish Questionnaire',
    analysisInProgress: 'Analysis in Progress',
    analyzingResponses: 'Analyzing Your Responses',
    processingText: 'Please wait while our system processes your questionnaire responses.',
    processingDuration: 'This typically takes about 3 minutes.',
  },

  /**
   * The printed report (Export PDF, issue 29): a page of summary — who, which period, when it was printed, the
   * period's verdict, the trend in words, the top sites — then the details. Whole numbers throughout.
   */
  report: {
    summaryTitle: 'Summary',
    preparedFor: 'Prepared for',
    period: 'Period',
    generated: 'Generated',
    feltTitle: 'How your reading felt',
    /** Under the leaning ("Mostly neutral"): its share of the pages with a verdict. */
    leaningOf: (percent: number, classified: number, shown: string = String(classified)) =>
      `${percent} % of the ${shown} ${classified === 1 ? 'page' : 'pages'} with a verdict`,
    /** `previous`: the period before, written out ("October 2026", "2025"). */
    changeTitle: (previous: string) => `Compared with ${previous}`,
    topSitesTitle: 'Top sites',
    visits: (count: number, shown: string = String(count)) => `${shown} ${count === 1 ? 'visit' : 'visits'}`,
    stillLoading: 'The verdict and the trend were still loading when this report was printed.',
    detailsFollow:
      'The following pages hold the details: Trends, how your reading felt over time, Top Domains and the analysed pages.',
  },

  /**
   * Mood check-ins and the "Mood and reading" card (issue 29). The insight sentences make a claim only when the
   * 95 % interval of the correlation leaves out zero; `r` arrives formatted (two decimals, a real minus sign).
   */
  mood: {
    promptTitle: 'How are you feeling today?',
    promptHint: "One tap saves today's check-in. We relate it to what you read the day before.",
    scoreLabels: { 1: 'Very low', 2: 'Low', 3: 'Okay', 4: 'Good', 5: 'Very good' },
    scoreEmoji: { 1: '\u{1F61E}', 2: '\u{1F614}', 3: '\u{1F610}', 4: '\u{1F60A}', 5: '\u{1F604}' },
    /** A mood button's accessible name: its label and where it sits on the scale. */
    scoreName: (label: string, score: number, max: number) => `${label} (${score} of ${max})`,
    noteLabel: 'Note (optional)',
    noteHint: (max: number) => `Up to ${max} characters.`,
    dismiss: 'Not today',
    saving: 'Saving...',
    saved: 'Thanks, your mood check-in is saved.',
    saveFailed: 'Failed to save your mood check-in',
    loadFailed: 'Failed to load your mood check-ins',
    insightFailed: 'Failed to load the mood insight',
    cardTitle: 'Mood and reading',
    progress: (count: number, required: number) => `${count} of ${required} check-ins`,
    needMore: (missing: number) =>
      `Check in ${missing} more ${missing === 1 ? 'day' : 'days'} to see how your reading relates to your mood.`,
    noClearLink: (days: number) =>
      `No clear link yet between what you read and your mood (${days} ${days === 1 ? 'day' : 'days'}).`,
    lowerAfterDraining: (r: string, days: number) =>
      `On days after more draining reading, your mood tended to be lower (r\u00a0=\u00a0${r}, ${days}\u00a0days).`,
    higherAfterDraining: (r: string, days: number) =>
      `On days after more draining reading, your mood tended to be higher (r\u00a0=\u00a0${r}, ${days}\u00a0days).`,
    daysUsed: 'Days compared',
    correlation: 'Correlation (r)',
    interval: '95 % interval',
    intervalRange: (lo: string, hi: string) => `${lo} to ${hi}`,
    explanation:
      'Each check-in is compared with the share of draining pages you read the day before; days without reading are left out. A correlation shows that two things move together, not that one causes the other.',
    scoreRange: 'Mood score must be a whole number from 1 to 5',
    noteType: 'The note must be text',
    noteTooLong: (max: number) => `The note is too long: at most ${max} characters`,
    daysRange: (max: number) => `days must be a whole number from 1 to ${max}`,
  },

  /**
   * The verdict trend on the Insights view (issue 29): the share of uplifting, neutral, mixed and draining
   * pages per week (per month for a year) and the change against the previous period, in words and whole
   * percents.
   */
  trend: {
    title: 'How your reading felt over time',
    loadError: 'Failed to load the trend',
    empty: 'No pages analysed in this period yet',
    /** Pages analysed, but none with a verdict (stored before the analyzer gave verdicts). */
    noVerdicts: (count: number, shown: string = String(count)) =>
      `${shown} ${count === 1 ? 'page' : 'pages'} analysed in this period, but none with a verdict yet, ` +
      'so there is no trend to show.',
    excluded: (count: number, shown: string = String(count)) =>
      count === 1
        ? `${shown} page without a verdict is not counted.`
        : `${shown} pages without a verdict are not counted.`,
    showTable: 'Show as table',
    hideTable: 'Hide table',
    verdicts: { uplifting: 'Uplifting', neutral: 'Neutral', mixed: 'Mixed', draining: 'Draining' },
    /** `when`: "this month", "this year" or "in Feb '25". */
    fell: (verdict: string, from: number, to: number, when: string) =>
      `${verdict} pages fell from ${from} % to ${to} % ${when}`,
    rose: (verdict: string, from: number, to: number, when: string) =>
      `${verdict} pages rose from ${from} % to ${to} % ${when}`,
    stayed: (verdict: string, at: number, when: string) => `${verdict} pages stayed at ${at} % ${when}`,
    noPrevious: (previous: string) => `No pages with a verdict in ${previous} to compare with.`,
    thisMonth: 'this month',
    thisYear: 'this year',
    weekOf: 'Week of',
    month: 'Month',
    pages: 'Pages',
    total: 'Whole period',
  },

  /**
   * Link labels (issue 30, decision 160): what the extension's counts may hold, and the "Labels on links" card of
   * Insights — how often the person opened labelled results by verdict, and their reading before labels and since.
   */
  labels: {
    cardTitle: 'Labels on links',
    loadFailed: 'Failed to load the labels figures',
    /** The empty card: what labels are, and where they come from. */
    emptyWhat:
      'The Media Diet extension can put a small label beside search results and headlines — uplifting, neutral, ' +
      'mixed or draining — worked out on your device before you click. Nothing of the links leaves your browser.',
    emptyHow: 'Switch on labels in the Media Diet extension to see how they change what you open.',
    /** Figure (a): draining results opened against the other results, last 4 weeks. */
    openedLess: (percent: number) =>
      `You opened draining results ${percent}\u00a0% less often than other results.`,
    openedMore: (percent: number) =>
      `You opened draining results ${percent}\u00a0% more often than other results.`,
    openedAsOften: 'You opened draining results about as often as other results.',
    openedFewLabels: (min: number, draining: number, other: number) =>
      `How often you open draining results shows once at least ${min} draining and ${min} other results were ` +
      `labelled in the last 4 weeks (so far ${draining} and ${other}).`,
    openedNoOther:
      'You opened none of the other labelled results in the last 4 weeks, so there is nothing to compare with yet.',
    /** Figure (b): the draining share of the pages read before labels and in the last 4 weeks. */
    beforeLower: (after: number, before: number) =>
      `Draining pages were ${after}\u00a0% of your reading in the last 4 weeks, down from ${before}\u00a0% in the 4 weeks before labels.`,
    beforeHigher: (after: number, before: number) =>
      `Draining pages were ${after}\u00a0% of your reading in the last 4 weeks, up from ${before}\u00a0% in the 4 weeks before labels.`,
    beforeSame: (share: number) =>
      `Draining pages were ${share}\u00a0% of your reading in the last 4 weeks, as in the 4 weeks before labels.`,
    beforeFewPages: (min: number) =>
      `The comparison with your reading before labels shows once the 4 weeks before labels and the weeks since ` +
      `each hold at least ${min} analysed pages.`,
    /** The weekly table. */
    tableCaption: 'Labelled results per week, newest first',
    week: 'Week of',
    shown: 'Labels shown',
    opened: 'Opened',
    openedDraining: 'Opened draining',
    /** PUT /api/labels/counts: a day the counts may not be for (the field path goes before it). */
    dayNotCalendar: 'must be a calendar day (YYYY-MM-DD)',
    dayTooLate: 'must not be later than tomorrow',
    dayTooOld: (days: number) => `must be within the last ${days} days`,
    dayRepeated: 'each day may appear only once in one request',
  },

  /** Questionnaire and personality snapshot (spec §2, §8). */
  questionnaire: {
    privacyBadge: 'Your privacy is our priority',
    offerTitle: 'Discover Your Content Personality',
    beginQuestionnaire: 'Begin Questionnaire',
    continueWithout: 'Continue without questionnaire',
    welcomeTitle: 'Welcome to our survey!',
    questionCount: (count: number) => `There are ${count} questions.`,
    beginSurvey: 'Begin Survey',
    previous: 'Previous',
    save: 'Save',
    next: 'Next',
    finish: 'Finish Questionnaire',
    progress: (current: number, total: number) => `Question ${current} of ${total}`,
    remaining: (minutes: number) => `About ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} remaining`,
    takesAbout: 'Takes about 5 minutes',
    technicalDifficulties: 'Technical Difficulties',
    contactSupport: 'Contact Support',
    snapshotTitle: 'Your Personality Snapshot',
    groupEmotional: 'Emotional Intelligence',
    groupBehavioral: 'Behavioral Patterns',
    groupCognitive: 'Cognitive Processing',
    scoreImmature: 'Immature',
    scoreDeveloping: 'Developing',
    scoreBalanced: 'Balanced',
    scoreMaturing: 'Maturing',
    scoreMature: 'Mature',
    saveChanges: 'Save Changes',
    scoreRange: 'Score must be a whole number from 1 to 5',
    submitAnswersFailed: 'Failed to submit answers',
    submitFailed: 'Failed to submit questionnaire',
    updateAnalysisFailed: 'Failed to update analysis',
    genericError: 'An error occurred',
    optOutDone: 'You are good to go',
  },

  /** Ignored sites (spec §2, §5, §8). */
  urls: {
    title: 'Ignored Sites',
    defaultsTitle: 'Default Protected Websites',
    addDomain: 'Add',
    remove: 'Remove',
    emptyDomain: 'Please enter a website domain',
    invalidDomain: (host: string) => `Please enter a valid domain (e.g., ${host})`,
    addFailed: 'Failed to add site',
    removeFailed: 'Failed to remove site',
    added: (domain: string) => `Added ${domain} to ignored sites`,
    removed: (domain: string) => `Removed ${domain} from ignored sites`,
  },

  /**
   * The weekly letter (issue 29, decision 158): the e-mail about the last week (Monday to Sunday in the person's
   * time zone), the Settings section that asks for it now, and the one-click unsubscribe and its page. Numbers
   * are whole; percentages carry a non-breaking space.
   */
  letter: {
    sendNow: "Send me this week's letter now",
    sending: 'Sending...',
    sendFailed: "Failed to send this week's letter",
    /** The server's answer to "send it now". */
    sentNow: "This week's letter is on its way to your inbox.",
    mailFailed: 'We could not send the letter just now. Please try again in a few minutes.',
    /** The server's answers to the unsubscribe call. */
    unsubscribed: 'The weekly letter is off. You can turn it back on in Settings.',
    invalidLink:
      'This unsubscribe link is not valid (it may be incomplete). You can turn the weekly letter off in Settings.',
    /** The web page the letter's unsubscribe link opens. */
    unsubscribeTitle: 'Stop the weekly letter?',
    unsubscribeText: 'You will no longer get the Monday e-mail about your reading week.',
    unsubscribeButton: 'Stop the weekly letter',
    unsubscribing: 'Stopping...',
    unsubscribeFailed: 'Failed to stop the weekly letter',
    unsubscribedTitle: 'The weekly letter is off',
    turnBackOn: 'Changed your mind? Turn it back on in Settings, under Weekly letter.',
    openSettings: 'Open Settings',
    missingToken:
      'This page needs the link from your weekly letter. You can turn the letter off in Settings.',

    // ── The letter ──
    /** `range`: "Nov 16–22"; `leaning`: "mostly uplifting" (or "a quiet week"). */
    subject: (range: string, leaning: string) => `Your reading week, ${range}: ${leaning}`,
    label: 'Weekly letter',
    heading: (range: string) => `Your reading week, ${range}`,
    greeting: 'Hello,',
    intro: 'Here is how last week of reading went, from the pages you read with the extension on.',
    quietLeaning: 'a quiet week',
    leaningWords: {
      uplifting: 'mostly uplifting',
      neutral: 'mostly neutral',
      mixed: 'mostly mixed',
      draining: 'mostly draining',
    },
    verdictTitle: 'How your week felt',
    /** The week's verdict: its leaning, with the share and the pages it is judged from. */
    verdictSentence: (leaning: string, percent: number, classified: number) =>
      `Your week was ${leaning}: ${percent}\u00a0% of the ${classified} ${classified === 1 ? 'page' : 'pages'} with a verdict.`,
    noVerdicts: (pages: number) =>
      `${pages} ${pages === 1 ? 'page was' : 'pages were'} analysed, but none with a verdict yet.`,
    shareLine: (name: string, percent: number) => `${name} ${percent}\u00a0%`,
    trendTitle: 'Against the week before',
    /** `when` of the trend sentences (messages.trend.fell/rose/stayed): "… fell from 31 % to 24 % last week". */
    trendWhen: 'last week',
    noPrevious: 'No pages with a verdict the week before to compare with.',
    goalsTitle: 'Your goals',
    noGoals: 'No reading goals yet. Set one on your dashboard, and this letter will tell you how it went.',
    goalDrainingKept: (share: number, cap: number) =>
      `Draining pages: ${share}\u00a0% of last week, under your goal of ${cap}\u00a0%. Kept.`,
    goalDrainingBroken: (share: number, cap: number) =>
      `Draining pages: ${share}\u00a0% of last week, over your goal of under ${cap}\u00a0%.`,
    goalDrainingTooFew: (pages: number, cap: number) =>
      `Draining pages: too few pages with a verdict last week (${pages}) to judge your goal of under ${cap}\u00a0%.`,
    goalSiteKept: (site: string, cap: number) =>
      `Pages from ${site}: at most ${cap} a day on every day of last week. Kept.`,
    goalSiteBroken: (site: string, cap: number, days: number, most: number) =>
      `Pages from ${site}: more than ${cap} on ${days} ${days === 1 ? 'day' : 'days'} of last week (at most ${most} in a day).`,
    goalUpliftingMet: (pages: number, target: number) =>
      `Uplifting pages: ${pages} last week, your goal of at least ${target} met.`,
    goalUpliftingShort: (pages: number, target: number) =>
      `Uplifting pages: ${pages} last week, ${target - pages} short of your goal of ${target}.`,
    drainingTitle: 'The most draining sites',
    drainingSite: (host: string, pages: number) =>
      `${host}: ${pages} draining ${pages === 1 ? 'page' : 'pages'}`,
    noDraining: 'No draining pages last week.',
    upliftTitle: 'Something that lifted you',
    /** From the person's own history: the site that lifted them most in the last `weeks` weeks. */
    upliftSite: (host: string, pages: number, weeks: number) =>
      `${host} gave you ${pages} uplifting ${pages === 1 ? 'page' : 'pages'} in the last ${weeks} weeks. Worth a visit this week.`,
    upliftTitleLine: (title: string) => `One of them: “${title}”.`,
    noUplift: (weeks: number) =>
      `No uplifting pages in the last ${weeks} weeks. A walk, a long read you chose yourself or a friend's news may do more than another headline.`,
    quietText:
      'No pages were analysed last week. Whenever you read with the extension on, the next letter will tell you how your week felt.',
    openDashboard: 'Open your dashboard',
    why: (service: string) =>
      `You get this letter because the weekly letter is on for your ${service} account.`,
    unsubscribe: 'Unsubscribe',
    manage: 'Letter settings',
    textUnsubscribe: (url: string) => `Unsubscribe with one click: ${url}`,
    textManage: (url: string) => `Letter settings: ${url}`,
  },

  /**
   * Account preferences (issue 29, decisions 154 and 155): the server's validation, Settings' "Preferences" card
   * (time zone, weekly letter) and the dashboard's offer of the browser's zone.
   */
  preferences: {
    timeZoneUnknown: 'Unknown time zone: choose one from the list, such as Europe/Berlin',
    weeklyLetterType: 'The weekly letter setting must be true or false',
    nothingToChange: 'Nothing to change: send a time zone, the weekly letter setting, or both',
    title: 'Preferences',
    loading: 'Loading your preferences…',
    loadFailed: 'Your preferences could not be loaded.',
    saveFailed: 'Your preferences could not be saved. Please try again.',
    timeZoneTitle: 'Time zone',
    timeZoneDescription:
      'Your days, weeks and months begin at midnight in this time zone: Insights, Trends, Goals, Mood and the weekly letter all follow it.',
    timeZoneLabel: 'Time zone',
    timeZonePlaceholder: 'Search for a city or region',
    timeZoneNoMatch: (query: string) => `No time zone matches “${query}”.`,
    timeZoneMatches: (count: number) => (count === 1 ? '1 time zone matches.' : `${count} time zones match.`),
    timeZoneSaving: 'Saving…',
    timeZoneSaved: (zone: string) => `Time zone saved: ${zone}. Your insights, goals and mood now follow it.`,
    browserZone: (zone: string) => `Your browser is set to ${zone}.`,
    useBrowserZone: (zone: string) => `Use ${zone}`,
    localTime: (time: string, offset: string) => `It is ${time} there (${offset}).`,
    weeklyLetterTitle: 'Weekly letter',
    weeklyLetterDescription:
      'Every Monday morning, in your time zone, an e-mail about your last week of reading: how it felt, how it changed, your goals, the sites that drained you most and one thing that lifted you.',
    weeklyLetterLabel: 'Send me the weekly letter',
    weeklyLetterOn: 'The weekly letter is on.',
    weeklyLetterOff: 'The weekly letter is off.',
    /** The dashboard's offer, for an account still on UTC whose browser is elsewhere. */
    offerTitle: 'Use your own time zone?',
    offer: (zone: string) =>
      `Your days, weeks and months are cut in UTC. Your browser is set to ${zone}: use it, so that a day ends at your midnight.`,
    offerAccept: (zone: string) => `Use ${zone}`,
    offerDecline: 'Keep UTC',
    /** A new account takes the browser's zone on its own, and says so. */
    detected: (zone: string) =>
      `Your days now follow your time zone, ${zone}. You can change it in Settings.`,
  },
  /**
   * Reading goals (issue 29, decision 152): the dashboard card, its editor, the server's validation and the
   * nudge toast. Numbers are whole; the sentences name the period they count.
   */
  goals: {
    title: 'Goals',
    loading: 'Loading your goals...',
    loadFailed: 'Failed to load your goals',
    tryAgain: 'Try again',
    goalNumber: (n: number) => `Goal ${n}`,
    saveFailed: 'Failed to save your goals',
    saved: 'Goals saved',
    emptyTitle: 'No goals yet',
    emptyText: 'Set a goal for your reading week, and we will tell you how it is going.',
    setGoal: 'Set a goal',
    editGoals: 'Edit goals',
    editorTitle: 'Your reading goals',
    editorDescription:
      'Up to 10 goals. Weeks run Monday to Sunday; days and weeks are counted in your time zone (Settings).',
    addGoal: 'Add a goal',
    removeGoal: 'Remove',
    save: 'Save goals',
    saving: 'Saving...',
    cancel: 'Cancel',
    kindLabel: 'Goal',
    kinds: {
      draining_share: 'Draining share',
      site_daily: 'Pages from a site',
      uplifting_weekly: 'Uplifting pages',
    },
    percentLabel: 'Keep under (% of the week)',
    pagesPerDayLabel: 'At most (pages a day)',
    upliftingPagesLabel: 'At least (pages a week)',
    siteLabel: 'Site',
    status: {
      on_track: 'On track',
      at_risk: 'At risk',
      broken: 'Over the goal',
      met: 'Met',
    },
    progressLabel: (sentence: string) => `Progress: ${sentence}`,
    drainingSentence: (share: number, cap: number) =>
      `Draining pages: ${share}\u00a0% of this week (goal: under ${cap}\u00a0%)`,
    siteSentence: (site: string, pages: number, cap: number) =>
      `Pages from ${site}: ${pages} today (goal: at most ${cap})`,
    upliftingSentence: (pages: number, target: number) =>
      `Uplifting pages: ${pages} this week (goal: at least ${target})`,
    drainingNudge: (share: number, cap: number) =>
      `Heads up: draining pages are at ${share}\u00a0% of this week — your goal is under ${cap}\u00a0%.`,
    siteNudge: (site: string, pages: number, cap: number) =>
      `Heads up: ${pages} ${pages === 1 ? 'page' : 'pages'} from ${site} today — your goal is at most ${cap}.`,
    upliftingNudge: (pages: number, target: number) =>
      `Heads up: ${pages} uplifting ${pages === 1 ? 'page' : 'pages'} this week so far — your goal is at least ${target}.`,
    tooMany: (max: number) => `You can set at most ${max} goals`,
    percentRange: 'must be a whole number from 1 to 100',
    pagesRange: 'must be a whole number from 1 to 500',
    duplicateKind: (kind: string) => `only one goal of this kind is allowed (${kind})`,
    duplicateSite: (site: string) => `only one daily goal per site is allowed (${site})`,
  },

  /** Subscription page, plans, card form, payment tab (spec §2, §4, §5, §8). */
  billing: {
    statusPanel: 'Subscription Status',
    plansPanel: 'Subscription Plans',
    overview: 'Overview',
    usageLimits: 'Usage Limits',
    paymentMethod: 'Payment Method',
    upgradePlan: 'Upgrade Plan',
    noActiveSubscription: 'No Active Subscription',
    selectPlanHint: 'Start analyzing content by selecting a plan that fits your needs.',
    freeTrialBanner: (days: number) =>
      `Start your ${days}-day free trial. Your card is charged after the trial unless you cancel.`,
    manageSubscription: 'Manage Subscription',
    changePlan: 'Change Plan',
    cancelSubscription: 'Cancel Subscription',
    scheduledToCancel: 'Scheduled to cancel on',
    keepMySubscription: 'Keep My Subscription',
    cancelConfirm: 'Are you sure you want to cancel your subscription? This cannot be undone.',
    yesCancel: 'Yes, Cancel',
    noKeepIt: 'No, Keep It',
    freeForever: 'Free Forever',
    currentPlan: 'Current Plan',
    startFree: 'Start Free',
    startFreeTrial: 'Start Free Trial',
    subscribe: 'Subscribe',
    touchPointNote:
      'A touch point is any web media content (an article, a post, a video page) that is analysed for its effect on how you feel.',
    /** How a page's length counts (decision 114); shown on the plan cards and in Usage Limits. */
    touchPointSize:
      'One touch point is a page of up to 2,000 tokens (about 1,500 words, longer than a typical news article). A longer page counts as more: a 5,000-token report uses 2.5 touch points. Pages with almost no text are not counted.',
    /** The same rule, one line on each plan card. */
    longPageCounts: 'A page of up to 2,000 tokens is one; a longer page counts as more.',
    secureAccountSetup: 'Secure Account Setup',
    secureAccountBullets: [
      'Prevents automated abuse',
      'Enables instant plan upgrades',
      'No charges while on free plan',
    ],
    completeSubscription: 'Complete Your Subscription',
    secureAccount: 'Secure Account',
    startSubscription: 'Start Subscription',
    securedByProvider: 'Payments are secured by our card payment provider.',
    testModeNotice: 'Test mode — no real charges',
    welcome: (plan: string) => `Welcome to ${plan}!`,
    activated: 'Your subscription has been activated successfully.',
    continueToDashboard: 'Continue to Dashboard',
    changePlanConfirm:
      'Are you sure you want to change your subscription plan? This will take effect immediately.',
    yesChangePlan: 'Yes, Change Plan',
    noKeepCurrentPlan: 'No, Keep Current Plan',
    freePlanNoCharge: 'Your card will not be charged while on the free plan.',
    highOverageTitle: 'Confirm High Overage Limit',
    highOverageText: (amount: string) =>
      `Are you sure you want to set a high overage limit of ${amount}? This could result in significant charges if you exceed your plan's allocation.`,
    deleteCardConfirm: 'Are you sure you want to delete this payment method?',
    setDefault: 'Set Default',
    delete: 'Delete',
    addNewCard: 'Add New Card',
    downloadPdf: 'Download PDF',
    viewInvoiceHistory: 'View Invoice History',
    cancel: 'Cancel',
    saveChanges: 'Save Changes',
    updateDefaultFailed: 'Failed to update default payment method',
    deleteFailed: 'Failed to delete payment method',
    addFailed: 'Failed to add payment method',
    updateFailed: 'Failed to update payment method',
    overageFailed: 'Failed to update overage limit',
    changePlanFailed: (reason: string) => `Failed to change plan: ${reason}`,
    createFailed: 'Failed to create subscription',
    invalidStatus: 'Subscription creation failed - invalid status',
    processPaymentFailed: 'Failed to process payment',
    cancelFailed: 'Failed to cancel subscription',
    reactivateFailed: 'Failed to reactivate subscription',
    setupPaymentFailed: 'Failed to setup payment',
    providerNotInitialized: 'Payment provider has not been initialized',
    cardElementNotFound: 'Card element not found',
    noPaymentMethod: 'No payment method returned',
    operationCancelled: 'Operation cancelled',
  },

  /** Generic confirm dialog defaults (spec §9). */
  confirm: {
    cancel: 'Cancel',
    confirm: 'Confirm',
  },

  /** Sign-in protection and the device list (not quoted by the spec; ours). */
  security: {
    googleCodeRefused:
      'This Google sign-in did not start in this browser, or it has expired. Please sign in again.',
    switchAccountTitle: 'Switch account?',
    switchAccount: (current: string, next: string) =>
      `You are signed in as ${current}. A Google sign-in just finished for ${next}. Do you want to switch to ${next}?`,
    stay: (current: string) => `Stay as ${current}`,
    switchTo: (next: string) => `Switch to ${next}`,
    devicesTitle: 'Signed-in devices',
    devicesLoading: 'Loading your devices…',
    devicesFailed: 'Your devices could not be loaded.',
    noOtherDevices: 'No other device is signed in.',
    noExtensions: 'No browser extension is paired.',
    thisDevice: 'This device',
    signOut: 'Sign out',
    disconnect: 'Disconnect',
    signOutOthers: 'Sign out everywhere else',
    signedOutDevice: 'That device is signed out.',
    signedOutOthers: 'Every other device is signed out.',
    disconnectedBrowser: 'That browser extension is disconnected.',
    deviceNotFound: 'That device is no longer signed in.',
    actionFailed: 'That did not work. Please try again.',
  },

  /** Errors the server answers with (not quoted by the spec; ours). */
  server: {
    unauthorized: 'Not authenticated',
    forbidden: 'Not allowed',
    notFound: 'Not found',
    validation: 'Invalid request',
    rateLimited: 'Too many requests. Please try again later.',
    internal: 'Internal server error',
    /** Contains 'duplicate' on purpose: the client maps such errors to `auth.duplicateEmail` (spec §8). */
    duplicateEmail: 'duplicate: this email is already registered',
    unknownEmail: 'No account found for this email. Please register first.',
    invalidPin: 'Invalid or expired PIN',
    subscriptionRequired: 'An active subscription is required',
    premiumRequired: 'This feature requires the Premium plan',
    confirmEmailMismatch: 'The confirmation e-mail does not match your account',
    analysisNotFound: 'Analysis not found',
    paymentMethodNotFound: 'Payment method not found',
    noCustomer: 'No payment account yet. Add a card first.',
    cardDeclined: 'Your card was declined.',
    cardInsufficientFunds: 'Your card has insufficient funds.',
    cardNumberInvalid: 'Your card number is invalid.',
    cardNotTestCard: 'Test mode accepts only the test card numbers (for example 4242 4242 4242 4242).',
    cardExpired: 'Your card has expired.',
    cardCvcInvalid: "Your card's security code is invalid.",
    setupIntentInvalid: 'This card setup has expired or was already used. Please try again.',
    localProviderDisabled: 'Test-mode card setup is disabled: a real payment provider is configured.',
    paymentProviderError: 'The payment provider could not complete the request. Please try again.',
    subscriptionExists: 'You already have a subscription. Change or cancel it instead.',
    subscriptionNotFound: 'No subscription found',
    samePlan: 'You are already on this plan.',
    subscriptionPastDue: 'Your last payment failed. Please update your payment method first.',
    notScheduledToCancel: 'Your subscription is not scheduled to cancel.',
    alreadyCanceled: 'Your subscription is already scheduled to cancel.',
    invalidOverageLimit: 'Choose one of the offered overage limits.',
    noOverageOnFreePlan: 'The free plan has no overage. Upgrade to set an overage limit.',
    invoiceNotFound: 'Invoice not found',
    defaultCardInUse: 'This card pays for your subscription. Add or choose another default card first.',
    usageLimitReached:
      'You have reached your monthly usage limit. Raise your overage limit in Subscription → Usage Limits, or wait for your plan to renew.',
    freeLimitReached:
      'You have used all touch points of the free plan this month. Upgrade your plan, or wait for the next month.',
    webhookSignatureInvalid: 'Invalid webhook signature',
    outboxDisabled: 'The development outbox is disabled while SMTP is configured',
    trialAlreadyUsed:
      'This e-mail address or card has already had a free trial, so this plan starts without one. Choose Subscribe to start it now.',
    accountDeletionProviderFailed:
      'Your account was not deleted: the payment provider could not cancel your subscription. Nothing was removed. Please try again in a few minutes.',
    outboxLoopbackOnly: 'The development outbox answers only requests from this machine (127.0.0.1 or ::1)',
    /** Touch-point ingest (POST /api/extension/touchpoints). */
    touchpointUrlScheme: 'Only http and https pages can be captured',
    touchpointTextTooLarge: 'The page text is larger than 200 KB. Send at most 200 KB of text.',
    touchpointIgnoredSite: 'This site is on the ignored or protected list and is never captured',
    touchpointOwnSite: 'Pages of Media Diet itself are not captured',
    touchpointInvalidScores: 'The device scores are invalid',
    touchpointPrivateNetwork:
      'Pages on a private network (this computer, a home or office network, intranet names) are never captured',
    touchpointCredentials: 'Addresses with a user name or password in them are never captured',
    touchpointSearchPage:
      "Search results pages (a search engine's, or a site's own search) are never captured",
    touchpointTooShort: (min: number) =>
      `The page has too little text to analyse (fewer than ${min} characters); it is neither analysed nor billed`,
    touchpointCapturedAt: (days: number) =>
      `must be a time within the last ${days} days and not in the future`,
    touchpointFailed: 'The page could not be analysed',
    /** Refusals of the HTTP layer itself (decision 091): what is wrong and what to send instead. */
    bodyTooLarge: (limitBytes: number) =>
      `Request body is too large: this call accepts at most ${limitBytes} bytes`,
    invalidJson: 'Body is not valid JSON (keys named __proto__ or constructor.prototype are refused too)',
    emptyJson: 'Body is empty but content-type says application/json: send a JSON body or no content-type',
    unsupportedMediaType: (contentType: string) =>
      contentType
        ? `Unsupported content-type ${JSON.stringify(contentType)}: send the body as application/json`
        : 'The body has no content-type: send it as application/json',
    contentLengthMismatch: 'Request body size did not match the Content-Length header',
    badUrl: 'The URL is not valid: a path segment is not correctly percent-encoded',
    paramTooLong: (maxLength: number) => `A path parameter is too long: at most ${maxLength} characters`,
  },

  /**
   * What the sign-in page shows for `?error=<code>` (spec §2: the parameter is shown as an error toast). The
   * server sends only these codes; the page shows only these texts, and `generic` for any other value, so a
   * link cannot put its own words in the product's toast (decision 107).
   */
  signInError: {
    google_not_configured: 'Google sign-in is not configured on this server',
    google_unavailable: 'Google sign-in is unavailable right now. Please try again later.',
    google_cancelled: 'Google sign-in was cancelled',
    google_expired: 'Your Google sign-in took too long or was started in another browser. Please try again.',
    google_failed: 'Google sign-in failed. Please try again.',
    google_email_unverified:
      'Your Google account has no verified e-mail address, so it cannot be used to sign in here. Please sign in with your e-mail and a PIN.',
    generic: 'Sign-in did not complete. Please try again.',
  },
} as const;

export type Messages = typeof messages;

/** True when a server error means "this e-mail is already registered" (spec §8: an error containing 'duplicate'). */
export function isDuplicateError(error: string): boolean {
  return error.toLowerCase().includes('duplicate');
}

export type SignInErrorCode = keyof Messages['signInError'];

/** The catalogue text for a sign-in page `?error=` code; anything else (free text included) gives the generic one. */
export function signInErrorMessage(code: string | null | undefined): string {
  const catalogue: Record<string, string> = messages.signInError;
  return code && Object.hasOwn(catalogue, code) ? catalogue[code]! : messages.signInError.generic;
}
