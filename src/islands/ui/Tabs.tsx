import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Props<T extends string> {
  label: string;
  /** `attributes`: data attributes for a tab's button (a state that tests and styles read, say). */
  tabs: readonly { id: T; label: ReactNode; attributes?: Record<`data-${string}`, string> }[];
  current: T;
  onSelect: (id: T) => void;
  idPrefix: string;
}

/** WAI-ARIA tabs: one tab stop, arrow keys move between tabs (mirrored in right-to-left pages), Home and End. */
export function TabList<T extends string>({ label, tabs, current, onSelect, idPrefix }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    let next: number | null = null;
    if (event.key in step) next = (index + (step[event.key] ?? 0) + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tab-list">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          aria-selected={tab.id === current}
          tabIndex={tab.id === current ? 0 : -1}
          className="tab"
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => move(event, index)}
          {...tab.attributes}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
