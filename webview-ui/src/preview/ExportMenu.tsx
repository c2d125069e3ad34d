// The preview's Export menu: the printable page of the copy shown, GIFT for Moodle, or a QTI 3.0
// package for the other platforms. A menu button as the ARIA practices describe it: Enter, Space
// or ArrowDown opens it on its first item, the arrows, Home and End move, Escape (or a click
// elsewhere) closes it and gives the focus back to the button. The host does the export: it says
// what a format cannot carry before it writes anything.
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Copy } from '../../../src/shared/lessonView';
import type { PreviewExport } from '../../../src/shared/previewProtocol';
import { Button } from '../ui/Button';
import { t } from './previewL10n';
import { PREVIEW_TEST_IDS } from './previewTestIds';

interface Choice {
  readonly format: PreviewExport;
  readonly label: string;
  readonly detail: string;
}

function choices(copy: Copy): Choice[] {
  return [
    { format: 'html', label: t('exportHtml'), detail: copy === 'teacher' ? t('exportHtmlTeacher') : t('exportHtmlStudent') },
    { format: 'gift', label: t('exportGift'), detail: t('exportGiftDetail') },
    { format: 'qti', label: t('exportQti'), detail: t('exportQtiDetail') },
  ];
}

export function ExportMenu({ copy, onExport }: { copy: Copy; onExport: (format: PreviewExport) => void }): ReactNode {
  const [open, setOpen] = useState(false);
  // The menu opens towards the middle of the page, so it never runs off an edge of a narrow preview.
  const [align, setAlign] = useState<'left' | 'right'>('right');
  const toggle = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  const show = () => {
    const box = toggle.current?.getBoundingClientRect();
    setAlign(box && box.left + box.width / 2 < window.innerWidth / 2 ? 'left' : 'right');
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number | undefined> = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: all.length - 1 };
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else if (move[event.key] !== undefined) all[move[event.key] as number]?.focus();
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const onToggleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      show();
    }
  };

  return (
    <div className="export-menu" onKeyDown={onToggleKey}>
      <Button
        ref={toggle}
        appearance="secondary"
        icon="export"
        title={t('exportTitle')}
        onClick={() => (open ? setOpen(false) : show())}
        testId={PREVIEW_TEST_IDS.exportButton}
        popup={{ kind: 'menu', expanded: open }}
      >
        {t('exportMenu')}
      </Button>
      {open ? (
        <div className={`export-menu-list align-${align}`} role="menu" aria-label={t('exportMenu')} ref={menu} onKeyDown={onMenuKey} data-testid={PREVIEW_TEST_IDS.exportMenu}>
          {choices(copy).map((c) => (
            <button
              key={c.format}
              type="button"
              role="menuitem"
              className="export-menu-item"
              data-testid={PREVIEW_TEST_IDS.exportItem}
              data-format={c.format}
              onClick={() => {
                close(true);
                onExport(c.format);
              }}
            >
              <span className="export-menu-label">{c.label}</span>
              <span className="export-menu-detail">{c.detail}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
