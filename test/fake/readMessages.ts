// What the model read of a request the fake received: its messages without cache breakpoints
// (they mark where to cache, not what was read), to compare one request's start with another's.
import * as assert from 'node:assert/strict';
import type { FakeAnthropic } from './fakeAnthropic';

export function readMessages(fake: FakeAnthropic, index: number): unknown[] {
  const body = fake.requests[index]?.body as { messages: Record<string, unknown>[] } | undefined;
  assert.ok(body, `request #${index} was received`);
  return JSON.parse(JSON.stringify(body.messages, (k, v: unknown) => (k === 'cache_control' ? undefined : v))) as unknown[];
}
