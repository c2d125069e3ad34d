// Moving focus to something that has just been rendered. A virtual list lays new items out hidden
// first, and hidden elements cannot take focus, so this retries for a few frames until it sticks.
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
