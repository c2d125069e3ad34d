// Moving focus to something that has just been rendered. A virtual list lays new items out hidden
// first, and hidden elements cannot take focus, so this retries for a few frames until it sticks.
import { useEffect, useLayoutEffect, useRef } from 'react';

const MAX_FRAMES = 30;

/** Focuses the element `find` returns, once it can take focus; gives up after ~half a second. */
export function focusSoon(find: () => HTMLElement | null | undefined): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = (): void => {
    const target = find();
    if (target) {
      target.focus();
      const active = document.activeElement;
      if (active && (active === target || target.contains(active) || active.shadowRoot?.activeElement)) return;
    }
    if (++tries < MAX_FRAMES) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** True when a focused element can no longer hold the focus: taken out of the page, or disabled. */
function cannotHoldFocus(el: Element): boolean {
  return !el.isConnected || el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';
}

/**
 * Keeps the focus from falling to the page when what held it goes away (the Stop button when a
 * reply ends, a closed list, a card's buttons once answered): after each render of the panel, if
 * the element last focused can no longer hold the focus and nothing else has it, `fallback` gets it.
 * A pointer press or a blur of an element that could keep the focus forgets it: a click on plain
 * text leaves the focus where the teacher put it. Nothing happens while another part of VS Code
 * has the focus.
 */
export function useFocusRescue(fallback: () => HTMLElement | null | undefined): void {
  const last = useRef<Element | null>(null);
  useEffect(() => {
    const onFocusIn = (e: FocusEvent): void => {
      last.current = e.target instanceof Element ? e.target : null;
    };
    const onPointerDown = (): void => {
      last.current = null;
    };
    // Focus given up on purpose (blur, or to another part of VS Code) by an element that could keep it.
    const onFocusOut = (e: FocusEvent): void => {
      const from = e.target;
      if (e.relatedTarget !== null || !(from instanceof Element)) return;
      requestAnimationFrame(() => {
        if (last.current === from && !cannotHoldFocus(from)) last.current = null;
      });
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);
  // Checked a frame after each commit: a button disabled in the commit loses the focus only when
  // the browser next updates the page.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => {
      const lost = last.current;
      if (!lost || !document.hasFocus() || (document.activeElement && document.activeElement !== document.body)) return;
      if (!cannotHoldFocus(lost)) return;
      last.current = null;
      focusSoon(fallback);
    });
    return () => cancelAnimationFrame(frame);
  });
}
