// The conversation as a virtual list: a 2,000-message session mounts only what is on screen.
// Opens at the newest message and follows a growing reply while the user is at the bottom; a
// message the user sends brings them back to the bottom, wherever they had scrolled.
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { Virtuoso } from 'react-virtuoso';
import type { BranchView, ChatItem } from '../../../src/shared/view';
import type { UiState } from '../state/uiState';
import { ChatItemView } from './Messages';

interface Props {
  items: ChatItem[];
  ui: UiState;
  locale?: string | undefined;
  /** Nothing can be restored or edited now (a reply is running, the session is read-only). */
  locked: boolean;
  branches?: readonly BranchView[] | undefined;
}

/** The branches by the reply they left after. */
function forksByTurn(branches: readonly BranchView[] | undefined): Map<string, BranchView[]> {
  const out = new Map<string, BranchView[]>();
  for (const b of branches ?? []) if (b.afterTurn) out.set(b.afterTurn, [...(out.get(b.afterTurn) ?? []), b]);
  return out;
}

function itemKey(_index: number, item: ChatItem): string {
  return `${item.kind}:${item.id}`;
}

/** A scroll within this long after a wheel, touch, key or pointer press is the user's doing. */
const USER_SCROLL_MS = 1000;
const USER_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/** The id of the newest message the user sent. */
function lastUserId(items: readonly ChatItem[]): string | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.kind === 'user') return item.id;
  }
  return undefined;
}

export function MessageList({ items, ui, locale, locked, branches }: Props): ReactNode {
  const list = useRef<VirtuosoHandle>(null);
  // Stay pinned to the newest text until the user scrolls away, and again once they come back.
  const stick = useRef(true);
  const userActed = useRef(0);
  const lastIndex = items.length - 1;

  // Sending is a request to see the answer: a new message of the user's pins the list again.
  const newestUser = lastUserId(items);
  const seenUser = useRef(newestUser);
  useEffect(() => {
    if (newestUser === seenUser.current) return;
    seenUser.current = newestUser;
    stick.current = true;
    list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [newestUser]);

  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    if (!(el instanceof HTMLElement)) return;
    const mark = (): void => {
      userActed.current = Date.now();
    };
    for (const type of USER_EVENTS) el.addEventListener(type, mark, { passive: true });
  }, []);

  const onAtBottom = useCallback((bottom: boolean) => {
    if (bottom) stick.current = true;
    else if (Date.now() - userActed.current < USER_SCROLL_MS) stick.current = false;
  }, []);

  // Virtuoso follows new items by itself; a reply or a card growing in place needs a nudge.
  const onHeight = useCallback(() => {
    if (stick.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, []);

  const forks = useMemo(() => forksByTurn(branches), [branches]);
  const content = useCallback(
    (index: number, item: ChatItem): ReactNode =>
      item.kind === 'user' ? (
        <ChatItemView item={item} locked={locked} />
      ) : (
        <ChatItemView item={item} ui={{ expanded: !!ui.expanded[item.id], cards: ui.cards, decided: ui.decided, isLast: index === lastIndex, locale, forks: forks.get(item.id) }} />
      ),
    [ui.expanded, ui.cards, ui.decided, lastIndex, locale, locked, forks],
  );

  return (
    <Virtuoso
      ref={list}
      className="message-list"
      data={items}
      computeItemKey={itemKey}
      itemContent={content}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      followOutput={(bottom) => (bottom || stick.current ? 'auto' : false)}
      atBottomStateChange={onAtBottom}
      totalListHeightChanged={onHeight}
      scrollerRef={scrollerRef}
      atBottomThreshold={48}
      increaseViewportBy={{ top: 400, bottom: 200 }}
      role="log"
      aria-live="off"
    />
  );
}
