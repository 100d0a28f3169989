import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Tab<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs as the ARIA pattern has them: one tab in the Tab order, the arrow keys (and Home, End)
 * move between tabs and show the one they reach, the panel follows in the Tab order.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next =
      tabs[
        move(
          tabs.findIndex(({ key }) => key === selected),
          tabs.length,
        )
      ].key;
    onSelect(next);
    buttons.current.get(next)?.focus();
  };
  const current = tabs.find(({ key }) => key === selected) ?? tabs[0];
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map(({ key, label: tabLabel }) => (
          <button
            key={key}
            ref={(button) => {
              if (button) buttons.current.set(key, button);
              else buttons.current.delete(key);
            }}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={key === current.key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={key === current.key ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(key)}
            onKeyDown={onKeyDown}
          >
            {tabLabel}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${id}-${current.key}-panel`} aria-labelledby={`${id}-${current.key}-tab`}>
        {current.panel}
      </div>
    </div>
  );
}
