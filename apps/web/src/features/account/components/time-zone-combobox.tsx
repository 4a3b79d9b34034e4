import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { listTimeZones, sameZone, zoneLabel, zoneOffsetLabel } from '@/lib/time-zones';

const text = messages.preferences;

/** How far Page Up and Page Down move in the list. */
const PAGE = 10;

interface ZoneOption {
  zone: string;
  label: string;
  offset: string;
  /** What a search is matched against: the words of the name ("america", "new", "york") and the offset. */
  words: string[];
}

const wordsOf = (value: string) =>
  value
    .toLowerCase()
    .split(/[\s/_]+/)
    .filter(Boolean);

/**
 * Zones the browser may still list under a name the city has left: found by the name people use now too, and
 * shown with it ("Asia/Calcutta (Kolkata)").
 */
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Asmara',
  'America/Godthab': 'Nuuk',
  'Asia/Calcutta': 'Kolkata',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Asia/Saigon': 'Ho Chi Minh',
  'Atlantic/Faeroe': 'Faroe',
  'Europe/Kiev': 'Kyiv',
  'Pacific/Enderbury': 'Kanton',
  'Pacific/Ponape': 'Pohnpei',
  'Pacific/Truk': 'Chuuk',
};

function zoneOptions(current: string, now: Date): ZoneOption[] {
  const zones = listTimeZones();
  // The stored spelling may be one the browser's list does not carry (an older or newer name of the zone).
  if (!zones.some((zone) => sameZone(zone, current))) zones.unshift(current);
  return zones.map((zone) => {
    const offset = zoneOffsetLabel(zone, now);
    const renamed = RENAMED[zone];
    const words = [
      ...wordsOf(zone),
      ...wordsOf(renamed ?? ''),
      offset.toLowerCase(),
      offset.toLowerCase().replace('gmt', 'utc'),
    ];
    const label = renamed ? `${zoneLabel(zone)} (${renamed})` : zoneLabel(zone);
    return { zone, label, offset, words };
  });
}

/** The options every typed word begins a word of: "new york", "york", "europe/b", "gmt+1", "utc-3". */
function matching(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const typed = wordsOf(query);
  if (typed.length === 0) return [...options];
  return options.filter((option) =>
    typed.every((word) => option.words.some((candidate) => candidate.startsWith(word))),
  );
}

/**
 * The time zone picker (WAI-ARIA combobox with a list popup): the input shows the chosen zone; typing filters
 * the IANA zones by the start of any word of a region, a city or the offset ("berlin", "new york", "gmt+1");
 * the arrows, Page Up and Page Down move through them, Enter or a click chooses one, Escape closes. `onChange`
 * is called only with a zone other than `value`.
 */
export function TimeZoneCombobox({
  id,
  value,
  onChange,
  disabled = false,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const listId = useId();
  const statusId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  /** What was typed; null while the input shows the chosen zone. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  // Offsets read when the list first opens (every zone's formatter is built once), then kept.
  const [now, setNow] = useState<Date | null>(null);
  const options = useMemo(() => (now ? zoneOptions(value, now) : []), [value, now]);
  const shown = useMemo(() => (query === null ? options : matching(options, query)), [options, query]);
  const currentIndex = shown.findIndex((option) => sameZone(option.zone, value));

  const openList = (at: 'current' | 'first' | 'last' = 'current') => {
    if (disabled) return;
    setNow((known) => known ?? new Date());
    setOpen(true);
    setActive(at === 'first' ? 0 : at === 'last' ? Number.MAX_SAFE_INTEGER : -2);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (option: ZoneOption | undefined) => {
    close();
    if (option && !sameZone(option.zone, value)) onChange(option.zone);
  };

  // -2: "the chosen zone, else the first"; MAX: "the last". Resolved once the options are known.
  const activeIndex =
    shown.length === 0 ? -1 : active === -2 ? Math.max(currentIndex, 0) : Math.min(active, shown.length - 1);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    element?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  const move = (delta: number) => {
    if (!open) {
      openList();
      return;
    }
    if (shown.length === 0) return;
    setActive(Math.min(Math.max((activeIndex < 0 ? -1 : activeIndex) + delta, 0), shown.length - 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(event.altKey ? 0 : 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'PageDown':
        if (!open) return;
        event.preventDefault();
        move(PAGE);
        break;
      case 'PageUp':
        if (!open) return;
        event.preventDefault();
        move(-PAGE);
        break;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        choose(shown[activeIndex]);
        break;
      case 'Escape':
        if (!open && query === null) return;
        event.preventDefault();
        close();
        break;
      default:
    }
  };

  const activeId = open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;
  const noMatch = open && query !== null && query.trim() !== '' && shown.length === 0;

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(' ') || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={text.timeZonePlaceholder}
        disabled={disabled}
        value={query ?? zoneLabel(value)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          if (!open) openList('first');
        }}
        // The chosen zone's text is selected on the way in (by keyboard or pointer): typing replaces it.
        onClick={(event) => {
          if (query === null) event.currentTarget.select();
          if (!open) openList();
        }}
        onFocus={(event) => event.target.select()}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'pr-10')}
      />
      <ChevronsUpDown
        aria-hidden="true"
        className="pointer-events-none absolute top-3.5 right-3.5 size-4 text-ink-muted"
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={text.timeZoneLabel}
        tabIndex={-1}
        hidden={!open || shown.length === 0}
        className="absolute inset-x-0 top-full z-20 mt-1.5 max-h-72 overflow-y-auto rounded-xl border border-line bg-surface py-1.5 shadow-card"
      >
        {open
          ? shown.map((option, index) => {
              const selected = sameZone(option.zone, value);
              return (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the input's (aria-activedescendant)
                <li
                  key={option.zone}
                  id={`${listId}-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={selected}
                  // Keeps the focus in the input, so the click below chooses and the list closes after.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => choose(option)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-3.5 py-2 text-[0.95rem] text-ink',
                    index === activeIndex && 'bg-accent-soft text-accent-ink',
                  )}
                >
                  <Check
                    aria-hidden="true"
                    className={cn('size-4 shrink-0 text-accent', !selected && 'invisible')}
                  />
                  <span className="min-w-0 flex-1 break-words">{option.label}</span>
                  <span className="shrink-0 text-sm text-ink-muted tabular-nums">{option.offset}</span>
                </li>
              );
            })
          : null}
      </ul>
      <p
        id={statusId}
        aria-live="polite"
        className={cn('mt-1.5 text-sm text-ink-muted', !noMatch && 'sr-only')}
      >
        {noMatch
          ? text.timeZoneNoMatch(query.trim())
          : open && query !== null && query.trim() !== ''
            ? text.timeZoneMatches(shown.length)
            : ''}
      </p>
    </div>
  );
}
