import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';

/**
 * A Radix dropdown menu whose code (Radix menu, floating-ui, dismissable layer: ~20 kB gzip) loads on the
 * first sign of use — the pointer over the trigger, focus on it, a press — instead of with the page
 * (docs/decisions/073-route-javascript-budget.md). Until then the trigger is a plain button with the same
 * look and ARIA; a press or an opening key before the code has arrived opens the menu as soon as it has,
 * and focus stays on the trigger if it was on the placeholder.
 *
 * `children` receives Radix's DropdownMenu parts and renders what goes inside `Root` after the trigger
 * (Portal, Content, Item, …).
 */

export type DropdownMenuParts = typeof RadixDropdownMenu;

/** What had focus the moment the code arrived, before any placeholder was swapped for the real trigger. */
let focusedOnArrival: Element | null = null;

const radixMenu = lazyModule<DropdownMenuParts>(() =>
  import('@radix-ui/react-dropdown-menu').then((module) => {
    focusedOnArrival = document.activeElement;
    return module;
  }),
);

export function loadDropdownMenu(): Promise<DropdownMenuParts> {
  return radixMenu.load();
}

const warm = () => void loadDropdownMenu().catch(() => {});

type TriggerProps = Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'type'> & {
  [data: `data-${string}`]: string | undefined;
};

export interface DropdownMenuProps {
  /** Controlled open state; left out, the menu keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  modal?: boolean;
  /** Attributes of the trigger button (accessible name, class, data-*). */
  triggerProps: TriggerProps;
  /** What the trigger shows. */
  trigger: ReactNode;
  children: (menu: DropdownMenuParts) => ReactNode;
}

export function DropdownMenu({
  open: openProp,
  onOpenChange,
  modal,
  triggerProps,
  trigger,
  children,
}: DropdownMenuProps) {
  const Menu = useLazyModule(radixMenu);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const triggerRef = useRef<HTMLButtonElement>(null);
  const placeholder = useRef<HTMLButtonElement | null>(null);

  // The placeholder had focus when the real trigger replaced it: keep focus where the user left it
  // (an opening menu takes focus itself).
  useLayoutEffect(() => {
    if (!Menu || !placeholder.current) return;
    const hadFocus = focusedOnArrival === placeholder.current;
    placeholder.current = null;
    if (hadFocus && !open) triggerRef.current?.focus();
  }, [Menu, open]);

  if (Menu) {
    return (
      <Menu.Root open={open} onOpenChange={setOpen} modal={modal}>
        <Menu.Trigger ref={triggerRef} {...triggerProps}>
          {trigger}
        </Menu.Trigger>
        {children(Menu)}
      </Menu.Root>
    );
  }

  // Radix opens its menu on a primary-button press and on Enter, Space or ArrowDown; so does this stand-in.
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    warm();
    if (event.button !== 0 || event.ctrlKey) return;
    if (!open) event.preventDefault();
    setOpen(!open);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') setOpen(!open);
    else if (event.key === 'ArrowDown') setOpen(true);
    else return;
    event.preventDefault();
    warm();
  };

  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      {...triggerProps}
      ref={(node) => {
        if (node) placeholder.current = node;
      }}
      onPointerEnter={warm}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onFocus={warm}
    >
      {trigger}
    </button>
  );
}

export interface MenuPanelProps {
  /** The parts `DropdownMenu` hands its children. */
  menu: DropdownMenuParts;
  /** Who or what the menu is about (the user's name, 'Browser extension'). */
  title: ReactNode;
  detail?: ReactNode;
  /** The items, after a separator. */
  children: ReactNode;
}

/** The header's menu panel, under its trigger at the end: a heading block, a separator, then the items. */
export function MenuPanel({ menu: Menu, title, detail, children }: MenuPanelProps) {
  return (
    <Menu.Portal>
      <Menu.Content
        align="end"
        sideOffset={8}
        className="z-50 w-64 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-line bg-surface p-2 shadow-overlay"
      >
        <div className="px-3 pt-2 pb-3">
          <p className="truncate font-semibold text-ink">{title}</p>
          {detail ? <p className="truncate text-sm text-ink-muted">{detail}</p> : null}
        </div>
        <Menu.Separator className="mx-1 my-1 h-px bg-line" />
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}

/** A menu item's look; `className` adds its colour (`text-ink`, `text-danger`). */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm font-medium outline-none data-highlighted:bg-sunken data-disabled:cursor-not-allowed data-disabled:opacity-55';
